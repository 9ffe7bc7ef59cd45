import { describeFailure, isNoAnswer } from '../../lib/api-errors'
import { countOf } from '../../lib/plural'

/** Every text of the upload flow that the spec fixes word for word (sections 5 and 8). */
export const UPLOAD_MESSAGES = {
  tooManyFiles: 'Maximum 10 files allowed per batch upload',
  networkError: 'Network error during upload',
  saveFailed: 'Save failed',
  failedWithStatus: (status: number) => `Upload failed with status: ${String(status)}`,
  backendError: (status: number, text: string) => `Backend API error: ${String(status)} - ${text}`,
  someFailed: (succeeded: number, failed: number) =>
    `Upload complete! ${String(succeeded)} files uploaded successfully, ${String(failed)} failed.`,
  allSucceeded: (count: number) => `All ${String(count)} files uploaded successfully!`,
  totalFailure: (message: string) => `Upload failed: ${message}`,
} as const

/**
 * The upload flow's own sentences, beyond the spec's: what a file waiting for the server shows, the
 * detail under the spec's 'Network error during upload' when the network, not the server, failed, a
 * file's own details and its duplicate check.
 */
export const UPLOAD_WORDS = {
  waiting: 'Waiting for the server…',
  /** Beside a file's progress while its host sends again what the server refused with `status`. */
  retrying: (status: number) => `The server answered ${String(status)}; trying again…`,
  /** Beside a file's 100%: its bytes are in, and the library is making its entry. */
  adding: 'Adding to the library…',
  waitingSummary: (count: number) =>
    count === 1
      ? '1 file is waiting for the server; it goes on by itself once the server answers.'
      : `${countOf(count, 'file')} are waiting for the server; they go on by themselves once the server answers.`,
  /** The batch's line while files the server refused are sent again (their rows say with which status). */
  retryingSummary: (count: number) =>
    count === 1
      ? 'The server refused 1 file; it is sent again by itself.'
      : `The server refused ${countOf(count, 'file')}; they are sent again by themselves.`,
  gaveUp: 'The server could not be reached. Check your connection, then press Retry.',
  /** The batch as a whole, while it runs. */
  progress: (finished: number, total: number) => `${String(finished)} of ${countOf(total, 'file')} done`,
  destination: 'Upload to',
  /** Under a field filled in from the metadata embedded in the file. */
  filledFromFile: 'Filled from the file',
  /** A file's own fields, folded in its row: which of them the file filled in, if any. */
  ownDetails: (filled: readonly string[]) =>
    filled.length === 0 ? 'Details of this file' : `Filled from the file: ${filled.join(', ')}`,
  /** Under a file's own field while the same field for every file has text, which the file gets instead. */
  sharedWins: (field: string) => `Every file gets the ${field} under “Details for every file” instead.`,
  /** A file whose fingerprint could not be computed on the page (the fingerprint worker failed). */
  checkAfterUpload:
    'Could not check whether this file is already in the library. It is checked once uploaded, before it is added.',
  checkNone: 'Could not check whether this file is already in the library; it uploads without that check.',
  /** A duplicate the person chose not to add ("Use existing"). */
  usedExisting: (title: string) => `Not added: “${title}” is already in the library.`,
  allExisting: (count: number) =>
    count === 1
      ? 'Nothing was added: the file is already in the library.'
      : `Nothing was added: the ${String(count)} files are already in the library.`,
} as const

/** The "Import from URL" tab's sentences (decision 0048); a refused address shows the server's reason. */
export const IMPORT_WORDS = {
  tab: 'Import from URL',
  filesTab: 'Upload files',
  addresses: 'File addresses',
  hint: 'One https:// address per line, up to 10. The server fetches each file.',
  tooMany: (count: number, max: number) =>
    `Import up to ${String(max)} addresses at a time; this list has ${String(count)}.`,
  none: 'Enter the https:// address of at least one file.',
  start: 'Start import',
  pending: 'Importing…',
  waiting: 'Waiting',
  importing: 'Importing…',
  done: 'Imported',
  failed: 'Import failed. Try again, or download the file and upload it.',
  allSucceeded: (count: number) =>
    count === 1 ? 'The file was imported.' : `All ${String(count)} files were imported.`,
  someFailed: (succeeded: number, failed: number) =>
    `${countOf(succeeded, 'file')} imported, ${String(failed)} not: each says why below.`,
} as const

/**
 * An upload that did not succeed. `message` is the spec's text; `detail` is what the host or server said,
 * shown beneath it so a user can act on it (a preset not allowed, a file over the plan's limit).
 */
export class UploadError extends Error {
  override name = 'UploadError'

  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message)
  }
}

/** A cancelled upload or request; checked by name, as fetch and XHR may use another realm's DOMException. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
}

export function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError')
}

/**
 * What a failed file shows: an `UploadError` as it is (the spec's message, the server's detail), a
 * request without an answer as the spec's network message with a sentence under it, and any other
 * failure in words (never a library's own text where the map has a sentence for it).
 */
export function uploadFailure(error: unknown): { error: string; detail?: string } {
  if (error instanceof UploadError)
    return error.detail === undefined
      ? { error: error.message }
      : { error: error.message, detail: error.detail }
  if (isNoAnswer(error)) return { error: UPLOAD_MESSAGES.networkError, detail: UPLOAD_WORDS.gaveUp }
  const described = describeFailure(error)
  if (described !== null) return { error: described }
  return { error: error instanceof Error && error.message ? error.message : String(error) }
}
