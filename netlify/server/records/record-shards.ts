import * as z from 'zod'

import { mediaRecordSchema, type MediaRecord } from '../../../src/contract/record'
import { CorruptDocumentError, type DocumentStore, type ListedDocument } from '../storage/document-store'
import { mutateDocument } from '../storage/mutate'
import { readNextFileId } from './id-counter'

/**
 * Records live in shard documents of `SHARD_SIZE` consecutive ids (DESIGN section 5): listing reads one
 * document per shard instead of one per record, and writers of different shards never contend.
 */
export const SHARD_SIZE = 500
export const SHARD_PREFIX = 'records/'

/**
 * `purged`: the ids of the shard deleted for good (purged from the trash), so a replayed create of one
 * of them can tell "deleted for good" from "not written yet" (decision 0032). At most `SHARD_SIZE` ids.
 */
const shardSchema = z.object({ records: z.array(mediaRecordSchema), purged: z.array(z.int()).optional() })
type Shard = z.infer<typeof shardSchema>

export function shardIndexOf(id: number): number {
  return Math.floor(id / SHARD_SIZE)
}

export function shardKey(index: number): string {
  return `${SHARD_PREFIX}${String(index).padStart(6, '0')}`
}

export function shardIndexOfKey(key: string): number {
  return Number(key.slice(SHARD_PREFIX.length))
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
 */
export interface RecordOutcome<R> {
  record?: MediaRecord | null
  purged?: true
  result: R
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
    if (index * SHARD_SIZE < nextId) return true
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
  const results: R[] = []
  for (const position of positions) {
    const id = ids[position] ?? 0
    const wasPurged = purged.has(id)
    const outcome = operate(wasPurged ? undefined : records.get(id), id, position, wasPurged)
    if (outcome.record === null) {
      changed = records.delete(id) || changed
      if (outcome.purged && !wasPurged) {
        purged.add(id)
        changed = true
      }
    } else if (outcome.record !== undefined && !wasPurged) {
      records.set(id, outcome.record)
      changed = true
    }
    results.push(outcome.result)
  }
  const next = changed ? shardOf([...records.values()], purged) : undefined
  return { next, result: results }
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
 * Rewrites every stored record, trashed ones included, for which `transform` returns a new state, shard
 * by shard, each with its own compare-and-swap. Returns the records as rewritten. For rare sweeps such
 * as a folder delete, which must move trashed records too so that a restore never lands in a folder
 * that is gone.
 */
export async function updateEveryRecord(
  store: DocumentStore,
  transform: (record: MediaRecord) => MediaRecord | undefined,
): Promise<MediaRecord[]> {
  const shards = await store.list(SHARD_PREFIX)
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
