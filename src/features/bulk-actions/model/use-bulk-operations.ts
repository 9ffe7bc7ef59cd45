import { useMemo } from 'react'

import { toast } from '../../../components/ui/toast'
import type { MediaRecord } from '../../../contract/record'
import { errorMessage } from '../../../lib/api-errors'
import { downloadRecord } from '../../../lib/download'
import { retryingImport } from '../../../lib/retry-import'
import type { MoveTarget } from '../../../lib/move-target'
import {
  withFolder,
  withoutRecords,
  withPatch,
  withRecords,
  type MediaCache,
  type RecordFields,
} from '../../../lib/record-changes'
import { batchDelete } from '../api/batch-delete'
import { batchMove } from '../api/batch-move'
import { batchUpdate } from '../api/batch-update'
import { inBatches, reportOutcome, succeededIds, type ItemResult } from './outcome'

export const NO_FILES_SELECTED = 'No files selected for bulk operation'

/** Ids the server knows: the sample files shown after a failed load have none. */
export function storedIds(records: readonly MediaRecord[]): number[] {
  return records.map((record) => record.id as number).filter((id) => id > 0)
}

const plainError = (result: ItemResult) => result.error ?? `File ${String(result.id)} failed`

/**
 * Move, update, delete and download for a set of files. Each shows its change at once, sends the ids in
 * batches, keeps what the server confirmed and rolls back the rest, then reports with the spec's toasts.
 * Each resolves to the ids that succeeded. `undoDelete` brings back files a delete moved to the trash:
 * the delete's success toast offers it.
 */
export function useBulkOperations(cache: MediaCache, undoDelete?: (records: readonly MediaRecord[]) => void) {
  return useMemo(() => {
    const guard = (records: readonly MediaRecord[]): number[] | null => {
      const ids = storedIds(records)
      if (ids.length > 0) return ids
      toast.error(NO_FILES_SELECTED)
      return null
    }
    return {
      move: async (records: readonly MediaRecord[], target: MoveTarget): Promise<number[]> => {
        const ids = guard(records)
        if (ids === null) return []
        const outcome = await cache.change(
          () =>
            inBatches(ids, async (batch) =>
              (await batchMove(batch, target.folderId)).results.map(({ fileId, success, error }) => ({
                id: fileId,
                success,
                error,
              })),
            ),
          withFolder(ids, target.path),
          (done) => withFolder(succeededIds(done), target.path),
        )
        reportOutcome(
          outcome,
          'Batch move failed',
          (result) => `File ${String(result.id)}: ${plainError(result)}`,
        )
        return succeededIds(outcome)
      },
      update: async (records: readonly MediaRecord[], fields: RecordFields): Promise<number[]> => {
        const ids = guard(records)
        if (ids === null) return []
        const outcome = await cache.change(
          () => inBatches(ids, async (batch) => (await batchUpdate(batch, fields)).results),
          withPatch(ids, fields),
          (done) => withRecords(done.results.flatMap((result) => (result.record ? [result.record] : []))),
        )
        reportOutcome(outcome, 'Batch update failed', plainError)
        return succeededIds(outcome)
      },
      remove: async (records: readonly MediaRecord[]): Promise<number[]> => {
        const ids = guard(records)
        if (ids === null) return []
        const outcome = await cache.change(
          () => inBatches(ids, async (batch) => (await batchDelete(batch)).results),
          withoutRecords(ids),
          (done) => withoutRecords(succeededIds(done)),
        )
        const deleted = new Set(succeededIds(outcome))
        const undo =
          undoDelete &&
          (() => {
            undoDelete(records.filter((record) => deleted.has(record.id)))
          })
        reportOutcome(outcome, 'Batch delete failed', plainError, undo)
        return succeededIds(outcome)
      },
      download: async (records: readonly MediaRecord[]): Promise<number[]> => {
        const [record, ...others] = records
        if (record === undefined) {
          toast.error(NO_FILES_SELECTED)
          return []
        }
        // Two files or more are saved as one ZIP; its code is fetched only when one is asked for.
        if (others.length > 0) {
          try {
            const { downloadAsZip } = await retryingImport(() => import('../../download/download-zip'))
            return await downloadAsZip(records)
          } catch (error) {
            toast.error('Bulk operation failed', { description: errorMessage(error, 'Download failed') })
            return []
          }
        }
        const results: ItemResult[] = []
        try {
          await downloadRecord(record)
          results.push({ id: record.id, success: true })
        } catch (error) {
          results.push({ id: record.id, success: false, error: errorMessage(error, 'Download failed') })
        }
        const outcome = { results, failure: undefined }
        reportOutcome(
          outcome,
          'Bulk operation failed',
          (result) => `File ${String(result.id)}: ${plainError(result)}`,
        )
        return succeededIds(outcome)
      },
    }
  }, [cache, undoDelete])
}

export type BulkOperations = ReturnType<typeof useBulkOperations>
