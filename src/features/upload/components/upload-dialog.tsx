import { useEffect, useRef, useState, useSyncExternalStore } from 'react'

import { toast } from '../../../components/ui/toast'
import { Dialog } from '../../../components/ui/dialog'
import { FormFooter } from '../../../components/ui/form-footer'
import { Select } from '../../../components/ui/select'
import { folderPathLabel } from '../../../contract/folder-paths'
import { LIMITS } from '../../../contract/limits'
import type { MediaRecord } from '../../../contract/record'
import type { Answer } from '../../../lib/answer'
import type { MoveOption } from '../../../lib/move-target'
import { categoryFor } from '../file-details'
import { IMPORT_WORDS, UPLOAD_MESSAGES, UPLOAD_WORDS } from '../messages'
import { UploadBatch, type RunOutcome } from '../upload-batch'
import { metadataProblem, type UploadServices } from '../upload-one'
import { browserUploadServices } from '../upload-services'
import type { RejectedFile } from '../validate-files'
import { FileDropZone } from './file-drop-zone'
import { importFieldsOf, ImportUrlPanel, useUrlImport } from './import-url-panel'
import { SharedFields } from './shared-fields'
import { UploadItemRow } from './upload-item-row'
import './upload-dialog.css'
import { categoryLabel } from '../../../contract/categories'

/** Files dropped or pasted on the page; each new object is one such arrival, added once. */
export interface PageFiles {
  files: readonly File[]
}

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
  const { items, shared, filled, running } = useSyncExternalStore(batch.subscribe, batch.getSnapshot)
  const [alert, setAlert] = useState<string | null>(null)
  const [rejected, setRejected] = useState<readonly RejectedFile[]>([])
  const [result, setResult] = useState<string | null>(null)
  // The dialog's two ways in: files from this computer, or addresses the server fetches files from.
  const [tab, setTab] = useState<Tab>('files')
  const urlImport = useUrlImport()
  const busy = running || urlImport.running
  const waiting = items.filter((item) => item.state.status === 'waiting').length
  const finished = items.filter(
    (item) => item.state.status === 'done' || item.state.status === 'failed',
  ).length

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
      description={`Up to ${String(LIMITS.uploadBatchFiles)} files per batch. The details below apply to every file.`}
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
          <div role="tabpanel" id="upload-panel-files" aria-labelledby="upload-tab-files">
            <FileDropZone onFiles={addFiles} disabled={running} />
            {alert && (
              <p className="form__error" role="alert">
                {alert}
              </p>
            )}
            {rejected.length > 0 && (
              <ul className="form__error upload__rejected" role="alert">
                {rejected.map(({ file, error }) => (
                  <li key={`${file.name}-${String(file.lastModified)}`}>{error}</li>
                ))}
              </ul>
            )}
            {items.length > 0 && (
              <ul className="upload__items" aria-label="Files to upload">
                {items.map((item) => (
                  <UploadItemRow
                    key={item.id}
                    item={item}
                    category={categoryLabel(categoryFor(item.file, shared))}
                    running={running}
                    onTitle={(title) => {
                      batch.setTitle(item.id, title)
                    }}
                    onClearTitle={() => {
                      batch.clearTitle(item.id)
                    }}
                    onRemove={() => {
                      batch.remove(item.id)
                    }}
                    onChoose={(choice) => {
                      batch.choose(item.id, choice)
                    }}
                    onRetry={() => {
                      setResult(null)
                      void batch.retry(item.id).then(finish)
                    }}
                  />
                ))}
              </ul>
            )}
            {running && items.length > 1 && (
              <p className="upload__progress" role="status">
                {UPLOAD_WORDS.progress(finished, items.length)}
              </p>
            )}
            {waiting > 0 && (
              <p className="upload__waiting" role="status">
                {UPLOAD_WORDS.waitingSummary(waiting)}
              </p>
            )}
          </div>
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
          filled={filled}
          files={items.length}
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
                items.map((item) => item.title),
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

type Tab = 'files' | 'urls'

const TABS: readonly { tab: Tab; label: string }[] = [
  { tab: 'files', label: IMPORT_WORDS.filesTab },
  { tab: 'urls', label: IMPORT_WORDS.tab },
]

/** The two tabs (WAI-ARIA tabs: the arrow keys move between them); both are off while anything runs. */
function UploadTabs(props: { tab: Tab; disabled: boolean; onTab: (tab: Tab) => void }) {
  const { tab, disabled, onTab } = props
  const move = (step: number) => {
    const index = TABS.findIndex((each) => each.tab === tab)
    const next = TABS[(index + step + TABS.length) % TABS.length]
    if (!next) return
    onTab(next.tab)
    document.getElementById(`upload-tab-${next.tab}`)?.focus()
  }
  return (
    <div role="tablist" aria-label="How to add files" className="upload__tabs">
      {TABS.map((each) => (
        <button
          key={each.tab}
          type="button"
          role="tab"
          id={`upload-tab-${each.tab}`}
          aria-selected={each.tab === tab}
          aria-controls={`upload-panel-${each.tab}`}
          tabIndex={each.tab === tab ? 0 : -1}
          disabled={disabled && each.tab !== tab}
          className="upload__tab"
          onClick={() => {
            onTab(each.tab)
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
              event.preventDefault()
              if (!disabled) move(event.key === 'ArrowRight' ? 1 : -1)
            }
          }}
        >
          {each.label}
        </button>
      ))}
    </div>
  )
}

/** How long the success message waits for the list to show the new files. */
const LIST_WAIT_MS = 10_000

/** Waits for the list's reload, or a few seconds at most: a slow list must not hold the message back. */
async function listed(reload: Promise<void> | void): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, LIST_WAIT_MS)
  })
  await Promise.race([Promise.resolve(reload).catch(() => undefined), late])
  clearTimeout(timer)
}

/** Where the files go: the folder shown when the dialog opened, changeable before the upload starts. */
function UploadDestination(props: {
  value: string
  options: readonly MoveOption[] | undefined
  disabled: boolean
  onChange: (path: string) => void
}) {
  const { value, options, disabled, onChange } = props
  if (options === undefined)
    return (
      <p className="upload__destination">
        {UPLOAD_WORDS.destination}: {folderPathLabel(value)}
      </p>
    )
  // The folder shown may exist only on files (no folder record): it is still where the files go.
  const known = options.some((option) => option.path === value)
  const choices = known ? options : [{ path: value, label: folderPathLabel(value), depth: 0 }, ...options]
  return (
    <div className="form__field">
      <span id="upload-destination-label">{UPLOAD_WORDS.destination}</span>
      <Select
        label={UPLOAD_WORDS.destination}
        value={value}
        disabled={disabled}
        options={choices.map((option) => ({ value: option.path, label: option.label, depth: option.depth }))}
        onValueChange={onChange}
      />
    </div>
  )
}

/** Adds each arrival of page files once, when no batch is running (the drop zone is off while one runs). */
function useAddPageFiles(
  incoming: PageFiles | null,
  running: boolean,
  addFiles: (files: readonly File[]) => void,
): void {
  const added = useRef<PageFiles | null>(null)
  const addRef = useRef(addFiles)
  useEffect(() => {
    addRef.current = addFiles
  })
  useEffect(() => {
    if (incoming === null || incoming === added.current || running) return
    added.current = incoming
    addRef.current(incoming.files)
  }, [incoming, running])
}

/**
 * Files cut off by a lost connection go on by themselves once the browser is back online, from the
 * offset the server holds; the user need not press Retry.
 */
function useResumeWhenOnline(
  batch: UploadBatch,
  finish: (outcome: RunOutcome | null) => Promise<void>,
): void {
  const finishRef = useRef(finish)
  useEffect(() => {
    finishRef.current = finish
  })
  useEffect(() => {
    const resume = () => {
      const { items, running } = batch.getSnapshot()
      const interrupted = items.some(
        (item) => item.state.status === 'failed' && item.state.error === UPLOAD_MESSAGES.networkError,
      )
      if (!running && interrupted)
        void batch.start().then((outcome) => {
          void finishRef.current(outcome)
        })
    }
    window.addEventListener('online', resume)
    return () => {
      window.removeEventListener('online', resume)
    }
  }, [batch])
}
