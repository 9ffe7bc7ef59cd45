import type { BatchResponse } from '../../../src/contract/api'
import type { FileId } from '../../../src/contract/ids'
import type { MediaRecord } from '../../../src/contract/record'

type BatchItem = BatchResponse['results'][number]

/**
 * The per-id results of a batch that changed `changed[i]` for `ids[i]` (undefined: nothing to change).
 * An id named twice is changed once; both mentions report that change. `failure` words a missing id.
 */
export function batchResults(
  ids: readonly number[],
  changed: readonly (MediaRecord | undefined)[],
  failure: (id: number) => Error,
  { withRecords }: { withRecords: boolean },
): BatchResponse {
  const changedIds = new Set(changed.flatMap((record) => (record ? [record.id as number] : [])))
  return summarise(
    ids.map((id, i): BatchItem => {
      const record = changed[i]
      if (record) return { id: id as FileId, success: true, ...(withRecords ? { record } : {}) }
      if (changedIds.has(id)) return { id: id as FileId, success: true }
      return { id: id as FileId, success: false, error: failure(id).message }
    }),
  )
}

export function summarise(results: BatchResponse['results']): BatchResponse {
  const succeeded = results.filter((result) => result.success).length
  return { results, succeeded, failed: results.length - succeeded }
}
