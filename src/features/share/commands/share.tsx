import { Share2 } from 'lucide-react'

import { lazyWithPreload } from '../../../components/ui/lazy-load'
import { requirementOfRoute } from '../../../contract/route-access'
import type { FileCommand, FileCommandDialogProps } from '../../commands'

const Dialog = lazyWithPreload(() =>
  import('../components/share-dialog').then((module) => module.ShareDialog),
)

function ShareCommandDialog({ open, targets, services, onClose }: FileCommandDialogProps) {
  const id = open ? targets[0]?.id : undefined
  return <Dialog record={id === undefined ? null : (services.recordById(id) ?? null)} onClose={onClose} />
}

/** Share link (expires)…: a signed link to one file, for the time chosen in its dialog. */
export const shareCommand: FileCommand = {
  name: 'share',
  needs: requirementOfRoute('share', 'POST'),
  label: 'Share link (expires)…',
  icon: Share2,
  shows: { context: { order: 8 } },
  dialog: Object.assign(ShareCommandDialog, { preload: Dialog.preload }),
  perform: (services, targets) => {
    const record = targets[0]
    if (record !== undefined) services.open('share', [record])
  },
}
