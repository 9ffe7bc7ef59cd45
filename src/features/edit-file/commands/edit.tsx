import { Pencil } from 'lucide-react'

import { lazyWithPreload } from '../../../components/ui/lazy-load'
import { requirementOfRoute } from '../../../contract/route-access'
import type { FileCommand, FileCommandDialogProps } from '../../commands'

const Dialog = lazyWithPreload(() =>
  import('../components/edit-file-dialog').then((module) => module.EditFileDialog),
)

/** Opened with this detail, Edit puts the caret in the alt text field (Details' "Add alt text"). */
export const ALT_TEXT_FIELD = 'alt_text'

function EditCommandDialog({ open, targets, detail, services, onClose }: FileCommandDialogProps) {
  const id = open ? targets[0]?.id : undefined
  return (
    <Dialog
      record={id === undefined ? null : (services.recordById(id) ?? null)}
      focusField={detail === ALT_TEXT_FIELD ? ALT_TEXT_FIELD : undefined}
      cache={services.cache}
      onClose={onClose}
    />
  )
}

/** Edit: the file's title, description, category, tags, author and alt text. */
export const editCommand: FileCommand = {
  name: 'edit',
  needs: requirementOfRoute('update', 'PATCH'),
  label: 'Edit',
  icon: Pencil,
  shows: { context: { order: 2 }, card: { order: 2 }, details: { order: 1 } },
  dialog: Object.assign(EditCommandDialog, { preload: Dialog.preload }),
  perform: (services, targets) => {
    const record = targets[0]
    if (record !== undefined) services.open('edit', [record])
  },
}
