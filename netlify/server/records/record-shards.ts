import * as z from 'zod'

import { LIMITS } from '../../../src/contract/limits'
import { SHARD_IDS, shardOfId } from '../../../src/contract/media-pages'
import { mediaRecordSchema, type MediaRecord } from '../../../src/contract/record'
import { CorruptDocumentError, type DocumentStore, type ListedDocument } from '../storage/document-store'
import { mutateDocument } from '../storage/mutate'
import { readNextFileId } from './id-counter'
import { bytesInWords, recordBytes, SHARD_BUDGET_WORDS, shardBytes, TRASH_MARK_BYTES } from './record-bytes'

/**
 * Records live in shard documents of `SHARD_IDS` consecutive ids (DESIGN section 5, the contract's one
 * constant, which the screen's pages count in too): listing reads one document per shard instead of one
 * per record, and writers of different shards never contend.
 */
export const SHARD_PREFIX = 'records/'

/**
 * `purged`: the ids of the shard deleted for good (purged from the trash), so a replayed create of one
 * of them can tell "deleted for good" from "not written yet" (decision 0032). At most `SHARD_IDS` ids.
 */
const shardSchema = z.object({ records: z.array(mediaRecordSchema), purged: z.array(z.int()).optional() })
type Shard = z.infer<typeof shardSchema>

export const shardIndexOf = shardOfId

export function shardKey(index: number): string {
  return `${SHARD_PREFIX}${String(index).padStart(6, '0')}`
}

export function shardIndexOfKey(key: string): number {
  return Number(key.slice(SHARD_PREFIX.length))
}

/** A key this code writes (`shardKey`): a stray key under the prefix must not count as a shard. */
const SHARD_KEY = /^records\/\d{1,15}$/

/**
 * Only the shard documents of a listing under `SHARD_PREFIX`: a stray key there (`records/Infinity`,
 * `records/notes`) would otherwise make the page count infinite or fail every sweep on its parse.
 */
export function onlyShards<T extends { key: string }>(listed: readonly T[]): T[] {
  return listed.filter(({ key }) => SHARD_KEY.test(key))
}

export function parseShard(key: string, value: unknown): Shard {
  const result = shardSchema.safeParse(value)
  if (!result.success) throw new CorruptDocumentError(`${key} is not a valid record shard`)
  return result.data
}

/**
 * What an operation does to one record: `record` is its new state (`null` deletes it, `undefined` leaves
 * it as it is), `result` what to report for it. `purged` with `record: null` deletes it for good: the
 * shard keeps its id among the purged, and no record is ever written under that id again.
 *
 * `overBudget` makes the write one a caller asked for, held to the shard's byte budget
 * (`LIMITS.shardBytes`, decision 0031): when the new state would grow the shard past it, the record is
 * left as it is and `overBudget(problem)` is reported instead, `problem` saying why in words. Without it
 * the write is the server's own bookkeeping (a trash mark, the mirror's state, a folder sweep), which is
 * bounded per record and always written.
 */
export interface RecordOutcome<R> {
  record?: MediaRecord | null
  purged?: true
  result: R
  overBudget?: (problem: string) => R
}

/** The first and last id of shard `index`. */
export function idsOfShard(index: number): { first: number; last: number } {
  return { first: index * SHARD_IDS, last: (index + 1) * SHARD_IDS - 1 }
}

/** Why record `id` cannot grow by `growth` bytes where it is stored. */
export function shardFullProblem(id: number, growth: number): string {
  const { first, last } = idsOfShard(shardIndexOf(id))
  return (
    `File ${String(id)} cannot grow by ${bytesInWords(growth)}: it is stored with files ${String(first)}-` +
    `${String(last)}, which together may take at most ${SHARD_BUDGET_WORDS} and are nearly there. ` +
    'Make the change smaller, or shorten the text of some of those files first.'
  )
}

/**
 * `position` is the index of this id in the caller's list, so an operation can find its own input;
 * `purged`, whether the id's record was deleted for good (then `current` is undefined).
 */
export type RecordOperation<R> = (
  current: MediaRecord | undefined,
  id: number,
  position: number,
  purged: boolean,
) => RecordOutcome<R>

const SHARDS_IN_PARALLEL = 4

/**
 * Whether the record is in the trash. A trashed record stays in its shard (so trashing costs one write
 * per shard, like the permanent delete it replaces), but only the trash's own operations see it.
 */
export function isTrashed(record: MediaRecord): boolean {
  return record.deleted_at !== undefined
}

/**
 * Runs `operate` on each live record of `ids`, one compare-and-swap per shard touched, and returns the
 * results in the order of `ids`. Ids repeated in `ids` are operated on in turn. A trashed record is
 * absent here: `operate` sees `undefined`, and whatever it returns for that id is not written, so no
 * operation on live records can change or overwrite the trash.
 */
export function operateOnRecords<R>(
  store: DocumentStore,
  ids: readonly number[],
  operate: RecordOperation<R>,
): Promise<R[]> {
  return operateOnStoredRecords(store, ids, (current, id, position, purged) => {
    if (current === undefined || !isTrashed(current)) return operate(current, id, position, purged)
    return { result: operate(undefined, id, position, purged).result }
  })
}

/**
 * As `operateOnRecords`, but `operate` sees every stored record, trashed or not: for the trash itself.
 *
 * What a call costs is bounded by the shards that can hold records, not by the ids asked for: each
 * distinct shard is read (and written) at most once, however many of `ids` fall in it, and when `ids`
 * span several shards the id counter is read first, and shards wholly at or past its `next` are not
 * read at all. Those ids were never given out: `operate` sees undefined, and nothing is written for
 * them. (A call within one shard reads that shard straight away: one read either way.)
 */
export async function operateOnStoredRecords<R>(
  store: DocumentStore,
  ids: readonly number[],
  operate: RecordOperation<R>,
): Promise<R[]> {
  const positionsByShard = new Map<number, number[]>()
  ids.forEach((id, position) => {
    const index = shardIndexOf(id)
    const positions = positionsByShard.get(index)
    if (positions) positions.push(position)
    else positionsByShard.set(index, [position])
  })
  const results = new Array<R>(ids.length)
  const nextId = positionsByShard.size > 1 ? await readNextFileId(store) : Infinity
  const stored = [...positionsByShard].filter(([index, positions]) => {
    if (index * SHARD_IDS < nextId) return true
    for (const position of positions) {
      results[position] = operate(undefined, ids[position] ?? 0, position, false).result
    }
    return false
  })
  await forEachLimited(stored, SHARDS_IN_PARALLEL, async ([index, positions]) => {
    const key = shardKey(index)
    const shardResults = await mutateDocument(
      store,
      key,
      (value) => parseShard(key, value),
      (shard) => operateOnShard(shard, ids, positions, operate),
    )
    positions.forEach((position, i) => (results[position] = shardResults[i] as R))
  })
  return results
}

function operateOnShard<R>(
  shard: Shard | null,
  ids: readonly number[],
  positions: readonly number[],
  operate: RecordOperation<R>,
) {
  const records = new Map((shard?.records ?? []).map((record) => [record.id as number, record]))
  const purged = new Set(shard?.purged ?? [])
  let changed = false
  // The shard's bytes as read are measured only once a budgeted write needs them; `growth` is what the
  // writes so far added to it.
  let asRead: number | null = null
  let growth = 0
  const results: R[] = []
  for (const position of positions) {
    const id = ids[position] ?? 0
    const wasPurged = purged.has(id)
    const current = wasPurged ? undefined : records.get(id)
    const outcome = operate(current, id, position, wasPurged)
    if (outcome.record === null) {
      if (current) growth -= recordBytes(current) + 1
      changed = records.delete(id) || changed
      if (outcome.purged && !wasPurged) {
        purged.add(id)
        changed = true
      }
    } else if (outcome.record !== undefined && !wasPurged) {
      // A new record also takes the comma before it.
      const delta = recordBytes(outcome.record) - (current ? recordBytes(current) : -1)
      if (outcome.overBudget && delta > 0) {
        asRead ??= shardDocumentBytes(shard)
        // Room stays for every record's trash mark, so a delete never needs more than the budget.
        const reserve = TRASH_MARK_BYTES * (records.size + (current ? 0 : 1))
        if (asRead + growth + delta + reserve > LIMITS.shardBytes) {
          results.push(outcome.overBudget(shardFullProblem(id, delta)))
          continue
        }
      }
      records.set(id, outcome.record)
      growth += delta
      changed = true
    }
    results.push(outcome.result)
  }
  const next = changed ? shardOf([...records.values()], purged) : undefined
  return { next, result: results }
}

/** The most the list of a shard's purged ids can take: a shard's ids of 16 digits each. */
const PURGED_LIST_MOST_BYTES = ',"purged":[]'.length + SHARD_IDS * 17

/** The shard document's JSON as read, in bytes: its records and the ids purged from it. */
function shardDocumentBytes(shard: Shard | null): number {
  if (!shard) return 0
  const purged = shard.purged?.length ? Buffer.byteLength(`,"purged":${JSON.stringify(shard.purged)}`) : 0
  return shardBytes(shard.records) + purged
}

function shardOf(records: MediaRecord[], purged: ReadonlySet<number>): Shard {
  const sorted = records.sort((a, b) => a.id - b.id)
  return purged.size === 0
    ? { records: sorted }
    : { records: sorted, purged: [...purged].sort((a, b) => a - b) }
}

/** Runs `task` over `items` with at most `limit` running at once. */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T
      await task(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

export type { ListedDocument }

/**
 * The first shard, if any, that a sweep rewriting `records` (every stored record, as read) with
 * `transform` would take past its byte budget: for sweeps a caller asks for (a folder rename that
 * lengthens every path inside it), checked before the sweep is committed to, since the sweep itself
 * must then finish whatever the shards hold.
 */
export function shardOverflowedBy(
  records: readonly MediaRecord[],
  transform: (record: MediaRecord) => MediaRecord | undefined,
): number | null {
  const byShard = new Map<number, MediaRecord[]>()
  for (const record of records) {
    const index = shardIndexOf(record.id)
    byShard.set(index, [...(byShard.get(index) ?? []), record])
  }
  for (const [index, stored] of byShard) {
    let growth = 0
    for (const record of stored) {
      const next = transform(record)
      if (next !== undefined) growth += recordBytes(next) - recordBytes(record)
    }
    if (growth <= 0) continue
    const sorted = [...stored].sort((a, b) => a.id - b.id)
    const reserve = TRASH_MARK_BYTES * stored.length + PURGED_LIST_MOST_BYTES
    if (shardBytes(sorted) + growth + reserve > LIMITS.shardBytes) return index
  }
  return null
}

/**
 * Rewrites every stored record, trashed ones included, for which `transform` returns a new state, shard
 * by shard, each with its own compare-and-swap. Returns the records as rewritten. For rare sweeps such
 * as a folder delete, which must move trashed records too so that a restore never lands in a folder
 * that is gone.
 */
export async function updateEveryRecord(
  store: DocumentStore,
  transform: (record: MediaRecord) => MediaRecord | undefined,
): Promise<MediaRecord[]> {
  const shards = onlyShards(await store.list(SHARD_PREFIX))
  const changed: MediaRecord[] = []
  await forEachLimited(shards, SHARDS_IN_PARALLEL, async ({ key }) => {
    const rewritten = await mutateDocument(
      store,
      key,
      (value) => parseShard(key, value),
      (shard) => {
        if (shard === null) return { next: undefined, result: [] }
        const rewritten: MediaRecord[] = []
        const records = shard.records.map((record) => {
          const next = transform(record)
          if (next === undefined) return record
          rewritten.push(next)
          return next
        })
        return { next: rewritten.length > 0 ? { ...shard, records } : undefined, result: rewritten }
      },
    )
    changed.push(...rewritten)
  })
  return changed
}

/**
 * The record `id`, in the trash or not, from one read of its shard; undefined when there is none (never
 * made, or deleted for good).
 */
export async function readStoredRecord(store: DocumentStore, id: number): Promise<MediaRecord | undefined> {
  const key = shardKey(shardIndexOf(id))
  const stored = await store.read(key)
  return stored ? parseShard(key, stored.value).records.find((candidate) => candidate.id === id) : undefined
}

/** The live record `id` (not in the trash), from one read of its shard; undefined when there is none. */
export async function readLiveRecord(store: DocumentStore, id: number): Promise<MediaRecord | undefined> {
  const record = await readStoredRecord(store, id)
  return record && !isTrashed(record) ? record : undefined
}
