import { useEffect, useState, useSyncExternalStore } from 'react'

import { toast } from '../../../components/ui/toast'
import { Dialog } from '../../../components/ui/dialog'
import { FormFooter } from '../../../components/ui/form-footer'
import { LIMITS } from '../../../contract/limits'
import type { MediaRecord } from '../../../contract/record'
import type { Answer } from '../../../lib/answer'
import type { MoveOption } from '../../../lib/move-target'
import { IMPORT_WORDS } from '../messages'
import { UploadBatch, type RunOutcome } from '../upload-batch'
import { metadataProblem, type UploadServices } from '../upload-one'
import { browserUploadServices } from '../upload-services'
import type { RejectedFile } from '../validate-files'
import { FilesPanel } from './files-panel'
import { importFieldsOf, ImportUrlPanel, useUrlImport } from './import-url-panel'
import { SharedFields } from './shared-fields'
import { UploadDestination } from './upload-destination'
import { UploadTabs, type Tab } from './upload-tabs'
import { listed, useAddPageFiles, useResumeWhenOnline, type PageFiles } from './use-batch-effects'
import './upload-dialog.css'

export type { PageFiles } from './use-batch-effects'

export interface UploadDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /**
   * The library's file with this SHA-256, if any: a new file matching one is flagged before it is sent.
   * Asked of the library's worker where it holds the files.
   */
  findDuplicate: (sha256: string) => Answer<MediaRecord | null>
  /** New files go to this folder unless the person picks another in the dialog. */
  currentFolderPath: string
  /** The folders the dialog offers as the destination; without them it names the current one only. */
  folderOptions?: readonly MoveOption[]
  /**
   * Called when files were stored, so the list reloads; the success message waits for it (a few seconds
   * at most), so the new files are in view when it shows.
   */
  onUploaded: () => Promise<void> | void
  /** Files dropped or pasted on the page, added as if dropped on the dialog's zone (after a running batch). */
  incoming?: PageFiles | null
  /** The media host, hashing and inspection; the browser's own unless a test gives others. */
  services?: UploadServices
}

/** The Upload dialog (spec sections 4, 5 and 8); `UploadButton` opens it. */
export function UploadDialog(props: UploadDialogProps) {
  const {
    open,
    onOpenChange,
    findDuplicate,
    currentFolderPath,
    onUploaded,
    incoming = null,
    services,
  } = props
  const { folderOptions } = props
  // The folder picked in the dialog, or null for the one the person is looking at.
  const [chosenFolder, setChosenFolder] = useState<string | null>(null)
  const destination = chosenFolder ?? currentFolderPath
  const [batch] = useState(() => new UploadBatch(services ?? browserUploadServices()))
  const snapshot = useSyncExternalStore(batch.subscribe, batch.getSnapshot)
  const { items, shared, running } = snapshot
  const [alert, setAlert] = useState<string | null>(null)
  const [rejected, setRejected] = useState<readonly RejectedFile[]>([])
  const [result, setResult] = useState<string | null>(null)
  const [tab, setTab] = useState<Tab>('files')
  const urlImport = useUrlImport()
  const busy = running || urlImport.running

  useEffect(() => {
    batch.setContext({ findDuplicate, folderPath: destination })
  }, [batch, findDuplicate, destination])

  // Closing cancels what is under way (an interrupted upload stays resumable) and empties the batch.
  const close = () => {
    batch.reset()
    urlImport.reset()
    setTab('files')
    setChosenFolder(null)
    setAlert(null)
    setRejected([])
    setResult(null)
    onOpenChange(false)
  }

  const finish = async (outcome: RunOutcome | null) => {
    if (!outcome) return
    if (outcome.succeeded > 0) await listed(onUploaded())
    if (outcome.complete) {
      toast.success(outcome.message)
      close()
    } else {
      setResult(outcome.message)
    }
  }
  useResumeWhenOnline(batch, finish)

  const startImport = async () => {
    const problem = metadataProblem(shared, [])
    setResult(problem)
    if (problem !== null) return
    const outcome = await urlImport.start(importFieldsOf(shared, destination))
    if (typeof outcome === 'string') {
      setResult(outcome)
      return
    }
    if (outcome.succeeded > 0) await listed(onUploaded())
    if (outcome.failed === 0) {
      toast.success(IMPORT_WORDS.allSucceeded(outcome.succeeded))
      close()
    } else {
      setResult(IMPORT_WORDS.someFailed(outcome.succeeded, outcome.failed))
    }
  }

  const addFiles = (files: readonly File[]) => {
    const checked = batch.add(files)
    setAlert(checked.alert)
    setRejected(checked.rejected)
  }
  useAddPageFiles(incoming, running, addFiles)

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
        <UploadTabs
          tab={tab}
          disabled={busy}
          onTab={(next) => {
            setResult(null)
            setTab(next)
          }}
        />
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
            alert={alert}
            rejected={rejected}
            onFiles={addFiles}
            onRetry={(id) => {
              setResult(null)
              void batch.retry(id).then(finish)
            }}
          />
        )}
        <UploadDestination
          value={destination}
          options={folderOptions}
          disabled={busy}
          onChange={setChosenFolder}
        />
        <SharedFields
          value={shared}
          onChange={(change) => {
            batch.setShared(change)
          }}
          disabled={busy}
        />
        {tab === 'urls' ? (
          <FormFooter
            error={result}
            onCancel={close}
            submitLabel={IMPORT_WORDS.start}
            pendingLabel={IMPORT_WORDS.pending}
            pending={urlImport.running}
            disabled={urlImport.text.trim() === ''}
            onSubmit={() => {
              void startImport()
            }}
          />
        ) : (
          <FormFooter
            error={result}
            onCancel={close}
            submitLabel="Start upload"
            pendingLabel="Uploading…"
            pending={running}
            disabled={items.length === 0}
            onSubmit={() => {
              const problem = metadataProblem(
                shared,
                items.map((item) => item.details),
              )
              setResult(problem)
              if (problem === null) void batch.start().then(finish)
            }}
          />
        )}
      </div>
    </Dialog>
  )
}
