import { describe, expect, it } from 'vitest'

import { actAs } from '../../../../netlify/server/activity/acting-actor'
import {
  type ActivityListQuery,
  appendActivity,
  listActivity,
  removeExpiredActivity,
} from '../../../../netlify/server/activity/activity-log'
import type { DocumentStore } from '../../../../netlify/server/storage/document-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import type { ActivityEvent } from '../../../../src/contract/activity'
import type { Actor } from '../../../../src/contract/roles'
import { freshStoreForEachTest, STORE_KINDS } from '../../../support/stores'

const ADA: Actor = { type: 'person', id: 'p_ada', name: 'Ada', role: 'editor' }
const CI_TOKEN: Actor = { type: 'token', id: 't_ci', name: 'CI deploys', role: 'editor', owner_id: 'p_ada' }
const DAY = 86_400_000

/** Every event the log holds under `query`, following the cursor page by page. */
async function everyEvent(
  store: DocumentStore,
  query: Omit<ActivityListQuery, 'cursor'> = {},
): Promise<ActivityEvent[]> {
  const events: ActivityEvent[] = []
  let cursor: string | undefined
  do {
    const page = await listActivity(store, { ...query, cursor }, 365)
    events.push(...page.events)
    cursor = page.next_cursor ?? undefined
  } while (cursor !== undefined)
  return events
}

describe('the activity log', () => {
  it('records the running request’s actor, or the system outside any request', async () => {
    const store = new MemoryDocumentStore()
    const at = (seconds: number) => new Date(Date.now() + seconds * 1000)
    await actAs(ADA, () => appendActivity(store, { action: 'file.deleted', file_ids: [4], at: at(0) }))
    await actAs(CI_TOKEN, () => appendActivity(store, { action: 'file.restored', file_ids: [4], at: at(1) }))
    await appendActivity(store, { action: 'file.purged', file_ids: [4], at: at(2) })
    const events = await everyEvent(store)
    expect(events.map((event) => [event.action, event.actor])).toEqual([
      ['file.purged', { type: 'system', id: 'system', name: 'Scheduled task' }],
      ['file.restored', { type: 'token', id: 't_ci', name: 'CI deploys' }],
      ['file.deleted', { type: 'person', id: 'p_ada', name: 'Ada' }],
    ])
  })

  it('keeps one millisecond’s events in the order they were made, after an event stamped minutes ahead', async () => {
    const store = new MemoryDocumentStore()
    await appendActivity(store, {
      action: 'file.created',
      file_ids: [1],
      at: new Date(Date.now() + 5 * 60_000),
    })
    const now = new Date()
    const actions = ['file.updated', 'folder.created', 'file.moved', 'file.deleted'] as const
    for (const action of actions) await appendActivity(store, { action, file_ids: [2], at: now })
    const events = await everyEvent(store, { file_id: 2 })
    expect(events.map((event) => event.action)).toEqual([...actions].reverse())
  })

  it('pages newest first across days, and filters by actor, action and file', async () => {
    const store = new MemoryDocumentStore()
    const start = Date.now() - 3 * DAY
    for (let i = 0; i < 30; i += 1) {
      await actAs(i % 3 === 0 ? CI_TOKEN : ADA, () =>
        appendActivity(store, {
          action: i % 2 === 0 ? 'file.updated' : 'file.moved',
          file_ids: [i % 5],
          at: new Date(start + i * 2 * 3_600_000),
          detail: { n: i },
        }),
      )
    }
    const all = await everyEvent(store, { limit: 7 })
    expect(all.map((event) => event.detail.n)).toEqual([...Array(30).keys()].reverse())
    const first = await listActivity(store, { limit: 7 }, 365)
    expect(first.events).toHaveLength(7)
    expect(first.next_cursor).toBe(first.events[6]?.id)

    const byToken = await everyEvent(store, { actor: 't_ci', limit: 4 })
    expect(byToken.map((event) => event.detail.n)).toEqual([27, 24, 21, 18, 15, 12, 9, 6, 3, 0])
    const moves = await everyEvent(store, { action: 'file.moved', limit: 4 })
    expect(moves).toHaveLength(15)
    const history = await everyEvent(store, { file_id: 2, limit: 2 })
    expect(history.map((event) => event.detail.n)).toEqual([27, 22, 17, 12, 7, 2])
  })

  it('stops a filtered listing once its scan’s budget is spent, with a cursor past the days scanned', async () => {
    const store = new MemoryDocumentStore()
    // Six whole days before today, five events each at one in the morning.
    const start = Math.floor(Date.now() / DAY) * DAY - 6 * DAY + 3_600_000
    for (let day = 0; day < 6; day += 1)
      for (let i = 0; i < 5; i += 1)
        await actAs(day === 0 && i === 2 ? CI_TOKEN : ADA, () =>
          appendActivity(store, {
            action: 'file.updated',
            at: new Date(start + day * DAY + i * 60_000),
            detail: { n: day * 5 + i },
          }),
        )
    let dayListings = 0
    const list = store.list.bind(store)
    store.list = (prefix) => {
      if (prefix.startsWith('activity/')) dayListings += 1
      return list(prefix)
    }
    const budget = { keys: 8, days: 31 }
    const pages: ActivityEvent[][] = []
    let cursor: string | undefined
    do {
      dayListings = 0
      const page = await listActivity(store, { actor: 't_ci', cursor, budget }, 365)
      expect(dayListings).toBeLessThanOrEqual(2)
      pages.push(page.events)
      cursor = page.next_cursor ?? undefined
    } while (cursor !== undefined)
    expect(pages.map((events) => events.map((event) => event.detail.n))).toEqual([[], [], [2]])

    const oneDayACall = { keys: 1, days: 1 }
    const whole = await everyEvent(store, { limit: 7, budget: oneDayACall })
    expect(whole.map((event) => event.detail.n)).toEqual([...Array(30).keys()].reverse())
    const first = await listActivity(store, { actor: 'p_ada', limit: 7, budget: oneDayACall }, 365)
    expect(first.events).toHaveLength(5)
    expect(first.next_cursor).toMatch(/^\d{13}-zzzzzzzz$/)
  })

  it('names each file of a bulk change in its history', async () => {
    const store = new MemoryDocumentStore()
    await appendActivity(store, { action: 'file.deleted', file_ids: [1, 2, 3] })
    for (const id of [1, 2, 3])
      expect((await everyEvent(store, { file_id: id }))[0]?.file_ids).toEqual([1, 2, 3])
    expect(await everyEvent(store, { file_id: 4 })).toEqual([])
  })

  it('indexes a bulk change by record shard: 500 files in 2 shards are 3 writes, and each file finds it', async () => {
    const store = new MemoryDocumentStore()
    await appendActivity(store, { action: 'file.deleted', file_ids: [7] })
    const writes: string[] = []
    const write = store.write.bind(store)
    store.write = (key, value, condition) => {
      writes.push(key)
      return write(key, value, condition)
    }
    const bulk = Array.from({ length: 500 }, (_, index) => 251 + index)
    await appendActivity(store, { action: 'file.moved', file_ids: bulk })
    expect(writes.filter((key) => !key.startsWith('activity-days/'))).toHaveLength(1 + 2)
    for (const id of [251, 499, 500, 750])
      expect((await everyEvent(store, { file_id: id })).map((event) => event.action)).toEqual(['file.moved'])
    // A file of the same shard the bulk change did not name sees only its own events.
    expect((await everyEvent(store, { file_id: 7 })).map((event) => event.action)).toEqual(['file.deleted'])
    const later = new Date(Date.now() + 400 * DAY)
    expect(await removeExpiredActivity(store, 30, later)).toBe(2)
    expect(await store.list('activity-shards/')).toEqual([])
  })

  it('removes the days past the retention, with their copies under the files', async () => {
    const store = new MemoryDocumentStore()
    const now = new Date()
    await appendActivity(store, {
      action: 'file.deleted',
      file_ids: [1],
      at: new Date(now.getTime() - 40 * DAY),
    })
    await appendActivity(store, {
      action: 'file.restored',
      file_ids: [1],
      at: new Date(now.getTime() - 2 * DAY),
    })
    expect(await removeExpiredActivity(store, 30, now)).toBe(1)
    expect((await everyEvent(store)).map((event) => event.action)).toEqual(['file.restored'])
    expect((await store.list('activity-files/1/')).length).toBe(1)
    expect((await store.list('activity-days/')).length).toBe(1)
    expect(await removeExpiredActivity(store, 30, now)).toBe(0)
  })

  it('hides events past the retention even before the cleanup runs', async () => {
    const store = new MemoryDocumentStore()
    await appendActivity(store, {
      action: 'file.deleted',
      file_ids: [1],
      at: new Date(Date.now() - 10 * DAY),
    })
    expect((await listActivity(store, {}, 5)).events).toEqual([])
    expect((await listActivity(store, { file_id: 1 }, 5)).events).toEqual([])
  })
})

describe.each(STORE_KINDS)('concurrent appends (%s store)', (kind) => {
  const store = freshStoreForEachTest(kind)

  it('16 parallel changes lose no event', async () => {
    await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        actAs(ADA, () =>
          appendActivity(store(), { action: 'file.updated', file_ids: [7], detail: { n: i } }),
        ),
      ),
    )
    const events = await everyEvent(store(), { limit: 5 })
    expect(events.map((event) => event.detail.n).sort((a, b) => Number(a) - Number(b))).toEqual([
      ...Array(16).keys(),
    ])
    expect(await everyEvent(store(), { file_id: 7 })).toHaveLength(16)
  })
})
