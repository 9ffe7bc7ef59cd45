import { toast } from '../../../components/ui/toast'
import type { MediaRecord } from '../../../contract/record'
import { errorMessage } from '../../../lib/api-errors'
import { inBatches } from '../../../lib/in-batches'
import { retryingImport } from '../../../lib/retry-import'
import type { MoveTarget } from '../../../lib/move-target'
import {
  withFolder,
  withoutRecords,
  withPatch,
  withRecords,
  type MediaCache,
  type RecordFields,
  type RecordsChange,
} from '../../../lib/record-changes'
import { batchDelete } from '../api/batch-delete'
import { batchMove } from '../api/batch-move'
import { batchUpdate } from '../api/batch-update'
import { reportOutcome, succeededIds, type ItemResult, type Outcome } from './outcome'

export const NO_FILES_SELECTED = 'No files selected for bulk operation'

/** Ids the server knows: the sample files shown after a failed load have none. */
export function storedIds(records: readonly MediaRecord[]): number[] {
  return records.map((record) => record.id as number).filter((id) => id > 0)
}

const plainError = (result: ItemResult) => result.error ?? `File ${String(result.id)} failed`

/** Where a folder path leads for a move (null when the folder is gone): for Undo of a move. */
export type FolderAt = (path: string) => MoveTarget | undefined

const moveRequest = (ids: readonly number[], folderId: number | null) =>
  inBatches(ids, async (batch) =>
    (await batchMove(batch, folderId)).results.map(({ fileId, success, error }) => ({
      id: fileId,
      success,
      error,
    })),
  )

const describeMoveError = (result: ItemResult) => `File ${String(result.id)}: ${plainError(result)}`

/** Each file's folder before a move, grouped: files moved together may have come from several folders. */
export function originsOf(records: readonly MediaRecord[]): Map<string, number[]> {
  const origins = new Map<string, number[]>()
  for (const record of records) {
    const ids = origins.get(record.folder_path) ?? []
    ids.push(record.id)
    origins.set(record.folder_path, ids)
  }
  return origins
}

/**
 * Moves each file back to the folder it came from, one batch-move per origin folder. A folder that no
 * longer exists fails its files; a request that fails as a whole stops the rest.
 */
export async function moveBack(origins: ReadonlyMap<string, number[]>, folderAt: FolderAt): Promise<Outcome> {
  const results: ItemResult[] = []
  for (const [path, ids] of origins) {
    const target = folderAt(path)
    if (target === undefined) {
      results.push(...ids.map((id) => ({ id, success: false, error: 'Its folder no longer exists' })))
      continue
    }
    const outcome = await moveRequest(ids, target.folderId)
    results.push(...outcome.results)
    if (outcome.failure !== undefined) return { results, failure: outcome.failure }
  }
  return { results, failure: undefined }
}

function withOrigins(origins: ReadonlyMap<string, number[]>, only?: ReadonlySet<number>): RecordsChange {
  return {
    kind: 'each',
    changes: [...origins].map(([path, ids]) =>
      withFolder(only ? ids.filter((id) => only.has(id)) : ids, path),
    ),
  }
}

/**
 * Move, update, delete and download for a set of files. Each shows its change at once, sends the ids in
 * batches, keeps what the server confirmed and rolls back the rest, then reports with the spec's toasts.
 * Each resolves to the ids that succeeded. `undoDelete` brings back files a delete moved to the trash,
 * and `folderAt` lets a move be undone: each success toast then offers Undo.
 */
export function bulkOperations(
  cache: MediaCache,
  undoDelete?: (records: readonly MediaRecord[]) => void,
  folderAt?: FolderAt,
) {
  // The one place an operation gets the ids it sends.
  const guard = (records: readonly MediaRecord[]): number[] | null => {
    const ids = storedIds(records)
    if (ids.length > 0) return ids
    toast.error(NO_FILES_SELECTED)
    return null
  }
  const undoMove = (moved: readonly MediaRecord[]) => {
    if (folderAt === undefined) return undefined
    const origins = originsOf(moved)
    return () => {
      void cache
        .change(
          () => moveBack(origins, folderAt),
          withOrigins(origins),
          (done) => withOrigins(origins, new Set(succeededIds(done))),
        )
        .then((outcome) => {
          reportOutcome(outcome, 'Batch move failed', describeMoveError)
        })
    }
  }
  return {
    move: async (records: readonly MediaRecord[], target: MoveTarget): Promise<number[]> => {
      const ids = guard(records)
      if (ids === null) return []
      const outcome = await cache.change(
        () => moveRequest(ids, target.folderId),
        withFolder(ids, target.path),
        (done) => withFolder(succeededIds(done), target.path),
      )
      const moved = new Set(succeededIds(outcome))
      const undo = undoMove(records.filter((record) => moved.has(record.id)))
      reportOutcome(outcome, 'Batch move failed', describeMoveError, undo)
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
          const { downloadAsZip } = await retryingImport(() => import('../../download'))
          return await downloadAsZip(records)
        } catch (error) {
          toast.error('Bulk operation failed', { description: errorMessage(error, 'Download failed') })
          return []
        }
      }
      const results: ItemResult[] = []
      try {
        const { downloadRecord } = await retryingImport(() => import('../../../lib/download'))
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
}

export type BulkOperations = ReturnType<typeof bulkOperations>
