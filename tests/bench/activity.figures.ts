/**
 * The activity log's listing at 100,000 events over 20 days (5,000 a day, in memory): what one call of
 * `GET /api/activity` costs and what reaching the end of the log costs, with no filter, a rare action
 * and an actor who did nothing (decision 0075). Prints a table; asserts nothing, and has no baseline:
 * compare its figures with those in 0075.
 *
 *   node_modules/.bin/node tests/bench/activity.figures.ts
 *
 * "Keys listed" counts the keys `list()` answered, the work a listing does on Blobs (1,000 keys a page).
 */
import { resolve } from 'node:path'

import type { ActivityAction } from '../../src/contract/activity.ts'
import type { ActivityListQuery } from '../../netlify/server/activity/activity-log.ts'
import { loadBundled } from './lib/in-process.ts'
import { timed } from './lib/figures.ts'

type Log = typeof import('./lib/activity-entry.ts')

const EVENTS = 100_000
const DAYS = 20
/** One event in this many is the rare action. */
const RARE_EVERY = 2_000

const log = await loadBundled<Log>(resolve(import.meta.dirname, 'lib', 'activity-entry.ts'), 'activity')
const store = new log.MemoryDocumentStore()
let keysListed = 0
let listCalls = 0
const list = store.list.bind(store)
store.list = async (prefix) => {
  const listed = await list(prefix)
  keysListed += listed.length
  listCalls += 1
  return listed
}

const now = Date.now()
const start = now - DAYS * 86_400_000
const seeded = await timed(async () => {
  for (let i = 0; i < EVENTS; i += 1) {
    const action: ActivityAction = i % RARE_EVERY === 0 ? 'token.created' : 'file.updated'
    await log.appendActivity(store, {
      action,
      file_ids: [],
      actor: { type: 'person', id: `p_${String(i % 7)}`, name: `Person ${String(i % 7)}` },
      at: new Date(start + Math.floor((i * DAYS * 86_400_000) / EVENTS)),
    })
  }
})
console.log(`${EVENTS.toLocaleString('en')} events appended in ${(seeded.ms / 1000).toFixed(1)} s`)

interface Row {
  listing: string
  'first call ms': number
  'first call keys': number
  'first call events': number
  calls: number
  'to the end ms': number
  'keys listed': number
  'list calls': number
  events: number
}

/** The first call alone, then every call following `next_cursor` until it is null. */
async function measure(
  listing: string,
  query: Omit<ActivityListQuery, 'cursor'>,
  toTheEnd = true,
): Promise<Row> {
  keysListed = 0
  listCalls = 0
  const first = await timed(() => log.listActivity(store, query, 365, new Date(now)))
  const firstKeys = keysListed
  let calls = 1
  let events = first.value.events.length
  let cursor = toTheEnd ? first.value.next_cursor : null
  const rest = await timed(async () => {
    while (cursor !== null) {
      const page = await log.listActivity(store, { ...query, cursor }, 365, new Date(now))
      calls += 1
      events += page.events.length
      cursor = page.next_cursor
    }
  })
  return {
    listing,
    'first call ms': Math.round(first.ms),
    'first call keys': firstKeys,
    'first call events': first.value.events.length,
    calls,
    'to the end ms': Math.round(first.ms + rest.ms),
    'keys listed': keysListed,
    'list calls': listCalls,
    events,
  }
}

const rows: Row[] = []
// The whole log's walk to the end is not the point: the screen asks for one page, then one more on request.
rows.push(await measure('no filter, first page only', {}, false))
rows.push(
  await measure(`a rare action (1 in ${RARE_EVERY.toLocaleString('en')})`, { action: 'token.created' }),
)
rows.push(await measure('an actor who did nothing', { actor: 'p_nobody' }))
console.table(rows)
