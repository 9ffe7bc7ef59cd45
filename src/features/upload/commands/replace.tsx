import { FileUp } from 'lucide-react'

import { lazyWithPreload } from '../../../components/ui/lazy-load'
import { requirementOfRoute } from '../../../contract/route-access'
import type { FileCommand, FileCommandDialogProps } from '../../commands'

const Dialog = lazyWithPreload(() =>
  import('../components/replace-file-dialog').then((module) => module.ReplaceFileDialog),
)

/** The upload code (media host, tus, pdf.js) loads when Replace file is used, not with its dialog. */
const loadReplaceServices = () => import('../replace-services').then((module) => module.loadReplaceServices())

function ReplaceCommandDialog({ open, targets, services, onClose }: FileCommandDialogProps) {
  const id = open ? targets[0]?.id : undefined
  return (
    <Dialog
      record={id === undefined ? null : (services.recordById(id) ?? null)}
      cache={services.cache}
      loadServices={loadReplaceServices}
      onClose={onClose}
    />
  )
}

/** Replace file…: new bytes for the record, sent like an upload (decision 0004). */
export const replaceCommand: FileCommand = {
  name: 'replace',
  needs: requirementOfRoute('replace', 'POST'),
  label: 'Replace file…',
  icon: FileUp,
  shows: { context: { order: 9 }, details: { order: 2 } },
  dialog: Object.assign(ReplaceCommandDialog, { preload: Dialog.preload }),
  perform: (services, targets) => {
    const record = targets[0]
    if (record !== undefined) services.open('replace', [record])
  },
}
