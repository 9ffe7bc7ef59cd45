import type { MediaRecord } from '../contract/record'
import { ConfirmDialog } from '../components/ui/confirm-dialog'
import { MoveDialog } from '../features/bulk-actions/components/move-dialog'
import { UpdateDialog } from '../features/bulk-actions/components/update-dialog'
import type { BulkOperations } from '../features/bulk-actions/model/use-bulk-operations'
import { EditFileDialog } from '../features/edit-file/components/edit-file-dialog'
import { ReplaceFileDialog } from '../features/replace-file/components/replace-file-dialog'
import { ShareDialog } from '../features/share'
import type { ReplaceServices } from '../features/replace-file/replace-one'
import type { BulkDialogKind } from '../lib/file-action'
import type { MoveOption } from '../lib/move-target'
import type { MediaCache } from '../lib/record-changes'
import { countOf } from '../lib/plural'

/** The one dialog open at a time, besides Details (which lives in the URL) and New Folder (its own). */
export type DialogState =
  | { kind: 'none' }
  /** `field`: the field that takes the focus when the dialog opens, rather than the first. */
  | { kind: 'edit'; id: number; field?: 'alt_text' }
  | { kind: 'replace'; id: number }
  | { kind: 'share'; id: number }
  | { kind: 'delete'; record: MediaRecord }
  | { kind: BulkDialogKind; targets: readonly MediaRecord[] }

interface ScreenDialogsProps {
  dialog: DialogState
  onClose: () => void
  recordById: (id: number) => MediaRecord | undefined
  cache: MediaCache
  bulk: BulkOperations
  moveOptions: readonly MoveOption[]
  deleteOne: (record: MediaRecord) => void
  /** Deletes the files, resolving to the ids deleted. */
  deleteMany: (records: readonly MediaRecord[]) => Promise<number[]>
  /** Focuses the file that took the deleted files' place, once a delete's confirmation has closed. */
  focusAfterDelete: () => void
  /** After a move or delete that succeeded for some files (an update keeps the selection). */
  onBulkDone: () => void
}

/** The upload code (media host, tus, pdf.js) loads when Replace file is used, not with the dialogs. */
async function loadReplaceServices(): Promise<ReplaceServices> {
  const [{ browserUploadServices }, { replaceFile }] = await Promise.all([
    import('../features/upload/upload-services'),
    import('../features/replace-file/api/replace-file'),
  ])
  return { ...browserUploadServices(), replaceFile }
}

export function ScreenDialogs(props: ScreenDialogsProps) {
  const { dialog, onClose, recordById, cache, bulk, moveOptions, onBulkDone } = props
  const { deleteOne, deleteMany, focusAfterDelete } = props
  const targets = 'targets' in dialog ? dialog.targets : []
  const closeOn = (open: boolean) => {
    if (!open) onClose()
  }
  const afterBulk = (ids: number[]) => {
    if (ids.length > 0) onBulkDone()
  }
  return (
    <>
      <EditFileDialog
        record={dialog.kind === 'edit' ? (recordById(dialog.id) ?? null) : null}
        focusField={dialog.kind === 'edit' ? dialog.field : undefined}
        cache={cache}
        onClose={onClose}
      />
      <ReplaceFileDialog
        record={dialog.kind === 'replace' ? (recordById(dialog.id) ?? null) : null}
        cache={cache}
        loadServices={loadReplaceServices}
        onClose={onClose}
      />
      <ShareDialog
        record={dialog.kind === 'share' ? (recordById(dialog.id) ?? null) : null}
        onClose={onClose}
      />
      <ConfirmDialog
        open={dialog.kind === 'delete'}
        onOpenChange={closeOn}
        title="Delete file"
        message={dialog.kind === 'delete' ? `Are you sure you want to delete "${dialog.record.title}"?` : ''}
        confirmLabel="Delete"
        onConfirm={() => {
          if (dialog.kind === 'delete') deleteOne(dialog.record)
        }}
        afterConfirm={focusAfterDelete}
      />
      <ConfirmDialog
        open={dialog.kind === 'bulk-delete'}
        onOpenChange={closeOn}
        title="Delete files"
        message={`Are you sure you want to delete ${countOf(targets.length, 'file')}?`}
        confirmLabel="Delete"
        onConfirm={() => {
          void deleteMany(targets).then(afterBulk)
        }}
        afterConfirm={focusAfterDelete}
      />
      <MoveDialog
        open={dialog.kind === 'bulk-move'}
        count={targets.length}
        options={moveOptions}
        onOpenChange={closeOn}
        onMove={(target) => {
          void bulk.move(targets, target).then(afterBulk)
        }}
      />
      <UpdateDialog
        open={dialog.kind === 'bulk-update'}
        count={targets.length}
        onOpenChange={closeOn}
        onUpdate={(fields) => {
          // The files stay in the list: keep them selected for the next change.
          void bulk.update(targets, fields)
        }}
      />
    </>
  )
}
