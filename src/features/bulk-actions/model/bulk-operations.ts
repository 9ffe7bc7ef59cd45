import { toast } from '../../../components/ui/toast'
import type { MediaRecord } from '../../../contract/record'
import { serverMessage } from '../../../lib/api-errors'
import { inBatches, type BatchRun } from '../../../lib/in-batches'
import { countOf } from '../../../lib/plural'
import type { MediaCache, RecordsChange } from '../../../lib/record-changes'
import type { FileCommandServices } from '../../commands'

/**
 * The steps every bulk action on the server's files shares (decision 0084): the stored files' ids, the
 * change shown at once, the ids sent in batches, what the server confirmed kept and the rest rolled
 * back, and the spec's toasts. What differs, the call and the change, is each action's own module
 * (`commands/<name>.tsx`) as a `BulkRun`.
 */

export const NO_FILES_SELECTED = 'No files selected for bulk operation'

/** One item of any batch answer, with the id under one name. */
export interface ItemResult {
  id: number
  success: boolean
  error?: string
  /** The record as saved (batch update only). */
  record?: MediaRecord
}

/** A bulk operation's result: per item, plus the error that stopped it early, if one did. */
export type Outcome = BatchRun<ItemResult>

/** Ids the server knows: the sample files shown after a failed load have none. */
export function storedIds(records: readonly MediaRecord[]): number[] {
  return records.map((record) => record.id as number).filter((id) => id > 0)
}

/** Opens a bulk command's dialog, unless none of the files is stored (the sample files after a failed load). */
export function openOnStored(services: FileCommandServices, name: string, targets: readonly MediaRecord[]) {
  if (storedIds(targets).length === 0) toast.error(NO_FILES_SELECTED)
  else services.open(name, targets)
}

export function succeededIds(outcome: Outcome): number[] {
  return outcome.results.filter((result) => result.success).map((result) => result.id)
}

export const plainError = (result: ItemResult) => result.error ?? `File ${String(result.id)} failed`

/** How an outcome is told: the words of its operation, and what its success toast offers. */
export interface OutcomeWords {
  /** The toast's words when a request failed as a whole and the server said nothing. */
  failureMessage: string
  describeError: (result: ItemResult) => string
  /** Offered on the success toast. */
  undo?: (() => void) | undefined
  /**
   * The success toast's words for the files that succeeded; the spec's "N files processed successfully"
   * unless given (an Undo says what it undid: the same words again would read as nothing happening).
   */
  succeeded?: (files: readonly ItemResult[]) => string
}

const processed = (files: readonly ItemResult[]) => `${countOf(files.length, 'file')} processed successfully`

/**
 * The toasts of spec section 8: successes, failures with the first error, and the operation's own
 * message when a request failed as a whole (the server's error when it sent one). One file reads in the
 * singular (docs/decisions/0002-human-words.md).
 */
export function reportOutcome(outcome: Outcome, words: OutcomeWords) {
  const { failureMessage, describeError, undo, succeeded: successText = processed } = words
  const succeeded = outcome.results.filter((result) => result.success)
  const failed = outcome.results.filter((result) => !result.success)
  if (succeeded.length > 0) {
    toast.success(successText(succeeded), { undo })
  }
  const first = failed[0]
  if (first !== undefined) {
    toast.error(`${countOf(failed.length, 'file')} failed to process`, { description: describeError(first) })
  }
  if (outcome.failure !== undefined) {
    toast.error('Bulk operation failed', { description: serverMessage(outcome.failure) ?? failureMessage })
  }
}

/** What one bulk action sends and shows: the parts of `runBulk` that are its own. */
export interface BulkRun {
  /** Sends one batch of ids (`inBatches` cuts them), resolving to each item's result. */
  request: (batch: number[]) => Promise<readonly ItemResult[]>
  /** The change the screen shows at once, for every id sent. */
  shown: (ids: readonly number[]) => RecordsChange
  /** The change the server confirmed, kept once the run is over. */
  confirmed: (outcome: Outcome) => RecordsChange
  /** The toast's words when a request failed as a whole and the server said nothing. */
  failureMessage: string
  /** A failed file's line in the failure toast; `plainError` when not given. */
  describeError?: (result: ItemResult) => string
  /** What the success toast's Undo does for the files that succeeded; none when undefined. */
  undo?: (succeeded: readonly MediaRecord[]) => (() => void) | undefined
}

/**
 * Runs a bulk action over the stored files among `records`: shows its change at once, sends the ids in
 * batches, keeps what the server confirmed and rolls back the rest, then reports with the spec's toasts.
 * Resolves to the ids that succeeded.
 */
export async function runBulk(
  cache: MediaCache,
  records: readonly MediaRecord[],
  run: BulkRun,
): Promise<number[]> {
  const ids = storedIds(records)
  if (ids.length === 0) {
    toast.error(NO_FILES_SELECTED)
    return []
  }
  const outcome = await cache.change(() => inBatches(ids, run.request), run.shown(ids), run.confirmed)
  const succeeded = new Set(succeededIds(outcome))
  const undo = run.undo?.(records.filter((record) => succeeded.has(record.id)))
  reportOutcome(outcome, {
    failureMessage: run.failureMessage,
    describeError: run.describeError ?? plainError,
    undo,
  })
  return succeededIds(outcome)
}
