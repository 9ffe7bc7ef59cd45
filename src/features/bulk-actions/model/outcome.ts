import { toast } from '../../../components/ui/toast'
import type { MediaRecord } from '../../../contract/record'
import { serverMessage } from '../../../lib/api-errors'
import type { BatchRun } from '../../../lib/in-batches'
import { countOf } from '../../../lib/plural'

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

export function succeededIds(outcome: Outcome): number[] {
  return outcome.results.filter((result) => result.success).map((result) => result.id)
}

/**
 * The toasts of spec section 8: successes, failures with the first error, and the operation's own
 * message when a request failed as a whole (the server's error when it sent one). `undo`, when given,
 * is offered on the success toast. One file reads in the singular (docs/decisions/0002-human-words.md).
 */
export function reportOutcome(
  outcome: Outcome,
  failureMessage: string,
  describeError: (result: ItemResult) => string,
  undo?: () => void,
) {
  const succeeded = outcome.results.filter((result) => result.success).length
  const failed = outcome.results.filter((result) => !result.success)
  if (succeeded > 0) {
    toast.success(`${countOf(succeeded, 'file')} processed successfully`, { undo })
  }
  const first = failed[0]
  if (first !== undefined) {
    toast.error(`${countOf(failed.length, 'file')} failed to process`, { description: describeError(first) })
  }
  if (outcome.failure !== undefined) {
    toast.error('Bulk operation failed', { description: serverMessage(outcome.failure) ?? failureMessage })
  }
}
