import { batchesOf } from '../../../src/contract/batch-shards'
import type { MediaRecord } from '../../../src/contract/record'
import type { CloudinaryCredentials } from '../cloudinary/destroy-asset'
import { serverEnv } from '../env'
import { readAllRecords } from '../records/record-pages'
import { isTrashed } from '../records/record-shards'
import type { MediaHostStores } from '../uploads/upload-service'
import { positionOf } from './trash-order'
import { purgeFromTrash } from './trash-service'

const DAY_MS = 86_400_000

/** How long a record stays in the trash before the sweep purges it (`TRASH_PURGE_DAYS`). */
export function trashMaxAgeMs(): number {
  return serverEnv().TRASH_PURGE_DAYS * DAY_MS
}

export interface TrashSweep {
  now: Date
  maxAgeMs: number
  cloudinary: CloudinaryCredentials | null
  /** The most records one run purges, oldest first; the rest wait for the next run. */
  limit?: number
}

/**
 * Purges the records trashed at least `maxAgeMs` before `now`, the oldest `limit` of them, in the
 * batches a client's call may hold (`batchesOf`: sorted, at most 500 ids in at most `LIMITS.batchShards`
 * shards), so each release of files stays bounded and a shard's ids go together. Returns how many were
 * purged.
 */
export async function sweepTrash(
  stores: MediaHostStores,
  { now, maxAgeMs, cloudinary, limit = 5_000 }: TrashSweep,
): Promise<number> {
  const cutoff = now.getTime() - maxAgeMs
  const expired = (record: MediaRecord) => isTrashed(record) && positionOf(record).deletedAt <= cutoff
  const ids = (await readAllRecords(stores.documents))
    .filter(expired)
    .sort((a, b) => positionOf(a).deletedAt - positionOf(b).deletedAt)
    .slice(0, limit)
    .map((record) => record.id as number)
  let purged = 0
  for (const batch of batchesOf(ids)) {
    // The cutoff is checked again inside the write: a record restored and trashed anew since the read
    // has a later deleted_at and stays.
    purged += (await purgeFromTrash(stores, batch, cloudinary, expired)).succeeded
  }
  return purged
}
