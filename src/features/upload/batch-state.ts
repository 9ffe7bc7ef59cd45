import type { MediaRecord } from '../../contract/record'
import type { EmbeddedDetails } from './embedded-details'
import { DEFAULT_CATEGORY } from './file-details'
import { UPLOAD_MESSAGES, UPLOAD_WORDS } from './messages'
import { fillFromFile, initialDetails, type OwnDetails, type OwnField } from './own-details'
import type { SharedMetadata } from './upload-one'

/**
 * The steps of an upload batch as data: what each file's state may become on each event, with no
 * timer, worker or request in sight. `UploadBatch` (upload-batch.ts) runs the steps and reports each
 * event here; the screen reads the state it gives.
 */

/** Where one file stands (CONVENTIONS 7); an error belongs to its file, not to the batch. */
export type UploadItemState =
  | { status: 'queued' }
  | { status: 'hashing'; progress: number }
  /** Same bytes as a file already in the library; waits for "Use existing" or "Upload anyway". */
  | { status: 'duplicate' }
  /** `retrying`: the server refused the bytes with this status, and they are sent again after a wait. */
  | { status: 'uploading'; progress: number; retrying?: number }
  /** The server stopped answering: the file waits for it, keeping its progress, and then goes on. */
  | { status: 'waiting'; progress: number }
  | { status: 'done'; record: MediaRecord }
  /** "Use existing": nothing is added; the library's file (`record`) stands for this one. */
  | { status: 'existing'; record: MediaRecord }
  | { status: 'failed'; error: string; detail?: string }

export type DuplicateChoice = 'use-existing' | 'upload-anyway'

/**
 * How a file is checked for a copy already in the library: by the fingerprint computed here before
 * any byte is sent; when that could not be done, by the one the server computes once it holds the
 * bytes ('after-upload'); or, with a host that computes none, not at all ('none').
 */
export type DuplicateCheck = 'before-upload' | 'after-upload' | 'none'

export interface UploadItem {
  id: string
  file: File
  /** The file's own title, description, tags, author and date, each editable in its row. */
  details: OwnDetails
  /** The fields of `details` filled from the file's embedded metadata and not changed since. */
  filled: readonly OwnField[]
  /** The file's fingerprint (`src/contract/fingerprint.ts`); null until known. */
  sha256: string | null
  /** The library's record with the same fingerprint. */
  duplicateOf: MediaRecord | null
  choice: DuplicateChoice | null
  check: DuplicateCheck
  state: UploadItemState
}

export interface BatchSnapshot {
  items: readonly UploadItem[]
  shared: SharedMetadata
  /** A run (Start upload, a retry, a resume) is under way: the files and their details are settled. */
  running: boolean
}

export const INITIAL_SHARED: SharedMetadata = {
  description: '',
  category: DEFAULT_CATEGORY,
  categoryChanged: false,
  tags: '',
  author: '',
}

export const EMPTY_BATCH: BatchSnapshot = { items: [], shared: INITIAL_SHARED, running: false }

/** A file as it comes in: checked first (hashed), with the details its name gives. */
export function newItem(id: string, file: File): UploadItem {
  return {
    id,
    file,
    details: initialDetails(file),
    filled: [],
    sha256: null,
    duplicateOf: null,
    choice: null,
    check: 'before-upload',
    state: { status: 'hashing', progress: 0 },
  }
}

/** Everything that happens to a batch, in the order of its steps. */
export type BatchEvent =
  // Choosing files and their details.
  | { type: 'added'; items: readonly UploadItem[] }
  | { type: 'removed'; id: string }
  | { type: 'details-typed'; id: string; change: Partial<OwnDetails> }
  | { type: 'filled-cleared'; id: string; field: OwnField }
  | { type: 'details-read'; id: string; embedded: EmbeddedDetails | null }
  | { type: 'shared-typed'; change: Partial<SharedMetadata> }
  // Checking each file against the library.
  | { type: 'hashing'; id: string; progress: number }
  | { type: 'hashed'; id: string; sha256: string; duplicateOf: MediaRecord | null }
  | { type: 'hash-failed'; id: string; check: DuplicateCheck }
  // A duplicate offered, and the person's choice.
  | { type: 'duplicate-offered'; id: string }
  | { type: 'chosen'; id: string; choice: DuplicateChoice }
  | { type: 'kept-existing'; id: string }
  // Uploading and finalizing.
  | { type: 'run-started' }
  | { type: 'uploading'; id: string; progress: number }
  | { type: 'server-waiting'; id: string; waiting: boolean }
  | { type: 'server-retrying'; id: string; status: number }
  | { type: 'stored-copy-checked'; id: string; sha256: string; duplicateOf: MediaRecord | null }
  | { type: 'stored'; id: string; record: MediaRecord }
  | { type: 'failed'; id: string; error: string; detail?: string }
  | { type: 'run-ended' }
  | { type: 'reset' }

/** The batch after `event`; the same object when the event changes nothing (a file since removed). */
export function batchReducer(batch: BatchSnapshot, event: BatchEvent): BatchSnapshot {
  switch (event.type) {
    case 'added':
      return { ...batch, items: [...batch.items, ...event.items] }
    case 'removed':
      return { ...batch, items: batch.items.filter((item) => item.id !== event.id) }
    case 'shared-typed':
      return { ...batch, shared: { ...batch.shared, ...event.change } }
    case 'run-started':
      return { ...batch, running: true }
    case 'run-ended':
      return { ...batch, running: false }
    case 'reset':
      return EMPTY_BATCH
    default:
      return withItem(batch, event.id, (item) => itemReducer(item, event, batch.running))
  }
}

/** What happens to one file while it stays in the batch. */
type ItemEvent = Exclude<Extract<BatchEvent, { id: string }>, { type: 'removed' }>

/**
 * The refusal a file's sending met (`retrying`, its status), as its progress moves from `before` to
 * `now`: a retry's start reports where it goes on from, so the refusal stays said until bytes move again.
 */
export function stillRetrying(before: number, now: number, retrying: number | undefined): number | undefined {
  return now > before ? undefined : retrying
}

function itemReducer(item: UploadItem, event: ItemEvent, running: boolean): UploadItem {
  switch (event.type) {
    case 'details-typed':
      // What the person types is theirs, no longer marked as filled from the file.
      return {
        ...item,
        details: { ...item.details, ...event.change },
        filled: item.filled.filter((field) => !(field in event.change)),
      }
    case 'filled-cleared':
      // Back to what the field held before the file filled it in (for a title, the one from the name).
      return itemReducer(
        item,
        {
          type: 'details-typed',
          id: item.id,
          change: { [event.field]: initialDetails(item.file)[event.field] },
        },
        running,
      )
    case 'details-read':
      // Not once a run has begun: what is sent is settled then.
      if (running) return item
      return { ...item, ...fillFromFile(item.file, item.details, item.filled, event.embedded) }
    case 'hashing':
      return { ...item, state: { status: 'hashing', progress: event.progress } }
    case 'hashed':
      return {
        ...item,
        sha256: event.sha256,
        duplicateOf: event.duplicateOf,
        state: event.duplicateOf ? { status: 'duplicate' } : { status: 'queued' },
      }
    case 'hash-failed':
      return { ...item, check: event.check, state: { status: 'queued' } }
    case 'duplicate-offered':
      return { ...item, state: { status: 'duplicate' } }
    case 'chosen':
      return {
        ...item,
        choice: event.choice,
        state: item.state.status === 'duplicate' ? { status: 'queued' } : item.state,
      }
    case 'kept-existing':
      return keepsExisting(item) && item.duplicateOf
        ? { ...item, state: { status: 'existing', record: item.duplicateOf } }
        : item
    case 'uploading': {
      const { state } = item
      const retrying =
        state.status === 'uploading'
          ? stillRetrying(state.progress, event.progress, state.retrying)
          : undefined
      return {
        ...item,
        state: {
          status: 'uploading',
          progress: event.progress,
          ...(retrying === undefined ? {} : { retrying }),
        },
      }
    }
    case 'server-retrying': {
      const { state } = item
      if (state.status !== 'uploading' && state.status !== 'waiting') return item
      return { ...item, state: { status: 'uploading', progress: state.progress, retrying: event.status } }
    }
    case 'server-waiting': {
      const { state } = item
      if (state.status !== 'uploading' && state.status !== 'waiting') return item
      return { ...item, state: { status: event.waiting ? 'waiting' : 'uploading', progress: state.progress } }
    }
    case 'stored-copy-checked':
      return { ...item, sha256: event.sha256, duplicateOf: event.duplicateOf, choice: null }
    case 'stored':
      return { ...item, state: { status: 'done', record: event.record } }
    case 'failed':
      return {
        ...item,
        state: {
          status: 'failed',
          error: event.error,
          ...(event.detail === undefined ? {} : { detail: event.detail }),
        },
      }
  }
}

function withItem(batch: BatchSnapshot, id: string, change: (item: UploadItem) => UploadItem): BatchSnapshot {
  const item = batch.items.find((candidate) => candidate.id === id)
  if (item === undefined) return batch
  const next = change(item)
  if (next === item) return batch
  return { ...batch, items: batch.items.map((candidate) => (candidate === item ? next : candidate)) }
}

/** The person chose "Use existing" for a file that has a copy in the library. */
export function keepsExisting(item: UploadItem): boolean {
  return item.choice === 'use-existing' && item.duplicateOf !== null
}

/** A duplicate the person has not decided about yet: none of its bytes may go. */
export function awaitsChoice(item: UploadItem): boolean {
  return item.duplicateOf !== null && item.choice === null
}

/** Stored, or left for the library's copy: nothing more to do for it. */
export function isSettled(item: UploadItem): boolean {
  return item.state.status === 'done' || item.state.status === 'existing'
}

/** Has its answer: stored, left for the library's copy, or failed. */
export function isFinished(item: UploadItem): boolean {
  return isSettled(item) || item.state.status === 'failed'
}

/** Cut off by a lost connection: goes on by itself once the browser is back online. */
export function isInterrupted(item: UploadItem): boolean {
  return item.state.status === 'failed' && item.state.error === UPLOAD_MESSAGES.networkError
}

/** How one file of a run ended. */
export type FileResult =
  | { kind: 'stored' }
  /** The person kept the library's copy: nothing was added. */
  | { kind: 'existing' }
  /** The batch was reset under it. */
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: string }

export interface RunOutcome {
  succeeded: number
  failed: number
  /** Files left out for the library's copy ("Use existing"). */
  existing: number
  /** The spec's summary of the run (section 8). */
  message: string
  /** Every file of the batch is stored: the dialog closes, the selection resets, the list reloads. */
  complete: boolean
}

/** What a run says once every file of it has ended, over the batch as it then stands. */
export function runOutcome(results: readonly FileResult[], batch: BatchSnapshot): RunOutcome {
  const count = (kind: FileResult['kind']) => results.filter((result) => result.kind === kind).length
  const firstError = results.find((result) => result.kind === 'failed')?.error ?? ''
  const [succeeded, failed, existing] = [count('stored'), count('failed'), count('existing')]
  return {
    succeeded,
    failed,
    existing,
    message: summarize(succeeded, failed, firstError, existing),
    complete: batch.items.every(isSettled),
  }
}

export function summarize(succeeded: number, failed: number, firstError: string, existing = 0): string {
  if (failed === 0 && succeeded === 0 && existing > 0) return UPLOAD_WORDS.allExisting(existing)
  if (failed === 0) return UPLOAD_MESSAGES.allSucceeded(succeeded)
  if (succeeded === 0) return UPLOAD_MESSAGES.totalFailure(firstError)
  return UPLOAD_MESSAGES.someFailed(succeeded, failed)
}
