import type { BatchMoveResponse, BatchResponse } from '../../../src/contract/api'
import { ROOT_PATH } from '../../../src/contract/folder'
import type { FileId } from '../../../src/contract/ids'
import type { MediaRecord, RecordCreate, RecordPatch } from '../../../src/contract/record'
import { fileNotFound, folderNotFound } from '../errors'
import { isLivePath, nearestLivePath, readFolders } from '../folders/folder-document'
import type { DocumentStore } from '../storage/document-store'
import { moveToTrash } from '../trash/trash-service'
import { batchResults, summarise } from './batch-results'
import { allocateFileIds } from './id-counter'
import { applyPatch, buildRecord } from './record-model'
import { listShards, pageEtag, readPage, type RecordPage } from './record-pages'
import { operateOnRecords } from './record-shards'

export type MediaListing = { etag: string } & (
  { notModified: true } | { notModified: false; page: RecordPage }
)

/** One page of records, or `notModified` when the client's ETag still holds (after one `list()`). */
export async function listMedia(
  store: DocumentStore,
  { after, limit, ifNoneMatch }: { after: number; limit: number; ifNoneMatch: string | null },
): Promise<MediaListing> {
  const shards = await listShards(store)
  const etag = pageEtag(shards, after, limit)
  if (ifNoneMatch !== null && etagMatches(ifNoneMatch, etag)) return { etag, notModified: true }
  return { etag, notModified: false, page: await readPage(store, shards, after, limit) }
}

function etagMatches(header: string, etag: string): boolean {
  return header.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag === etag || tag === `W/${etag}`
  })
}

/**
 * Stores a new record under a fresh id. Refuses a folder path that does not exist. `webflow` is the
 * mirror's starting state, when a mirror is configured.
 */
export async function createRecord(
  store: DocumentStore,
  input: RecordCreate,
  now = new Date(),
  webflow?: MediaRecord['webflow'],
): Promise<MediaRecord> {
  const folderPath = input.folder_path ?? ROOT_PATH
  if (!isLivePath(await readFolders(store), folderPath)) throw folderNotFound(folderPath)
  const [id] = await allocateFileIds(store, 1)
  const built = buildRecord(id ?? 0, input, now)
  const record = webflow ? { ...built, webflow } : built
  const [stored] = await operateOnRecords(store, [record.id], (existing) =>
    // An existing record under a freshly allocated id can only be this same create, retried.
    existing ? { result: existing } : { record, result: record },
  )
  const [rehomed] = await keepInLiveFolders(store, [record.id], folderPath)
  return rehomed ?? stored ?? record
}

/** `mirrored`: a Webflow mirror is on, so the edit is to be carried over to it. */
export async function updateRecord(
  store: DocumentStore,
  id: number,
  patch: RecordPatch,
  now = new Date(),
  mirrored = false,
): Promise<MediaRecord> {
  const [updated] = await operateOnRecords(store, [id], (current) => {
    if (!current) return { result: undefined }
    const record = applyPatch(current, patch, now, mirrored)
    return { record, result: record }
  })
  if (!updated) throw fileNotFound(id)
  return updated
}

/**
 * Deletes a record by moving it to the trash, and returns it as trashed, so the caller can take down
 * its mirror. Its file stays until the record is purged.
 */
export async function deleteRecord(store: DocumentStore, id: number, now = new Date()): Promise<MediaRecord> {
  const [trashed] = await moveToTrash(store, [id], now)
  if (!trashed) throw fileNotFound(id)
  return trashed
}

export async function batchUpdate(
  store: DocumentStore,
  updates: readonly { id: number; patch: RecordPatch }[],
  now = new Date(),
  mirrored = false,
): Promise<BatchResponse> {
  const records = await operateOnRecords(
    store,
    updates.map(({ id }) => id),
    (current, _id, position) => {
      const patch = updates[position]?.patch
      if (!current || !patch) return { result: undefined }
      const record = applyPatch(current, patch, now, mirrored)
      return { record, result: record }
    },
  )
  return summarise(
    updates.map(({ id }, i) => {
      const record = records[i]
      return record ? { id: id as FileId, success: true, record } : notFoundResult(id)
    }),
  )
}

/** Moves records to the trash; each result carries its record as trashed. */
export async function batchDelete(
  store: DocumentStore,
  ids: readonly number[],
  now = new Date(),
): Promise<BatchResponse> {
  const trashed = await moveToTrash(store, ids, now)
  return batchResults(ids, trashed, fileNotFound, { withRecords: true })
}

/**
 * Moves files into a folder (`null`: the root). If the folder is deleted while the move runs, the
 * files it caught go where the delete sends that folder's files, and are reported as failed.
 */
export async function moveToFolder(
  store: DocumentStore,
  fileIds: readonly number[],
  folderId: number | null,
  now = new Date(),
): Promise<BatchMoveResponse> {
  const target = folderId === null ? ROOT_PATH : await livePathOfFolder(store, folderId)
  const moved = await operateOnRecords(store, fileIds, (current) => {
    if (!current) return { result: false }
    if (current.folder_path === target) return { result: true }
    return { record: { ...current, folder_path: target, updated_at: now.toISOString() }, result: true }
  })
  const rehomed = await keepInLiveFolders(
    store,
    fileIds.filter((_, i) => moved[i]),
    target,
  )
  const lost = new Set(rehomed.map((record) => record.id as number))
  const results = fileIds.map((id, i) => {
    const fileId = id as FileId
    if (!moved[i]) return { fileId, success: false, error: fileNotFound(id).message }
    if (lost.has(id)) return { fileId, success: false, error: folderNotFound(folderId ?? ROOT_PATH).message }
    return { fileId, success: true }
  })
  const succeeded = results.filter((result) => result.success).length
  return { results, succeeded, failed: results.length - succeeded }
}

async function livePathOfFolder(store: DocumentStore, folderId: number): Promise<string> {
  const folder = (await readFolders(store)).folders.find((candidate) => candidate.id === folderId)
  if (!folder || folder.deleting) throw folderNotFound(folderId)
  return folder.path
}

/**
 * Called after writing files into `path`. If that folder is being deleted or is gone, moves those of
 * the files still in it to the nearest live folder above and returns them. The folder delete marks
 * the folder before it sweeps files, and this reads folders after writing, so whichever runs second
 * sees the other: no file is left in a folder that no longer exists.
 */
async function keepInLiveFolders(
  store: DocumentStore,
  ids: readonly number[],
  path: string,
): Promise<MediaRecord[]> {
  if (path === ROOT_PATH || ids.length === 0) return []
  const folders = await readFolders(store)
  if (isLivePath(folders, path)) return []
  const destination = nearestLivePath(folders, path)
  const rehomed = await operateOnRecords(store, ids, (current) => {
    if (current?.folder_path !== path) return { result: undefined }
    const record = { ...current, folder_path: destination }
    return { record, result: record }
  })
  return rehomed.filter((record) => record !== undefined)
}

function notFoundResult(id: number) {
  return { id: id as FileId, success: false, error: fileNotFound(id).message }
}
