import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { countOf } from '../../../lib/plural'
import type { FileCommandDialogProps } from '../../commands'
import { UsageWarning } from '../../usage'
import { deleteFiles, deleteOne, ONE_FILE } from '../commands/delete'

/**
 * Asks before one file (its menu, Details) or the selection (the bulk panel) goes to the Trash, saying
 * where they are used (decision 0073).
 */
export function DeleteConfirm({ open, targets, detail, services, onClose }: FileCommandDialogProps) {
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
    >
      {open && <UsageWarning records={one ? [one] : targets} />}
    </ConfirmDialog>
  )
}
