import {
  activityEventSchema,
  type ActivityAction,
  type ActivityActor,
  type ActivityEvent,
  type ActivityQuery,
} from '../../../src/contract/activity'
import { ACTIVITY_LIMITS } from '../../../src/contract/activity-limits'
import { LIMITS } from '../../../src/contract/limits'
import * as z from 'zod'

import { shardIndexOf } from '../records/record-shards'
import type { DocumentStore } from '../storage/document-store'
import { randomText } from '../webhooks/random-ids'
import { actingActor } from './acting-actor'

/**
 * The activity log's storage (decision 0075). Each event is its own small document, written once under
 * a fresh key, so appends never rewrite a shared object and concurrent writers never lose one:
 *
 * - `activity/{UTC day}/{id}~{action}~{actor type}~{actor id}`: the event. An id is the time inverted
 *   (13 digits) and 8 random characters, so a day's keys list newest first, and the filters on action
 *   and actor read only the keys;
 * - `activity-days/{UTC day}`: written once a day (`ifNew`), so a listing finds the days without
 *   asking for each of the retention's days;
 * - `activity-files/{file id}/{id}`: the event again, under each file it names, when it names at most
 *   `FILE_COPIES_UP_TO` files: a file's history is one listing of its own prefix;
 * - `activity-shards/{record shard}/{id}`: for an event naming more (a bulk change), one pointer per
 *   record shard its files fall in, `{ key, file_ids }` with the files of that shard: a batch call
 *   touches at most 25 shards (decision 0058), so a bulk change of 500 files is a few writes, not 500.
 *   A file's history reads its shard's pointers beside its own prefix.
 */

const EVENTS = 'activity/'
const DAYS = 'activity-days/'
const FILES = 'activity-files/'
const SHARDS = 'activity-shards/'
/** An event naming at most this many files is copied under each; one naming more is indexed by shard. */
export const FILE_COPIES_UP_TO = 10
const LATEST = 9_999_999_999_999

/** What a service or handler says happened; the actor is the running request's unless given. */
export interface ActivityEntry {
  action: ActivityAction
  file_ids?: readonly number[]
  detail?: Record<string, unknown>
  actor?: ActivityActor
  at?: Date
}

/**
 * What one listing of the whole log may scan before it answers: it stops after the day that takes it to
 * `keys` keys listed, or after `days` days, and answers the events found so far (perhaps none) with a
 * cursor past the last day it scanned. A filter that matches little costs each call this much, never
 * every kept day at once.
 */
export const SCAN_BUDGET: ScanBudget = { keys: 10_000, days: 31 }
export interface ScanBudget {
  readonly keys: number
  readonly days: number
}

/** A listing's filters and cursor (`GET /api/activity`'s query), the page size and the scan's budget. */
export type ActivityListQuery = ActivityQuery & { limit?: number; budget?: ScanBudget }

const dayOf = (at: Date) => at.toISOString().slice(0, 10)
let lastIdTime = 0

/**
 * A new event's id. Within one instance, an event in the same millisecond as the one before (or a
 * moment before it) takes the next millisecond, so one request's events list in the order they
 * happened; two instances' events of one millisecond fall in random order. The step is from the
 * event before, not the latest time ever seen: after an event stamped a while ahead (or behind), the
 * next ones keep their order among themselves.
 */
function newEventId(at: Date): string {
  const time = at.getTime()
  const idTime = time <= lastIdTime && lastIdTime - time < 1000 ? lastIdTime + 1 : time
  lastIdTime = idTime
  return `${String(LATEST - idTime).padStart(13, '0')}-${randomText(8)}`
}
const timeOfId = (id: string) => new Date(LATEST - Number(id.slice(0, 13)))
/**
 * The greatest id a day's events can have (its first millisecond, the last random text): every id of
 * that day is at most this, every id of the days before greater. A cursor past a scanned day.
 */
const lastIdOfDay = (day: string) =>
  `${String(LATEST - Date.parse(`${day}T00:00:00.000Z`)).padStart(13, '0')}-zzzzzzzz`

function eventKey(event: ActivityEvent): string {
  return `${EVENTS}${event.at.slice(0, 10)}/${event.id}~${event.action}~${event.actor.type}~${event.actor.id}`
}

/** The id, action and actor id a key of `activity/` names. */
function parseEventKey(key: string): { day: string; id: string; action: string; actor: string } {
  const [day = '', tail = ''] = key.slice(EVENTS.length).split('/', 2)
  const [id = '', action = '', , ...actor] = tail.split('~')
  return { day, id, action, actor: actor.join('~') }
}

/** Days already marked in each store by this instance: the day's `ifNew` write happens once a day. */
const markedDays = new WeakMap<DocumentStore, Set<string>>()

/**
 * Appends one event: its own document, its day's mark (once), and a copy under each file it names.
 * Answers the event as stored.
 */
export async function appendActivity(store: DocumentStore, entry: ActivityEntry): Promise<ActivityEvent> {
  const at = entry.at ?? new Date()
  const event: ActivityEvent = {
    id: newEventId(at),
    at: at.toISOString(),
    actor: entry.actor ?? actingActor(),
    action: entry.action,
    file_ids: [...(entry.file_ids ?? [])],
    detail: entry.detail ?? {},
  }
  const day = dayOf(at)
  // The day's mark first: an event is never stored where a listing would not look for it.
  const marked = markedDays.get(store) ?? new Set<string>()
  if (!marked.has(day)) {
    await store.write(`${DAYS}${day}`, { day }, { ifNew: true })
    markedDays.set(store, marked.add(day))
  }
  const key = eventKey(event)
  await store.write(key, event, { ifNew: true })
  await Promise.all(
    event.file_ids.length <= FILE_COPIES_UP_TO
      ? event.file_ids.map((fileId) =>
          store.write(`${FILES}${String(fileId)}/${event.id}`, event, { ifNew: true }),
        )
      : [...filesByShard(event.file_ids)].map(([shard, fileIds]) =>
          store.write(`${SHARDS}${String(shard)}/${event.id}`, { key, file_ids: fileIds }, { ifNew: true }),
        ),
  )
  return event
}

function filesByShard(fileIds: readonly number[]): Map<number, number[]> {
  const byShard = new Map<number, number[]>()
  for (const fileId of fileIds) {
    const shard = shardIndexOf(fileId)
    byShard.set(shard, [...(byShard.get(shard) ?? []), fileId])
  }
  return byShard
}

const shardPointerSchema = z.object({ key: z.string(), file_ids: z.array(z.number()) })

/**
 * The keys of a file's events newer than the cursor, newest first, at most `limit + 1`: its own copies,
 * and the bulk events its shard's pointers name it in (read in batches, newest first, until enough).
 */
async function fileEventKeys(
  store: DocumentStore,
  fileId: number,
  keep: (id: string) => boolean,
  limit: number,
): Promise<{ id: string; key: string }[]> {
  const own = `${FILES}${String(fileId)}/`
  const shard = `${SHARDS}${String(shardIndexOf(fileId))}/`
  const candidates = [
    ...(await store.list(own)).map(({ key }) => ({ id: key.slice(own.length), key, pointer: false })),
    ...(await store.list(shard)).map(({ key }) => ({ id: key.slice(shard.length), key, pointer: true })),
  ]
    .filter(({ id }) => keep(id))
    .sort((a, b) => (a.id < b.id ? -1 : 1))
  const found: { id: string; key: string }[] = []
  for (let at = 0; at < candidates.length && found.length <= limit; at += POINTER_READS) {
    const batch = candidates.slice(at, at + POINTER_READS)
    const read = await Promise.all(
      batch.map((each) => (each.pointer ? store.read(each.key) : Promise.resolve(null))),
    )
    batch.forEach((each, index) => {
      if (!each.pointer) return found.push({ id: each.id, key: each.key })
      const pointer = shardPointerSchema.safeParse(read[index]?.value).data
      if (pointer?.file_ids.includes(fileId)) found.push({ id: each.id, key: pointer.key })
      return undefined
    })
  }
  return found
}

/** How many of a shard's pointers a file's history reads at once. */
const POINTER_READS = 20

/** The oldest day kept, given the retention in days. */
function firstKeptDay(now: Date, retentionDays: number): string {
  return dayOf(new Date(now.getTime() - retentionDays * 86_400_000))
}

async function readEvents(store: DocumentStore, keys: readonly string[]): Promise<ActivityEvent[]> {
  const read = await Promise.all(keys.map((key) => store.read(key)))
  return read.flatMap((document) => {
    const parsed = activityEventSchema.safeParse(document?.value)
    return parsed.success ? [parsed.data] : []
  })
}

/**
 * A page of events, newest first, matching every filter given; `cursor` is the `next_cursor` of the
 * page before. A file's history reads its own prefix; the whole log goes back day by day from the
 * cursor, filtering on the keys and reading only the page's events, until it has a page or has spent
 * its scan's budget: then the page holds what it found, and `next_cursor` is past the last day scanned.
 * A page stops short once its events' JSON would pass `bytes` (what a function may answer, less room),
 * with `next_cursor` at its last event.
 */
export async function listActivity(
  store: DocumentStore,
  query: ActivityListQuery,
  retentionDays: number,
  now = new Date(),
  bytes: number = LIMITS.bufferedAnswerBytes,
): Promise<{ events: ActivityEvent[]; next_cursor: string | null }> {
  const limit = query.limit ?? ACTIVITY_LIMITS.pageSize
  const cursor = query.cursor
  const oldest = firstKeptDay(now, retentionDays)
  const after = (id: string) => cursor === undefined || id > cursor
  const keep = (id: string) => after(id) && dayOf(timeOfId(id)) >= oldest
  const { found: candidates, stoppedAfter } =
    query.file_id === undefined
      ? await scanDays(store, query, limit, oldest, after)
      : { found: await fileEventKeys(store, query.file_id, keep, limit), stoppedAfter: undefined }

  const found = candidates.sort((a, b) => (a.id < b.id ? -1 : 1)).slice(0, limit + 1)
  const page = found.slice(0, limit)
  let events = await readEvents(
    store,
    page.map(({ key }) => key),
  )
  // A file's copies carry the whole event: the other filters hold on them after reading.
  if (query.action !== undefined) events = events.filter((event) => event.action === query.action)
  if (query.actor !== undefined) events = events.filter((event) => event.actor.id === query.actor)
  const fitting = eventsWithin(events, bytes)
  if (fitting.length < events.length) {
    return { events: fitting, next_cursor: fitting.at(-1)?.id ?? null }
  }
  const last = page.at(-1)
  const next = found.length > limit && last ? last.id : stoppedAfter && lastIdOfDay(stoppedAfter)
  return { events, next_cursor: next ?? null }
}

/**
 * The first of `events` whose JSON fits in `bytes` (at least one, so a page always moves on): the rest
 * are the next page's. An event is at most about 150 KB (change-activity.ts keeps that much of a change),
 * so a page holds 25 of them at the least.
 */
function eventsWithin(events: readonly ActivityEvent[], bytes: number): ActivityEvent[] {
  let used = 0
  const fitting: ActivityEvent[] = []
  for (const event of events) {
    used += Buffer.byteLength(JSON.stringify(event)) + 1
    if (used > bytes && fitting.length > 0) break
    fitting.push(event)
  }
  return fitting
}

/**
 * The whole log's keys after the cursor that match the filters, day by day newest first, until more
 * than `limit` are found or the scan's budget is spent; `stoppedAfter` is the last day scanned when
 * older kept days were left unscanned with no more than `limit` found.
 */
async function scanDays(
  store: DocumentStore,
  query: ActivityListQuery,
  limit: number,
  oldest: string,
  after: (id: string) => boolean,
): Promise<{ found: { id: string; key: string }[]; stoppedAfter?: string }> {
  const budget = query.budget ?? SCAN_BUDGET
  const days = (await store.list(DAYS))
    .map(({ key }) => key.slice(DAYS.length))
    .filter((day) => day >= oldest && after(lastIdOfDay(day)))
    .sort()
    .reverse()
  const found: { id: string; key: string }[] = []
  let keysListed = 0
  for (const [index, day] of days.entries()) {
    const listed = await store.list(`${EVENTS}${day}/`)
    for (const { key } of listed) {
      const parsed = parseEventKey(key)
      if (!after(parsed.id)) continue
      if (query.action !== undefined && parsed.action !== query.action) continue
      if (query.actor !== undefined && parsed.actor !== query.actor) continue
      found.push({ id: parsed.id, key })
    }
    keysListed += listed.length
    if (found.length > limit) break
    const spent = keysListed >= budget.keys || index + 1 >= budget.days
    if (spent && index + 1 < days.length) return { found, stoppedAfter: day }
  }
  return { found }
}

/**
 * Removes the days older than the retention (the hourly cleanup calls it): each event, its copies
 * under its files, then the day's mark, so a removal cut short is taken up again next hour.
 * Answers how many events went.
 */
export async function removeExpiredActivity(
  store: DocumentStore,
  retentionDays: number,
  now = new Date(),
): Promise<number> {
  const oldest = firstKeptDay(now, retentionDays)
  let removed = 0
  for (const { key: dayKey } of await store.list(DAYS)) {
    const day = dayKey.slice(DAYS.length)
    if (day >= oldest) continue
    const keys = (await store.list(`${EVENTS}${day}/`)).map(({ key }) => key)
    for (const event of await readEvents(store, keys)) {
      const copies =
        event.file_ids.length <= FILE_COPIES_UP_TO
          ? event.file_ids.map((fileId) => `${FILES}${String(fileId)}/${event.id}`)
          : [...filesByShard(event.file_ids).keys()].map((shard) => `${SHARDS}${String(shard)}/${event.id}`)
      await Promise.all(copies.map((copy) => store.remove(copy)))
    }
    await Promise.all(keys.map((key) => store.remove(key)))
    await store.remove(dayKey)
    markedDays.get(store)?.delete(day)
    removed += keys.length
  }
  return removed
}

/**
 * Appends `entry` for a change the caller has already stored (a sign-in, a person, a token, a share):
 * a failure is logged and goes no further, as a change event's listener's does (`events/announce.ts`).
 */
export async function noteActivity(store: DocumentStore, entry: ActivityEntry): Promise<void> {
  await appendActivity(store, entry).catch((error: unknown) => {
    console.error('A change was stored, but recording it in the activity log failed', error)
  })
}
