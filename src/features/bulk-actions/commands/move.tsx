import { FolderInput } from 'lucide-react'

import { lazyWithPreload } from '../../../components/ui/lazy-load'
import type { MediaRecord } from '../../../contract/record'
import { requirementOfRoute } from '../../../contract/route-access'
import { inBatches } from '../../../lib/in-batches'
import { countOf } from '../../../lib/plural'
import type { MoveTarget } from '../../../lib/move-target'
import { withFolder, type MediaCache, type RecordsChange } from '../../../lib/record-changes'
import type { FileCommand, FileCommandDialogProps, FileCommandServices } from '../../commands'
import { batchMove } from '../api/batch-move'
import {
  openOnStored,
  plainError,
  reportOutcome,
  runBulk,
  succeededIds,
  type ItemResult,
  type Outcome,
} from '../model/bulk-operations'

const Dialog = lazyWithPreload(() => import('../components/move-dialog').then((module) => module.MoveDialog))

/** Where a folder path leads for a move (undefined when the folder is gone): for Undo of a move. */
type FolderAt = FileCommandServices['folderAt']

const moveResults = async (batch: number[], folderId: number | null): Promise<ItemResult[]> =>
  (await batchMove(batch, folderId)).results.map(({ fileId, success, error }) => ({
    id: fileId,
    success,
    error,
  }))

const describeMoveError = (result: ItemResult) => `File ${String(result.id)}: ${plainError(result)}`

/** Each file's folder before a move, grouped: files moved together may have come from several folders. */
function originsOf(records: readonly MediaRecord[]): Map<string, number[]> {
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
async function moveBack(origins: ReadonlyMap<string, number[]>, folderAt: FolderAt): Promise<Outcome> {
  const results: ItemResult[] = []
  for (const [path, ids] of origins) {
    const target = folderAt(path)
    if (target === undefined) {
      results.push(...ids.map((id) => ({ id, success: false, error: 'Its folder no longer exists' })))
      continue
    }
    const outcome = await inBatches(ids, (batch) => moveResults(batch, target.folderId))
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

/** What an Undo of a move says it did: the one file by its title, else how many. */
function movedBack(moved: readonly MediaRecord[]) {
  return (files: readonly ItemResult[]) => {
    const [only] = moved
    return files.length === 1 && moved.length === 1 && only
      ? `"${only.title}" moved back`
      : `${countOf(files.length, 'file')} moved back`
  }
}

/** Undo of a move: the files moved back where each came from, shown at once, reported as a move. */
function undoMove(cache: MediaCache, folderAt: FolderAt, moved: readonly MediaRecord[]) {
  const origins = originsOf(moved)
  return () => {
    void cache
      .change(
        () => moveBack(origins, folderAt),
        withOrigins(origins),
        (done) => withOrigins(origins, new Set(succeededIds(done))),
      )
      .then((outcome) => {
        reportOutcome(outcome, {
          failureMessage: 'Batch move failed',
          describeError: describeMoveError,
          succeeded: movedBack(moved),
        })
      })
  }
}

/** Moves the files to the folder, with Undo; the selection is cleared when some moved. */
export async function moveFiles(
  services: FileCommandServices,
  targets: readonly MediaRecord[],
  target: MoveTarget,
): Promise<number[]> {
  const { cache, folderAt, afterBulk } = services
  const ids = await runBulk(cache, targets, {
    request: (batch) => moveResults(batch, target.folderId),
    shown: (sent) => withFolder(sent, target.path),
    confirmed: (done) => withFolder(succeededIds(done), target.path),
    failureMessage: 'Batch move failed',
    describeError: describeMoveError,
    undo: (moved) => undoMove(cache, folderAt, moved),
  })
  if (ids.length > 0) afterBulk()
  return ids
}

function MoveCommandDialog({ open, targets, services, onClose }: FileCommandDialogProps) {
  return (
    <Dialog
      open={open}
      count={targets.length}
      options={services.moveOptions}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose()
      }}
      onMove={(target) => {
        void moveFiles(services, targets, target)
      }}
    />
  )
}

/** Spec section 4's Move, and the file menu's Move to…: the files to a folder chosen in a dialog. */
export const moveCommand: FileCommand = {
  name: 'move',
  needs: requirementOfRoute('batchMoveToFolder', 'POST'),
  label: 'Move',
  icon: FolderInput,
  shows: { context: { order: 6, label: 'Move to…' }, bulk: { order: 1 } },
  dialog: Object.assign(MoveCommandDialog, { preload: Dialog.preload }),
  perform: (services, targets) => {
    openOnStored(services, 'move', targets)
  },
}
