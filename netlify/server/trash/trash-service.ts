import type { BatchResponse } from '../../../src/contract/api'
import { ROOT_PATH } from '../../../src/contract/folder'
import type { MediaRecord } from '../../../src/contract/record'
import type { CloudinaryCredentials } from '../cloudinary/destroy-asset'
import { NotFoundError } from '../errors'
import { announceChanges } from '../events/announce'
import { fileEvent, purgeEvent } from '../events/change-events'
import { releaseFiles } from '../files/release-files'
import { isLivePath, readFolders } from '../folders/folder-document'
import { batchResults } from '../records/batch-results'
import { LIMITS } from '../../../src/contract/limits'
import { fitPage, readAllRecords } from '../records/record-pages'
import { isTrashed, operateOnRecords, operateOnStoredRecords } from '../records/record-shards'
import { removeSharesOf } from '../shares/share-keys'
import type { DocumentStore } from '../storage/document-store'
import type { MediaHostStores } from '../uploads/upload-service'
import { decodeTrashCursor, encodeTrashCursor, isAfterCursor, newestDeletionFirst } from './trash-order'

type SyncState = NonNullable<MediaRecord['webflow']>

export const notInTrash = (id: number) => new NotFoundError(`File ${String(id)} is not in the trash`)

/**
 * Moves live records to the trash, stamped with `now`; returns each as trashed, or undefined for an id
 * with no live record. The records stay in their shards, so this is one write per shard touched.
 */
export async function moveToTrash(
  store: DocumentStore,
  ids: readonly number[],
  now: Date,
): Promise<(MediaRecord | undefined)[]> {
  const trashed = await operateOnRecords(store, ids, (current) => {
    if (!current) return { result: undefined }
    const record = { ...current, deleted_at: now.toISOString() }
    return { record, result: record }
  })
  const deleted = trashed.filter((record) => record !== undefined)
  await announceChanges(store, [fileEvent('file.deleted', deleted, now)])
  return trashed
}

export interface TrashPage {
  records: MediaRecord[]
  /** The cursor of the following page, or null on the last page. */
  next: string | null
}

/**
 * One page of trashed records, the most recently deleted first: at most `limit`, and no more than fit
 * `budget` bytes of answer (at least one). The order is by deletion time, not id, so every shard is read
 * (each from the instance's cache while unchanged), as a full listing would.
 */
export async function listTrash(
  store: DocumentStore,
  { cursor, limit }: { cursor: string | null; limit: number },
  budget: number = LIMITS.bufferedAnswerBytes,
): Promise<TrashPage> {
  const after = cursor === null ? null : decodeTrashCursor(cursor)
  const trashed = (await readAllRecords(store))
    .filter(isTrashed)
    .filter((record) => after === null || isAfterCursor(record, after))
    .sort(newestDeletionFirst)
  const records = fitPage(trashed, limit, budget)
  const last = records[records.length - 1]
  return { records, next: trashed.length > records.length && last ? encodeTrashCursor(last) : null }
}

/**
 * Takes records out of the trash, back into their folders; a record whose folder is gone returns to the
 * top level. `webflow` is the mirror's starting state when a mirror is configured: the trash removed the
 * record's item, so a restored record is mirrored afresh as a new item.
 */
export async function restoreFromTrash(
  store: DocumentStore,
  ids: readonly number[],
  webflow?: SyncState,
  now = new Date(),
): Promise<BatchResponse> {
  // Folder deletes move trashed records too, so a missing folder here is a rare race or old data.
  const folders = await readFolders(store)
  const restored = await operateOnStoredRecords(store, ids, (current) => {
    if (!current || !isTrashed(current)) return { result: undefined }
    const { deleted_at: _deletedAt, ...live } = current
    const record: MediaRecord = {
      ...live,
      folder_path: isLivePath(folders, live.folder_path) ? live.folder_path : ROOT_PATH,
    }
    if (webflow) record.webflow = mirrorAfresh(current.webflow, webflow)
    return { record, result: record }
  })
  const back = restored.filter((record) => record !== undefined)
  await announceChanges(store, [fileEvent('file.restored', back, now)])
  return batchResults(ids, restored, notInTrash, { withRecords: true })
}

/**
 * A fresh mirror state without the removed item's ids. The revision counts up, so a sync job that was
 * mirroring the record before it was trashed does not commit its result over this one.
 */
function mirrorAfresh(previous: SyncState | undefined, start: SyncState): SyncState {
  return { ...start, revision: (previous?.revision ?? 0) + 1 }
}

/**
 * Deletes trashed records for good: first out of their shards (each shard keeps the purged ids, so a
 * replayed create of one answers 410 instead of making it again), then their files, so a crash in between
 * leaves files nobody points at, never a record without its file, then their share links. A file another record still uses,
 * live or trashed, stays. `shouldPurge` can narrow the purge (the age sweep passes its cutoff, so a record
 * restored and trashed again meanwhile is kept).
 */
export async function purgeFromTrash(
  stores: MediaHostStores,
  ids: readonly number[],
  cloudinary: CloudinaryCredentials | null,
  shouldPurge: (record: MediaRecord) => boolean = () => true,
  now = new Date(),
): Promise<BatchResponse> {
  const purged = await operateOnStoredRecords(stores.documents, ids, (current) =>
    current && isTrashed(current) && shouldPurge(current)
      ? { record: null, purged: true, result: current }
      : { result: undefined },
  )
  const gone = purged.filter((record) => record !== undefined)
  // Announced once the records are out of their shards: whatever follows, they are gone for good.
  await announceChanges(stores.documents, [
    purgeEvent(
      gone.map((record) => record.id),
      now,
    ),
  ])
  await releaseFiles(stores, gone, cloudinary)
  // Their share links would open nothing from now on: they go too. The purge has happened either way;
  // a link left by a failure here answers that the file is gone, as before, until it expires.
  await removeSharesOf(
    stores.documents,
    gone.map((record) => record.id as number),
  ).catch((error: unknown) => {
    console.error('Could not remove the share links of purged files', error)
  })
  return batchResults(ids, purged, notInTrash, { withRecords: false })
}
