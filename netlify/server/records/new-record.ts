import type { MediaRecord } from '../../../src/contract/record'
import { StorageContentionError, type DocumentStore } from '../storage/document-store'
import { allocateFileIdFrom } from './id-counter'
import { idsOfShard, operateOnRecords, operateOnStoredRecords, shardIndexOf } from './record-shards'

/** Each move goes to a later shard, whose first id is free; more than a few means ids keep racing. */
const MOST_MOVES = 10

export interface NewRecordPlacement {
  /** Whether a trashed record already under the id counts as there (the trash's own writes). */
  seeTrashed?: boolean
  /**
   * Follows a move of the record from id `from` to the fresh id `to` (the create's idempotency claim);
   * returns the id to write under.
   */
  onMove?: (from: number, to: number) => Promise<number>
}

/**
 * Writes the new record `build(id)` under `id`, a freshly allocated id, unless a record is stored there
 * already (a repeat of the same create), which is returned instead; null when the id's record was
 * deleted for good (a replayed create, which must not make it again). When the shard of `id` has no
 * room left for the record (`LIMITS.shardBytes`, decision 0031), the id counter skips ahead to the first
 * id of the next shard and the record is written there: a create is never refused for its neighbours.
 */
export async function placeNewRecord(
  store: DocumentStore,
  id: number,
  build: (id: number) => MediaRecord,
  { seeTrashed = false, onMove = (_from, to) => Promise.resolve(to) }: NewRecordPlacement = {},
): Promise<MediaRecord | null> {
  const operate = seeTrashed ? operateOnStoredRecords : operateOnRecords
  let at = id
  for (let moves = 0; ; moves++) {
    const record = build(at)
    const [placed] = await operate<MediaRecord | 'purged' | 'full'>(
      store,
      [at],
      (existing, _id, _position, purged) => {
        if (purged) return { result: 'purged' }
        if (existing) return { result: existing }
        return { record, result: record, overBudget: () => 'full' }
      },
    )
    if (placed === 'purged') return null
    if (placed !== undefined && placed !== 'full') return placed
    if (moves >= MOST_MOVES) {
      throw new StorageContentionError(`Found no shard with room for a new record after id ${String(id)}`)
    }
    const next = await allocateFileIdFrom(store, idsOfShard(shardIndexOf(at) + 1).first)
    at = await onMove(at, next)
  }
}
