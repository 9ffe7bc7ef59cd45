import { Trash } from 'lucide-react'

import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { toast } from '../../../components/ui/toast'
import type { MediaRecord } from '../../../contract/record'
import { errorMessage } from '../../../lib/api-errors'
import { countOf } from '../../../lib/plural'
import { withoutRecords } from '../../../lib/record-changes'
import { SCREEN_KEYS } from '../../../lib/shortcuts'
import type { FileCommand, FileCommandDialogProps, FileCommandServices } from '../../commands'
import { deleteFile } from '../../library'
import { bulkOperations } from '../model/use-bulk-operations'
import { openOnStored } from './open-on-stored'

/** What the dialog is told when it was opened on one file (its menu, Details), not on the selection. */
const ONE_FILE = 'one'

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
  const { cache, undoDelete, folderAt, aimFocusPast, afterBulk } = services
  aimFocusPast(targets)
  const ids = await bulkOperations(cache, undoDelete, folderAt).remove(targets)
  if (ids.length > 0) afterBulk()
  return ids
}

function DeleteCommandDialog({ open, targets, detail, services, onClose }: FileCommandDialogProps) {
  const one = detail === ONE_FILE ? targets[0] : undefined
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose()
      }}
      title={one ? 'Delete file' : 'Delete files'}
      message={
        one
          ? `Are you sure you want to delete "${one.title}"?`
          : `Are you sure you want to delete ${countOf(targets.length, 'file')}?`
      }
      confirmLabel="Delete"
      onConfirm={() => {
        if (one) deleteOne(services, one)
        else void deleteFiles(services, targets)
      }}
      afterConfirm={services.focusAfterDelete}
    />
  )
}

/** Delete, after a confirmation: one file from its menu or Details, or the selection from the bulk panel. */
export const deleteCommand: FileCommand = {
  name: 'delete',
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
