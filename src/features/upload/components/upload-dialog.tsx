import { Dialog } from '../../../components/ui/dialog'
import { FormFooter } from '../../../components/ui/form-footer'
import { LIMITS } from '../../../contract/limits'
import type { MoveOption } from '../../../lib/move-target'
import { IMPORT_WORDS } from '../messages'
import { FilesPanel } from './files-panel'
import { ImportUrlPanel } from './import-url-panel'
import { SharedFields } from './shared-fields'
import { UploadDestination } from './upload-destination'
import { UploadTabs } from './upload-tabs'
import { useUploadDialog, type UploadDialogOptions } from './use-upload-dialog'
import './upload-dialog.css'

export type { PageFiles } from './use-batch-effects'

export interface UploadDialogProps extends UploadDialogOptions {
  open: boolean
  /** The folders the dialog offers as the destination; without them it names the current one only. */
  folderOptions?: readonly MoveOption[]
}

/** The Upload dialog (spec sections 4, 5 and 8); `UploadButton` opens it, `useUploadDialog` runs it. */
export function UploadDialog(props: UploadDialogProps) {
  const { open, onOpenChange, folderOptions } = props
  const dialog = useUploadDialog(props)
  const { state, batch, snapshot, urlImport, busy, close } = dialog
  const { tab, message } = state

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true)
        else close()
      }}
      title="Upload Files"
      description={`Up to ${String(LIMITS.uploadBatchFiles)} files per batch. Each file has its own details; what you type under Details for every file applies to all of them.`}
      wide
    >
      <div className="form upload">
        <UploadTabs tab={tab} disabled={busy} onTab={dialog.chooseTab} />
        {tab === 'urls' ? (
          <div role="tabpanel" id="upload-panel-urls" aria-labelledby="upload-tab-urls">
            <ImportUrlPanel
              text={urlImport.text}
              onText={urlImport.setText}
              items={urlImport.items}
              running={urlImport.running}
            />
          </div>
        ) : (
          <FilesPanel
            batch={batch}
            snapshot={snapshot}
            alert={state.alert}
            rejected={state.rejected}
            onFiles={dialog.addFiles}
            onRetry={dialog.retry}
          />
        )}
        <UploadDestination
          value={dialog.destination}
          options={folderOptions}
          disabled={busy}
          onChange={dialog.chooseFolder}
        />
        <SharedFields
          value={snapshot.shared}
          onChange={(change) => {
            batch.setShared(change)
          }}
          disabled={busy}
        />
        {tab === 'urls' ? (
          <FormFooter
            error={message}
            onCancel={close}
            submitLabel={IMPORT_WORDS.start}
            pendingLabel={IMPORT_WORDS.pending}
            pending={urlImport.running}
            disabled={urlImport.text.trim() === ''}
            onSubmit={() => {
              void dialog.startImport()
            }}
          />
        ) : (
          <FormFooter
            error={message}
            onCancel={close}
            submitLabel="Start upload"
            // A file held for the person's choice about its duplicate is not uploading: it waits on them.
            pendingLabel={
              snapshot.items.some((item) => item.state.status === 'duplicate')
                ? 'Waiting for your choice…'
                : 'Uploading…'
            }
            pending={snapshot.running}
            disabled={snapshot.items.length === 0}
            onSubmit={dialog.startUpload}
          />
        )}
      </div>
    </Dialog>
  )
}
