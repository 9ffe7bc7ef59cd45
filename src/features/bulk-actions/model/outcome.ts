import { toast } from '../../../components/ui/toast'
import { LIMITS } from '../../../contract/limits'
import type { MediaRecord } from '../../../contract/record'
import { serverMessage } from '../../../lib/api-errors'
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
export interface Outcome {
  results: ItemResult[]
  /** Set when a request failed as a whole; the items of the batches after it were not attempted. */
  failure: unknown
}

/**
 * Runs `request` over the ids in batches of the API's limit, one after the other, and collects every
 * item's result. A batch that fails as a whole stops the run; what succeeded before it stays reported.
 */
export async function inBatches(
  ids: readonly number[],
  request: (batch: number[]) => Promise<ItemResult[]>,
): Promise<Outcome> {
  const results: ItemResult[] = []
  for (let start = 0; start < ids.length; start += LIMITS.batchItems) {
    try {
      results.push(...(await request(ids.slice(start, start + LIMITS.batchItems))))
    } catch (failure) {
      return { results, failure }
    }
  }
  return { results, failure: undefined }
}

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
