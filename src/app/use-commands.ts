import { useCallback, useMemo, useRef, useState } from 'react'

import { toast } from '../components/ui/toast'
import type { MediaRecord } from '../contract/record'
import {
  NO_FILES_SELECTED,
  storedIds,
  useBulkOperations,
} from '../features/bulk-actions/model/use-bulk-operations'
import { deleteFile } from '../features/library/api/delete-file'
import {
  fileAfterRemoval,
  focusRequest as requestFocus,
  type FocusRequest,
} from '../features/library/model/focus-after-removal'
import { allIds, type LibraryResults, type Progress } from '../features/library/model/library-results'
import { resolveSelection, type Selection } from '../features/library/model/selection'
import { useUndoDelete } from '../features/trash/model/use-undo-delete'
import { whenAnswered, type Answer } from '../lib/answer'
import { errorMessage } from '../lib/api-errors'
import { bindCommands, type BulkDialogKind } from '../lib/file-action'
import { withoutRecords, type MediaCache } from '../lib/record-changes'
import { retryingImport } from '../lib/retry-import'
import { safeUrl } from '../lib/safe-url'
import type { DialogState } from './dialogs'
import { focusFiles } from './skip-link'
import { OPENED_DETAILS, type ViewPatch } from './url-state'
import { useCopyLinks, useFolderAt, useRenaming } from './use-quick-commands'

interface CommandOptions {
  cache: MediaCache
  selection: Selection
  /** The files shown: where the focus goes after a delete, and the selection's files. */
  results: LibraryResults
  update: (patch: ViewPatch, mode?: 'push' | 'replace', marker?: string | null) => void
}

/** What the user can do to files: the dialogs, the registered actions and the operations behind them. */
export function useCommands({ cache, selection, results, update }: CommandOptions) {
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' })
  // The file that takes the place of the files being deleted, chosen before they leave the list, and
  // focused once the confirmation has closed.
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null)
  // Asked of the list as the delete starts (the library's worker answers before it applies the delete).
  const nextFocus = useRef<Answer<number | null | undefined>>(undefined)
  const aimFocusPast = useCallback(
    (records: readonly MediaRecord[]) => {
      const removed = new Set(records.map((record) => record.id))
      const shown = allIds(results)
      nextFocus.current =
        shown instanceof Promise
          ? shown.then((ids) => fileAfterRemoval(ids, removed))
          : fileAfterRemoval(shown, removed)
    },
    [results],
  )
  const focusAfterDelete = useCallback(() => {
    const aimed = nextFocus.current
    nextFocus.current = undefined
    whenAnswered(aimed, (id) => {
      // A file to take the place: the list focuses it once shown. None left: the files' region.
      // None of the deleted files was shown: the file in the list's tab order.
      if (typeof id === 'number') setFocusRequest(requestFocus(id))
      else focusFiles()
    })
  }, [])
  const undoDelete = useUndoDelete(cache)
  const folderAt = useFolderAt()
  const bulk = useBulkOperations(cache, undoDelete, folderAt)
  const renaming = useRenaming(cache)
  const copyLinks = useCopyLinks()

  const view = useCallback(
    (record: MediaRecord) => {
      update({ file: record.id }, 'push', OPENED_DETAILS)
    },
    [update],
  )
  const showDetails = useCallback(
    (record: MediaRecord) => {
      // Stepping to the file before or after replaces the entry, so closing still goes Back once.
      update({ file: record.id }, 'replace', window.history.state === OPENED_DETAILS ? OPENED_DETAILS : null)
    },
    [update],
  )
  const closeDetails = useCallback(() => {
    // A Details entry this screen pushed is left by going Back, so closing never piles up history.
    if (window.history.state === OPENED_DETAILS) window.history.back()
    else update({ file: null }, 'replace')
  }, [update])
  const edit = useCallback((record: MediaRecord) => {
    setDialog({ kind: 'edit', id: record.id })
  }, [])
  /** Edit, with the caret in the alt text field. */
  const editAltText = useCallback((record: MediaRecord) => {
    setDialog({ kind: 'edit', id: record.id, field: 'alt_text' })
  }, [])
  const share = useCallback((record: MediaRecord) => {
    setDialog({ kind: 'share', id: record.id })
  }, [])
  const replace = useCallback((record: MediaRecord) => {
    setDialog({ kind: 'replace', id: record.id })
  }, [])
  const downloadOne = useCallback((record: MediaRecord) => {
    if (safeUrl(record.media_url) === null) toast.error(`"${record.title}" has no downloadable address`)
    else
      // The download code loads on the first download, not with the page (decision 0046).
      retryingImport(() => import('../lib/download'))
        .then(({ downloadRecord }) => downloadRecord(record))
        .catch((error: unknown) => {
          toast.error(`Could not download "${record.title}"`, {
            description: errorMessage(error, 'Network error'),
          })
        })
  }, [])
  const downloadMany = useCallback(
    (records: readonly MediaRecord[]) => {
      void bulk.download(records.filter((record) => safeUrl(record.media_url) !== null))
    },
    [bulk],
  )
  const confirmDelete = useCallback((record: MediaRecord) => {
    setDialog({ kind: 'delete', record })
  }, [])
  const openBulk = useCallback((kind: BulkDialogKind, targets: readonly MediaRecord[]) => {
    if (storedIds(targets).length === 0) toast.error(NO_FILES_SELECTED)
    else setDialog({ kind, targets })
  }, [])

  const deleteOne = useCallback(
    (record: MediaRecord) => {
      aimFocusPast([record])
      const gone = withoutRecords([record.id])
      cache
        .change(
          () => deleteFile(record.id),
          gone,
          () => gone,
        )
        .then(
          () => {
            toast.success(`"${record.title}" deleted`, {
              undo: () => {
                undoDelete([record])
              },
            })
          },
          (error: unknown) => {
            toast.error('Failed to delete file', { description: errorMessage(error, 'Network error') })
          },
        )
    },
    [cache, undoDelete, aimFocusPast],
  )
  const deleteMany = useCallback(
    (records: readonly MediaRecord[]) => {
      aimFocusPast(records)
      return bulk.remove(records)
    },
    [bulk, aimFocusPast],
  )

  const rename = useCallback(
    (record: MediaRecord) => {
      renaming.state.start(record.id)
    },
    [renaming],
  )
  // The registered commands (src/lib/file-action.ts) bound to these handlers: the right-click menu shows
  // `context`, the bulk panel `bulk`, and the keyboard runs those of `all` with a key.
  const actions = useMemo(
    () =>
      bindCommands({
        view,
        edit,
        rename,
        copyLinks,
        downloadOne,
        downloadMany,
        confirmDelete,
        openBulk,
        share,
        replace,
      }),
    [view, edit, rename, copyLinks, downloadOne, downloadMany, confirmDelete, openBulk, share, replace],
  )
  const { picked } = selection.ids
  const selectedRecords = useCallback(
    (progress?: Progress) => resolveSelection(picked, results, progress),
    [picked, results],
  )

  return useMemo(
    () => ({
      dialog,
      closeDialog: () => {
        setDialog({ kind: 'none' })
      },
      bulk,
      actions,
      view,
      showDetails,
      closeDetails,
      edit,
      editAltText,
      replace,
      confirmDelete,
      downloadOne,
      deleteOne,
      deleteMany,
      focusAfterDelete,
      focusRequest,
      selectedRecords,
      renaming,
      copyLinks,
    }),
    [
      dialog,
      bulk,
      actions,
      view,
      showDetails,
      closeDetails,
      edit,
      editAltText,
      replace,
      confirmDelete,
      downloadOne,
      deleteOne,
      deleteMany,
      focusAfterDelete,
      focusRequest,
      selectedRecords,
      renaming,
      copyLinks,
    ],
  )
}
