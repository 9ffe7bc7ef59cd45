import { Tags } from 'lucide-react'

import { lazyWithPreload } from '../../../components/ui/lazy-load'
import type { MediaRecord } from '../../../contract/record'
import { withPatch, withRecords, type RecordFields } from '../../../lib/record-changes'
import { requirementOfRoute } from '../../../contract/route-access'
import type { FileCommand, FileCommandDialogProps, FileCommandServices } from '../../commands'
import { batchUpdate } from '../api/batch-update'
import { openOnStored, runBulk } from '../model/bulk-operations'

const Dialog = lazyWithPreload(() =>
  import('../components/update-dialog').then((module) => module.UpdateDialog),
)

/** Sets the fields on every file. The files stay in the list, and selected for the next change. */
export function updateFiles(
  services: FileCommandServices,
  targets: readonly MediaRecord[],
  fields: RecordFields,
): Promise<number[]> {
  return runBulk(services.cache, targets, {
    request: async (batch) => (await batchUpdate(batch, fields)).results,
    shown: (ids) => withPatch(ids, fields),
    confirmed: (done) =>
      withRecords(done.results.flatMap((result) => (result.record ? [result.record] : []))),
    failureMessage: 'Batch update failed',
  })
}

function UpdateCommandDialog({ open, targets, services, onClose }: FileCommandDialogProps) {
  return (
    <Dialog
      open={open}
      count={targets.length}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose()
      }}
      onUpdate={async (fields) => {
        const kept = await updateFiles(services, targets, fields)
        // Nothing kept (the request failed, or every file did): the form opens again as it was typed,
        // beside the spec's toast, for another try.
        if (kept.length === 0) services.open(updateCommand.name, targets)
        return kept.length > 0
      }}
    />
  )
}

/** Spec section 4's Update: category, tags, author or description of the selection. */
export const updateCommand: FileCommand = {
  name: 'update',
  needs: requirementOfRoute('batchUpdate', 'POST'),
  label: 'Update',
  icon: Tags,
  shows: { bulk: { order: 2 } },
  dialog: Object.assign(UpdateCommandDialog, { preload: Dialog.preload }),
  perform: (services, targets) => {
    openOnStored(services, 'update', targets)
  },
}
