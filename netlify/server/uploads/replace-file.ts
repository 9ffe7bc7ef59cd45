import type { FileId } from '../../../src/contract/ids'
import { LIMITS } from '../../../src/contract/limits'
import type { MediaRecord } from '../../../src/contract/record'
import type { ReplaceFileInput } from '../../../src/contract/replace-file'
import { ConflictError, fileNotFound } from '../errors'
import { announceChanges } from '../events/announce'
import { fileEvent } from '../events/change-events'
import { allocateFileIds } from '../records/id-counter'
import { recordLimitProblem } from '../records/record-limits'
import { placeNewRecord } from '../records/new-record'
import { buildRecord } from '../records/record-model'
import { operateOnRecords, operateOnStoredRecords } from '../records/record-shards'
import { filesStillHeld, withStoredFileFacts } from '../records/stored-file-facts'
import type { DocumentStore } from '../storage/document-store'
import { updatedStamp } from '../activity/acting-actor'

/** What a replace changes on the record: everything about its file, nothing a person wrote. */
const FILE_FIELDS = [
  'media_url',
  'file_type',
  'thumbnail',
  'file_size',
  'public_id',
  'resource_type',
  'format',
  'width',
  'height',
  'duration',
  'sha256',
  'metadata',
] as const satisfies readonly (keyof MediaRecord)[]
type FileFields = Pick<MediaRecord, (typeof FILE_FIELDS)[number]>

export interface ReplaceOutcome {
  record: MediaRecord
  /** The version replaced, now a trashed record of its own; null when the file was already in place. */
  previous: MediaRecord | null
}

/**
 * Gives record `id` new bytes (docs/decisions/0004-replace-file.md). The record keeps its id, what people
 * wrote on it, its folder and its Webflow item; its file fields come from the new upload, as the server
 * knows them. The version it replaces becomes a trashed record of its own (a new id, the same metadata,
 * its old file, "(replaced 24 Nov)" after its title), written before the record lets go of the old file,
 * so the old bytes are always referenced and are released only when that version is purged.
 *
 * A repeat (the record already has this file) answers the record as it is, so a retry after a lost
 * answer changes nothing. `replaces` names the file the client saw: another file in its place is a 409.
 */
export async function replaceFile(
  store: DocumentStore,
  id: number,
  { replaces, ...upload }: ReplaceFileInput,
  now = new Date(),
  mirrored = false,
): Promise<ReplaceOutcome> {
  const fresh = fileFieldsOf(buildRecord(0, await withStoredFileFacts(store, upload), now))
  const current = await readLive(store, id)
  if (current.media_url === fresh.media_url) return { record: current, previous: null }
  if (replaces !== undefined && replaces !== current.media_url) throw replacedMeanwhile(id)

  // The old version takes a fresh id, in a later shard when this one's is full (decision 0031).
  const previous = await placeNewRecord(
    store,
    (await allocateFileIds(store, 1))[0] ?? 0,
    (at) => previousVersion(current, at, now),
    { seeTrashed: true },
  )
  // A fresh id was never given out, so it cannot have been purged.
  if (previous === null) throw new Error('A freshly allocated id was among the purged')
  const [outcome = { kind: 'gone' }] = await operateOnRecords<Outcome>(store, [id], (live) => {
    if (!live) return { result: { kind: 'gone' } }
    if (live.media_url === fresh.media_url) return { result: { kind: 'repeat', record: live } }
    if (live.media_url !== current.media_url) return { result: { kind: 'replaced' } }
    const record: MediaRecord = { ...withFileFields(live, fresh), ...updatedStamp(now) }
    if (mirrored && live.webflow) record.webflow = mirrorNewFile(live.webflow, now)
    return { record, result: { kind: 'done', record }, overBudget: (problem) => ({ kind: 'full', problem }) }
  })
  if (outcome.kind !== 'done') await removeRecord(store, previous.id)
  if (outcome.kind === 'gone') throw fileNotFound(id)
  if (outcome.kind === 'replaced') throw replacedMeanwhile(id)
  if (outcome.kind === 'full') throw new ConflictError(outcome.problem)
  if (outcome.kind === 'repeat') return { record: outcome.record, previous: null }
  if (!(await filesStillHeld(store, outcome.record))) {
    await undoReplace(store, outcome.record, current, previous.id)
    throw new ConflictError(
      'The new file is being deleted, so it cannot replace the old one; upload it again',
    )
  }
  await announceChanges(store, [fileEvent('file.replaced', [outcome.record], now)])
  return { record: outcome.record, previous }
}

type Outcome =
  | { kind: 'gone' }
  | { kind: 'full'; problem: string }
  | { kind: 'replaced' }
  | { kind: 'repeat'; record: MediaRecord }
  | { kind: 'done'; record: MediaRecord }

function fileFieldsOf(record: MediaRecord): FileFields {
  return Object.fromEntries(FILE_FIELDS.map((field) => [field, record[field]])) as FileFields
}

/** `record` with the file fields of another file: its embedded metadata too, or none when it has none. */
function withFileFields(record: MediaRecord, fields: FileFields): MediaRecord {
  const { metadata: _metadata, ...rest } = record
  const { metadata, ...others } = fields
  return { ...rest, ...others, ...(metadata ? { metadata } : {}) }
}

async function readLive(store: DocumentStore, id: number): Promise<MediaRecord> {
  const [current] = await operateOnRecords(store, [id], (record) => ({ result: record }))
  if (!current) throw fileNotFound(id)
  return current
}

const replacedMeanwhile = (id: number) =>
  new ConflictError(`The file of ${String(id)} was replaced meanwhile; reload to see the current version`)

/** "24 Nov": the day of the replace, as the Trash shows it after the old version's title. */
function replacedOn(now: Date): string {
  return now.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
}

/**
 * The old version as a record of its own, in the trash: the same metadata and file, without the Webflow
 * mirror (its item stays with the live record). A title too long for the note keeps its own title.
 */
function previousVersion(current: MediaRecord, id: number, now: Date): MediaRecord {
  const { webflow: _webflow, ...rest } = current
  const note = ` (replaced ${replacedOn(now)})`
  const record: MediaRecord = {
    ...rest,
    id: id as FileId,
    title: current.title.slice(0, LIMITS.titleChars - note.length) + note,
    updated_at: now.toISOString(),
    deleted_at: now.toISOString(),
  }
  return recordLimitProblem(record) ? { ...record, title: current.title } : record
}

/**
 * The mirror after a replace: pending, its revision counted up, so the sync writes the new URL to the
 * item. The asset stays named but outdated: the sync uploads the new bytes as the item's asset, and
 * removes the old one once the item no longer shows it.
 */
function mirrorNewFile(
  webflow: NonNullable<MediaRecord['webflow']>,
  now: Date,
): NonNullable<MediaRecord['webflow']> {
  const { message: _message, ...rest } = webflow
  return {
    ...rest,
    ...(webflow.asset_id ? { asset_outdated: true as const } : {}),
    state: 'pending',
    revision: (webflow.revision ?? 0) + 1,
    updated_at: now.toISOString(),
  }
}

async function removeRecord(store: DocumentStore, id: number): Promise<void> {
  await operateOnStoredRecords(store, [id], (existing) =>
    existing ? { record: null, result: true } : { result: false },
  )
}

/** Puts the old file back on the record (only if it is still as the replace left it). */
async function undoReplace(
  store: DocumentStore,
  replaced: MediaRecord,
  before: MediaRecord,
  previousId: number,
): Promise<void> {
  await operateOnRecords(store, [replaced.id], (live) =>
    live?.updated_at === replaced.updated_at && live.media_url === replaced.media_url
      ? { record: withFileFields(live, fileFieldsOf(before)), result: true }
      : { result: false },
  )
  await removeRecord(store, previousId)
}
