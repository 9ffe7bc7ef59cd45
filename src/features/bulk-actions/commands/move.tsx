import { FolderInput } from 'lucide-react'

import { lazyWithPreload } from '../../../components/ui/lazy-load'
import type { MediaRecord } from '../../../contract/record'
import type { MoveTarget } from '../../../lib/move-target'
import { requirementOfRoute } from '../../../contract/route-access'
import type { FileCommand, FileCommandDialogProps, FileCommandServices } from '../../commands'
import { bulkOperations } from '../model/bulk-operations'
import { openOnStored } from './open-on-stored'

const Dialog = lazyWithPreload(() => import('../components/move-dialog').then((module) => module.MoveDialog))

/** Moves the files to the folder, with Undo; the selection is cleared when some moved. */
export async function moveFiles(
  services: FileCommandServices,
  targets: readonly MediaRecord[],
  target: MoveTarget,
): Promise<number[]> {
  const { cache, undoDelete, folderAt, afterBulk } = services
  const ids = await bulkOperations(cache, undoDelete, folderAt).move(targets, target)
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
