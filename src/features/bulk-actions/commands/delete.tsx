import { Trash } from 'lucide-react'

import { lazyWithPreload } from '../../../components/ui/lazy-load'
import { toast } from '../../../components/ui/toast'
import type { MediaRecord } from '../../../contract/record'
import { errorMessage } from '../../../lib/api-errors'
import { withoutRecords } from '../../../lib/record-changes'
import { SCREEN_KEYS } from '../../../lib/shortcuts'
import { requirementOfRoute } from '../../../contract/route-access'
import type { FileCommand, FileCommandServices } from '../../commands'
import { deleteFile } from '../../library'
import { batchDelete } from '../api/batch-delete'
import { openOnStored, runBulk, succeededIds } from '../model/bulk-operations'

/** What the dialog is told when it was opened on one file (its menu, Details), not on the selection. */
export const ONE_FILE = 'one'

// The confirmation (Radix's alert dialog) loads on intent, as every command's dialog does.
const DeleteCommandDialog = lazyWithPreload(() =>
  import('../components/delete-confirm').then((module) => module.DeleteConfirm),
)

/** Moves one file to the Trash at once, with Undo; the focus goes to the file taking its place. */
export function deleteOne(services: FileCommandServices, record: MediaRecord) {
  const { cache, undoDelete, aimFocusPast } = services
  aimFocusPast([record])
  const gone = withoutRecords([record.id])
  cache
    .change(
      () => deleteFile(record.id),
      gone,
      () => gone,
    )
    .then(
      () => {
        toast.success(`"${record.title}" deleted`, {
          undo: () => {
            undoDelete([record])
          },
        })
      },
      (error: unknown) => {
        toast.error('Failed to delete file', { description: errorMessage(error, 'Network error') })
      },
    )
}

/** Moves the files to the Trash in batches, with Undo; the selection is cleared when some went. */
export async function deleteFiles(
  services: FileCommandServices,
  targets: readonly MediaRecord[],
): Promise<number[]> {
  const { cache, undoDelete, aimFocusPast, afterBulk } = services
  aimFocusPast(targets)
  const ids = await runBulk(cache, targets, {
    request: async (batch) => (await batchDelete(batch)).results,
    shown: (sent) => withoutRecords(sent),
    confirmed: (done) => withoutRecords(succeededIds(done)),
    failureMessage: 'Batch delete failed',
    undo: (deleted) => () => {
      undoDelete(deleted)
    },
  })
  if (ids.length > 0) afterBulk()
  return ids
}

/** Delete, after a confirmation: one file from its menu or Details, or the selection from the bulk panel. */
export const deleteCommand: FileCommand = {
  name: 'delete',
  needs: requirementOfRoute('batchDelete', 'POST'),
  label: 'Delete',
  icon: Trash,
  shows: { context: { order: 4 }, bulk: { order: 3 }, details: { order: 0 } },
  danger: true,
  shortcut: SCREEN_KEYS.delete,
  dialog: DeleteCommandDialog,
  perform: (services, targets, scope) => {
    const record = targets[0]
    if (scope === 'bulk') openOnStored(services, 'delete', targets)
    else if (record !== undefined) services.open('delete', [record], ONE_FILE)
  },
}
