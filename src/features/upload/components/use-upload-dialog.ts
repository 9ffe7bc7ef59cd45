import { useEffect, useReducer, useState, useSyncExternalStore } from 'react'

import { toast } from '../../../components/ui/toast'
import type { MediaRecord } from '../../../contract/record'
import type { Answer } from '../../../lib/answer'
import type { RunOutcome } from '../batch-state'
import { dialogReducer, OPENED, type Tab } from '../dialog-state'
import { importFieldsOf } from '../import-state'
import { IMPORT_WORDS } from '../messages'
import { UploadBatch } from '../upload-batch'
import { metadataProblem, type UploadServices } from '../upload-one'
import { browserUploadServices } from '../upload-services'
import { useUrlImport } from './use-url-import'
import { listed, useAddPageFiles, useResumeWhenOnline, type PageFiles } from './use-batch-effects'

export interface UploadDialogOptions {
  onOpenChange: (open: boolean) => void
  /**
   * The library's file with this SHA-256, if any: a new file matching one is flagged before it is sent.
   * Asked of the library's worker where it holds the files.
   */
  findDuplicate: (sha256: string) => Answer<MediaRecord | null>
  /** New files go to this folder unless the person picks another in the dialog. */
  currentFolderPath: string
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

/**
 * What the Upload dialog does: its own state (dialog-state.ts), its batch (upload-batch.ts) and its URL
 * import, and each step the person takes: files dropped, Start upload or Import pressed, a file retried,
 * a run ended (the dialog closes with the spec's message when everything is in, else says what failed),
 * closed (which cancels what is under way; an interrupted upload stays resumable).
 */
export function useUploadDialog(options: UploadDialogOptions) {
  const { onOpenChange, findDuplicate, currentFolderPath, onUploaded, incoming = null, services } = options
  const [state, dispatch] = useReducer(dialogReducer, OPENED)
  const [batch] = useState(() => new UploadBatch(services ?? browserUploadServices()))
  const snapshot = useSyncExternalStore(batch.subscribe, batch.getSnapshot)
  const urlImport = useUrlImport()
  const destination = state.chosenFolder ?? currentFolderPath

  useEffect(() => {
    batch.setContext({ findDuplicate, folderPath: destination })
  }, [batch, findDuplicate, destination])

  const close = () => {
    batch.reset()
    urlImport.reset()
    dispatch({ type: 'closed' })
    onOpenChange(false)
  }

  const ended = async (stored: number, complete: boolean, message: string) => {
    if (stored > 0) await listed(onUploaded())
    if (complete) {
      toast.success(message)
      close()
    } else dispatch({ type: 'run-summarized', message })
  }

  const finish = async (outcome: RunOutcome | null) => {
    if (outcome) await ended(outcome.succeeded, outcome.complete, outcome.message)
  }
  useResumeWhenOnline(batch, finish)

  const addFiles = (files: readonly File[]) => {
    dispatch({ type: 'files-dropped', checked: batch.add(files) })
  }
  useAddPageFiles(incoming, snapshot.running, addFiles)

  const startUpload = () => {
    const files = snapshot.items.map((item) => item.details)
    const problem = metadataProblem(snapshot.shared, files)
    dispatch({ type: 'start-checked', problem })
    if (problem === null) void batch.start().then(finish)
  }

  const startImport = async () => {
    const problem = metadataProblem(snapshot.shared, [])
    dispatch({ type: 'start-checked', problem })
    if (problem !== null) return
    const outcome = await urlImport.start(importFieldsOf(snapshot.shared, destination))
    if (typeof outcome === 'string') {
      dispatch({ type: 'run-summarized', message: outcome })
      return
    }
    const { succeeded, failed } = outcome
    const message =
      failed === 0 ? IMPORT_WORDS.allSucceeded(succeeded) : IMPORT_WORDS.someFailed(succeeded, failed)
    await ended(succeeded, failed === 0, message)
  }

  return {
    state,
    batch,
    snapshot,
    urlImport,
    destination,
    /** Files upload or addresses import: the tabs, the folder and the shared details wait. */
    busy: snapshot.running || urlImport.running,
    close,
    addFiles,
    startUpload,
    startImport,
    retry: (id: string) => {
      dispatch({ type: 'retried' })
      void batch.retry(id).then(finish)
    },
    chooseTab: (tab: Tab) => {
      dispatch({ type: 'tab-chosen', tab })
    },
    chooseFolder: (path: string) => {
      dispatch({ type: 'folder-chosen', path })
    },
  }
}
