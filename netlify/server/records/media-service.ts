import type { BatchMoveResponse, BatchResponse } from '../../../src/contract/api'
import { ROOT_PATH } from '../../../src/contract/folder'
import type { FileId } from '../../../src/contract/ids'
import type { MediaRecord, RecordCreate, RecordPatch } from '../../../src/contract/record'
import { announceChanges } from '../events/announce'
import { fileEvent } from '../events/change-events'
import {
  ConflictError,
  fileNotFound,
  folderNotFound,
  GoneError,
  InvalidInputError,
  PreconditionFailedError,
} from '../errors'
import { acceptsFiles, readFolders } from '../folders/folder-document'
import { followMovedFolders } from '../folders/folder-service'
import type { DocumentStore } from '../storage/document-store'
import { moveToTrash } from '../trash/trash-service'
import { batchResults, summarise } from './batch-results'
import { allocateFileIds } from './id-counter'
import { claimId, findClaimedId, repointClaim, type IdempotencyClaim } from './idempotency'
import { placeNewRecord } from './new-record'
import { ifMatchHolds, recordEtag } from './record-etag'
import { recordLimitProblem } from './record-limits'
import { applyPatch, buildRecord } from './record-model'
import { etagMatches, listShards, pageEtag, readPage, type RecordPage } from './record-pages'
import { operateOnRecords, operateOnStoredRecords, type RecordOutcome } from './record-shards'
import { filesStillHeld, withStoredFileFacts } from './stored-file-facts'
import { updatedStamp } from '../activity/acting-actor'

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

/**
 * The record an earlier request with this claim made, or null when there was none (or it has not
 * written its record yet). A 409 when that request's body was different, or its record is in the trash;
 * a 410 once it was deleted for good.
 */
export async function recordOfClaim(
  store: DocumentStore,
  claim: IdempotencyClaim,
  now = new Date(),
): Promise<MediaRecord | null> {
  return (await claimedRecord(store, claim, now)).record
}

/** The id `claim` holds (null: none yet), and the record under it once written (null: not yet). */
async function claimedRecord(
  store: DocumentStore,
  claim: IdempotencyClaim,
  now: Date,
): Promise<{ id: number | null; record: MediaRecord | null }> {
  const id = await findClaimedId(store, claim, now)
  const stored = id === null ? undefined : await readStoredRecord(store, id)
  return { id, record: stored ? await keepIfFilesHeld(store, stored) : null }
}

/**
 * Stores a new record under a fresh id. Refuses a folder path that does not exist, a record over the
 * limits, and claims about its stored file that the server knows otherwise (`withStoredFileFacts`).
 * `webflow` is the mirror's starting state, when a mirror is configured. With a `claim` (an
 * Idempotency-Key: `idempotencyClaim`), a repeat of a create (a retry after a lost answer, or the same
 * request twice at once) returns the record the first one made; once that record is deleted for good,
 * a 410.
 */
export async function createRecord(
  store: DocumentStore,
  input: RecordCreate,
  now = new Date(),
  webflow?: MediaRecord['webflow'],
  claim: IdempotencyClaim | null = null,
): Promise<MediaRecord> {
  const claimed = claim ? await claimedRecord(store, claim, now) : null
  if (claimed?.record) return claimed.record
  const folderPath = input.folder_path ?? ROOT_PATH
  // A path that moved still takes files: they follow the folder to where it went.
  if (!acceptsFiles(await readFolders(store), folderPath)) throw folderNotFound(folderPath)
  const draft = buildRecord(0, await withStoredFileFacts(store, input), now)
  const problem = recordLimitProblem(draft)
  if (problem) throw new InvalidInputError(problem)
  const id = claimed?.id ?? (await newRecordId(store, claim, now))
  // An existing record under a freshly allocated (or claimed) id can only be this same create, repeated.
  const stored = await placeNewRecord(
    store,
    id,
    (at) => ({ ...draft, id: at as FileId, ...(webflow ? { webflow } : {}) }),
    { onMove: (from, to) => (claim ? repointClaim(store, claim, from, to, now) : Promise.resolve(to)) },
  )
  // A claimed id whose record was purged meanwhile stays purged (the shard would not write it anyway).
  if (stored === null) throw purgedCreate(id)
  const [rehomed] = await followMovedFolders(store, [stored.id])
  const created = await keepIfFilesHeld(store, rehomed ?? stored)
  await announceChanges(store, [fileEvent('file.created', [created], now)])
  return created
}

const purgedCreate = (id: number) =>
  new GoneError(
    `The file made with this Idempotency-Key (file ${String(id)}) was deleted for good; ` +
      'send a new key to upload it again',
  )

async function newRecordId(store: DocumentStore, claim: IdempotencyClaim | null, now: Date): Promise<number> {
  const [id = 0] = await allocateFileIds(store, 1)
  return claim ? claimId(store, claim, id, now) : id
}

/**
 * The stored record under `id`, trashed or not; a trashed one is a 409, since its create is long done,
 * and one deleted for good a 410, so a replayed key never makes it again. Absent and never purged, it
 * is a create not written yet (still running, or died after claiming the key): the caller writes it.
 */
async function readStoredRecord(store: DocumentStore, id: number): Promise<MediaRecord | undefined> {
  const [record] = await operateOnStoredRecords(store, [id], (current, _id, _position, purged) => ({
    result: purged ? null : current,
  }))
  if (record === null) throw purgedCreate(id)
  if (record?.deleted_at !== undefined) {
    throw new ConflictError(
      `This Idempotency-Key created file ${String(id)}, which has since been deleted; restore it from the ` +
        'trash, or send a new key to upload the file again',
    )
  }
  return record
}

/**
 * Returns `record` if every built-in file it points at is still stored; otherwise takes the record back
 * (only if it is still as written) and answers 409. A "use existing" create racing a purge of the same
 * file thus never leaves a record whose file is gone.
 */
async function keepIfFilesHeld(store: DocumentStore, record: MediaRecord): Promise<MediaRecord> {
  if (await filesStillHeld(store, record)) return record
  await operateOnRecords(store, [record.id], (current) =>
    current?.updated_at === record.updated_at && current.media_url === record.media_url
      ? { record: null, result: true }
      : { result: false },
  )
  throw new ConflictError('The file is being deleted, so no new record can point at it; upload it again')
}

/**
 * `mirrored`: a Webflow mirror is on, so the edit is to be carried over to it. `ifMatch`: the request's
 * `If-Match`; the record is changed only while it holds for the record as stored, checked in the same
 * write (a 412 otherwise, and nothing changes).
 */
export async function updateRecord(
  store: DocumentStore,
  id: number,
  patch: RecordPatch,
  now = new Date(),
  mirrored = false,
  ifMatch: string | null = null,
): Promise<MediaRecord> {
  let before: MediaRecord | undefined
  const [updated] = await operateOnRecords<MediaRecord | string | Error | undefined>(
    store,
    [id],
    (current) => {
      before = current
      if (!current) return { result: undefined }
      if (ifMatch !== null && !ifMatchHolds(ifMatch, recordEtag(current))) {
        return { result: new PreconditionFailedError(changedSinceRead(id)) }
      }
      return patched(current, patch, now, mirrored)
    },
  )
  if (!updated) throw fileNotFound(id)
  if (typeof updated === 'string') throw new InvalidInputError(updated)
  if (updated instanceof Error) throw updated
  const edits = before ? [{ before, after: updated }] : []
  await announceChanges(store, [fileEvent('file.updated', [updated], now)], edits)
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
  const before = new Map<number, MediaRecord>()
  const records = await operateOnRecords(
    store,
    updates.map(({ id }) => id),
    (current, id, position) => {
      if (current) before.set(id, current)
      const patch = updates[position]?.patch
      return current && patch ? patched(current, patch, now, mirrored) : { result: undefined }
    },
  )
  const results = summarise(
    updates.map(({ id }, i) => {
      const record = records[i]
      if (typeof record === 'string') return { id: id as FileId, success: false, error: record }
      if (record instanceof ConflictError) return { id: id as FileId, success: false, error: record.message }
      return record ? { id: id as FileId, success: true, record } : notFoundResult(id)
    }),
  )
  const changed = results.results.flatMap((result) => (result.record ? [result.record] : []))
  const edits = changed.flatMap((after) => {
    const was = before.get(after.id)
    return was ? [{ before: was, after }] : []
  })
  await announceChanges(store, [fileEvent('file.updated', changed, now)], edits)
  return results
}

/**
 * The record with `patch` applied, or, when the result would break a limit (tags added to a full
 * record, say), the record unchanged and the reason as the result; when it would take its shard past
 * the shard's byte budget, a ConflictError (409) saying so.
 */
function patched(
  current: MediaRecord,
  patch: RecordPatch,
  now: Date,
  mirrored: boolean,
): RecordOutcome<MediaRecord | string | ConflictError> {
  const record = applyPatch(current, patch, now, mirrored)
  const problem = recordLimitProblem(record)
  return problem ? { result: problem } : { record, result: record, overBudget: shardFull }
}

const shardFull = (problem: string) => new ConflictError(problem)

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
  // The result is the record as moved, true for one already there, false for none, or the problem.
  const moved = await operateOnRecords<MediaRecord | boolean | string>(store, fileIds, (current) => {
    if (!current) return { result: false }
    if (current.folder_path === target) return { result: true }
    const record = { ...current, folder_path: target, ...updatedStamp(now) }
    return { record, result: record, overBudget: (problem) => problem }
  })
  const rehomed = await followMovedFolders(
    store,
    fileIds.filter((_, i) => moved[i] === true || typeof moved[i] === 'object'),
  )
  // Files that followed a renamed or moved folder arrived; those sent up from a deleted one did not.
  const targetGone = rehomed.length > 0 && !acceptsFiles(await readFolders(store), target)
  const lost = new Set(targetGone ? rehomed.map((record) => record.id as number) : [])
  const results = fileIds.map((id, i) => {
    const fileId = id as FileId
    const outcome = moved[i]
    if (typeof outcome === 'string') return { fileId, success: false, error: outcome }
    if (outcome === false) return { fileId, success: false, error: fileNotFound(id).message }
    if (lost.has(id)) return { fileId, success: false, error: folderNotFound(folderId ?? ROOT_PATH).message }
    return { fileId, success: true }
  })
  const succeeded = results.filter((result) => result.success).length
  const movedRecords = moved.filter(
    (outcome): outcome is MediaRecord => typeof outcome === 'object' && !lost.has(outcome.id),
  )
  await announceChanges(store, [fileEvent('file.moved', movedRecords, now, { folder_path: target })])
  return { results, succeeded, failed: results.length - succeeded }
}

async function livePathOfFolder(store: DocumentStore, folderId: number): Promise<string> {
  const folder = (await readFolders(store)).folders.find((candidate) => candidate.id === folderId)
  if (!folder || folder.deleting) throw folderNotFound(folderId)
  return folder.path
}

function notFoundResult(id: number) {
  return { id: id as FileId, success: false, error: fileNotFound(id).message }
}

/** Why an update's `If-Match` was refused, with what to do. */
const changedSinceRead = (id: number) =>
  `File ${String(id)} has changed since the version named by If-Match was read: read it again (GET /api/media/${String(id)}), then send the change with its ETag`
