import { beforeEach, describe, expect, it } from 'vitest'

import { allocateFileIds } from '../../../../netlify/server/records/id-counter'
import { pageValidatorsOf } from '../../../../netlify/server/records/record-pages'
import { operateOnRecords } from '../../../../netlify/server/records/record-shards'
import { MemoryByteStore } from '../../../../netlify/server/storage/byte-store'
import type { ListedDocument } from '../../../../netlify/server/storage/document-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { replaceDocumentStore } from '../../../../netlify/server/store'
import { pageCountOf, pageShards } from '../../../../src/contract/media-pages'
import { mediaPageValidatorsSchema } from '../../../../src/contract/media-pages-schema'
import { routeToFunction } from '../../../support/function-router'
import { listedRecord } from '../../../support/listed-record'

/**
 * `GET /api/media-pages?validators` through its real handler over an in-memory store: every page's ETag
 * in one answer, each the one that page's own GET gives.
 */
let store: MemoryDocumentStore

beforeEach(() => {
  store = new MemoryDocumentStore()
  replaceDocumentStore(store, new MemoryByteStore())
})

async function seed(ids: readonly number[], title = ''): Promise<void> {
  await allocateFileIds(store, Math.max(0, ...ids))
  await operateOnRecords(store, ids, (_current, id) => ({
    record: listedRecord(id, title === '' ? {} : { title: `${title} ${String(id)}` }),
    result: null,
  }))
}

async function remove(ids: readonly number[]): Promise<void> {
  await operateOnRecords(store, ids, () => ({ record: null, result: null }))
}

async function get(query: string, headers: Record<string, string> = {}): Promise<Response> {
  const answer = await routeToFunction(new Request(`http://localhost/api/media-pages?${query}`, { headers }))
  if (!answer) throw new Error('no function serves /api/media-pages')
  return answer
}

async function validators() {
  const answer = await get('validators')
  expect(answer.status).toBe(200)
  return { ...mediaPageValidatorsSchema.parse(await answer.json()), etag: answer.headers.get('etag') ?? '' }
}

/** Each page's ETag as its own GET answers it. */
async function pageEtags(count: number): Promise<string[]> {
  const etags: string[] = []
  for (let page = 0; page < count; page++) {
    const answer = await get(`shards=${pageShards(page)}`)
    expect(answer.status).toBe(200)
    etags.push(answer.headers.get('etag') ?? '')
  }
  return etags
}

async function expectSameAsPages(): Promise<string[]> {
  const answer = await validators()
  expect(answer.etags).toHaveLength(pageCountOf(answer.shard_count))
  expect(answer.etags).toEqual(await pageEtags(answer.etags.length))
  return answer.etags
}

describe('GET /api/media-pages?validators', () => {
  it('counts only shard documents: a stray key under records/ changes no page and no count', async () => {
    await seed([1, 2_500])
    const before = await validators()
    await store.write('records/Infinity', { records: [] }, { ifNew: true })
    await store.write('records/notes', 'not a shard', { ifNew: true })
    const after = await validators()
    expect(after.shard_count).toBe(before.shard_count)
    expect(after.etags).toEqual(before.etags)
    expect(await expectSameAsPages()).toEqual(before.etags)
  })

  it('gives each page exactly the ETag its own GET gives, as shards change, appear and are emptied', async () => {
    expect(await expectSameAsPages()).toHaveLength(2)
    await seed([1, 2_500, 30_000, 80_000])
    const before = await expectSameAsPages()
    expect(before).toHaveLength(pageCountOf(161))

    // A change in one shard changes that page's ETag alone.
    await seed([30_001], 'Changed')
    const changed = await expectSameAsPages()
    expect(changed.map((etag, page) => etag === before[page])).toEqual([true, true, false, true, true])

    // A shard far out adds pages, and changes the first page's ETag, which answers the shard count.
    await seed([260_000])
    const grown = await expectSameAsPages()
    expect(grown).toHaveLength(pageCountOf(521))
    expect(grown[0]).not.toBe(changed[0])
    expect(grown[1]).toBe(changed[1])

    // An emptied shard stays listed: its page changes, the layout does not.
    await remove([80_000])
    const emptied = await expectSameAsPages()
    expect(emptied).toHaveLength(grown.length)
    expect(emptied[4]).not.toBe(grown[4])

    // A shard gone altogether shrinks the grid.
    await store.remove('records/000520')
    const shrunk = await expectSameAsPages()
    expect(shrunk).toHaveLength(pageCountOf(161))
  })

  it('answers 304 to its own ETag until any page changes', async () => {
    await seed([1, 30_000])
    const first = await validators()
    const notModified = await get('validators', { 'If-None-Match': first.etag })
    expect(notModified.status).toBe(304)
    expect(notModified.headers.get('etag')).toBe(first.etag)
    expect(notModified.headers.get('cache-control')).toBe('no-cache')
    expect(await notModified.text()).toBe('')
    // A page's own ETag is not the validators'.
    expect((await get('validators', { 'If-None-Match': first.etags[0] ?? '' })).status).toBe(200)

    await seed([30_000], 'Renamed')
    const changed = await get('validators', { 'If-None-Match': first.etag })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(first.etag)
  })

  it('refuses a value or another parameter beside it, as a bad range is refused', async () => {
    for (const query of [
      'validators=1',
      'validators&shards=0-3',
      'validators&validators',
      `validators=${'9'.repeat(10_000)}`,
    ]) {
      const answer = await get(query)
      expect(answer.status, query).toBe(400)
      expect(await answer.json()).toEqual({
        error: 'validators takes no value and no other parameter: ask for ?validators alone',
      })
    }
  })

  it('answers a 1,000,000-record listing (2,000 shards) in a few KB', () => {
    const shards: ListedDocument[] = Array.from({ length: 2_000 }, (_, index) => ({
      key: `records/${String(index).padStart(6, '0')}`,
      etag: `"${'e'.repeat(32)}${String(index)}"`,
    }))
    const started = performance.now()
    const answer = pageValidatorsOf(shards)
    const took = performance.now() - started
    expect(answer.etags).toHaveLength(41)
    const bytes = JSON.stringify(answer).length
    expect(bytes).toBeLessThan(2_000)
    // Hashing 2,000 listed shards is a millisecond or two; the list() itself is the cost.
    expect(took).toBeLessThan(500)
  })
})
