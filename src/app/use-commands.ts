import { useCallback, useMemo, useState } from 'react'

import { noteDialogOrigin } from '../components/ui/focus'
import type { MediaRecord } from '../contract/record'
import { moveFiles } from '../features/bulk-actions'
import { bindCommands, type FileCommandServices } from '../features/commands'
import { useFolderAt } from '../features/folders'
import {
  resolveSelection,
  useFocusAfterDelete,
  useTitleRenaming,
  type LibraryResults,
  type Progress,
  type Selection,
} from '../features/library'
import { useCopyLinks } from '../features/share'
import { useUndoDelete } from '../features/trash'
import { may, useAccess } from '../lib/access'
import type { MoveOption, MoveTarget } from '../lib/move-target'
import type { MediaCache } from '../lib/record-changes'
import { NO_DIALOG, type DialogState } from './dialogs'
import { FILE_COMMANDS } from './file-commands'
import { focusFiles } from './skip-link'
import { OPENED_DETAILS, type ViewPatch } from './url-state'

interface CommandOptions {
  cache: MediaCache
  selection: Selection
  /** The files shown: where the focus goes after a delete, and the selection's files. */
  results: LibraryResults
  moveOptions: readonly MoveOption[]
  update: (patch: ViewPatch, mode?: 'push' | 'replace', marker?: string | null) => void
}

/** The history entry's marker, kept when an entry is replaced: Details opened here stays so. */
function openedMarker(): string | null {
  return window.history.state === OPENED_DETAILS ? OPENED_DETAILS : null
}

/**
 * The screen's side of the commands (`FILE_COMMANDS`): the services they are given, the one open
 * dialog, Details' place in the history, and the registry bound to each surface.
 */
export function useCommands({ cache, selection, results, moveOptions, update }: CommandOptions) {
  const [dialog, setDialog] = useState<DialogState>(NO_DIALOG)
  const { focusRequest, aimFocusPast, focusAfterDelete, focusOn } = useFocusAfterDelete(results, focusFiles)
  const restoreDeleted = useUndoDelete(cache)
  // Undo was pressed in a toast, which goes: the focus comes to the first file back, once it shows.
  const undoDelete = useCallback(
    (records: readonly MediaRecord[]) => {
      restoreDeleted(records)
      const [first] = records
      if (first !== undefined) focusOn(first.id)
    },
    [restoreDeleted, focusOn],
  )
  const folderAt = useFolderAt()
  const renaming = useTitleRenaming(cache)
  const copyLinks = useCopyLinks()

  // Details of a file by id, as an entry of its own in the history: closing it goes Back.
  const openFile = useCallback(
    (id: number) => {
      update({ file: id }, 'push', OPENED_DETAILS)
    },
    [update],
  )
  const view = useCallback(
    (record: MediaRecord) => {
      openFile(record.id)
    },
    [openFile],
  )
  const showDetails = useCallback(
    (record: MediaRecord) => {
      // Stepping to the file before or after replaces the entry, so closing still goes Back once.
      update({ file: record.id }, 'replace', openedMarker())
    },
    [update],
  )
  // A file the address names that is in the trash: its Details there, in the same history entry.
  const showInTrash = useCallback(
    (id: number) => {
      update({ trash: true, file: id }, 'replace', openedMarker())
    },
    [update],
  )
  // A file the address names in the Trash that is not there (restored or deleted for good since): the
  // library's Details answer for it, in the same history entry.
  const showInLibrary = useCallback(
    (id: number) => {
      update({ trash: false, file: id }, 'replace', openedMarker())
    },
    [update],
  )
  // A trashed file's Details' Restore: put back (shown at once) and its Details in the library, whose
  // closing leaves the library in view (Back still goes to the Trash).
  const restoreAndOpen = useCallback(
    (record: MediaRecord) => {
      const { deleted_at: _, ...live } = record
      restoreDeleted([live])
      update({ trash: false, file: record.id }, 'replace')
    },
    [restoreDeleted, update],
  )
  const closeDetails = useCallback(() => {
    // A Details entry this screen pushed is left by going Back, so closing never piles up history.
    if (window.history.state === OPENED_DETAILS) window.history.back()
    else update({ file: null }, 'replace')
  }, [update])
  const recordById = useCallback((id: number) => results.record(id), [results])
  const { clear: clearSelection } = selection

  const services = useMemo<FileCommandServices>(
    () => ({
      cache,
      open: (command, targets, detail) => {
        noteDialogOrigin()
        setDialog({ command, targets, detail })
      },
      recordById,
      view,
      rename: (record) => {
        renaming.state.start(record.id)
      },
      copyLinks,
      undoDelete,
      folderAt,
      moveOptions,
      aimFocusPast,
      focusAfterDelete,
      afterBulk: clearSelection,
    }),
    [
      cache,
      recordById,
      view,
      renaming,
      copyLinks,
      undoDelete,
      folderAt,
      moveOptions,
      aimFocusPast,
      focusAfterDelete,
      clearSelection,
    ],
  )
  // The registry bound to the services: each surface's commands in its order; the keyboard runs those
  // of `all` with a key.
  const access = useAccess()
  const actions = useMemo(
    () => bindCommands(services, FILE_COMMANDS, (requirement) => may(requirement, access)),
    [services, access],
  )
  const { picked } = selection.ids
  const selectedRecords = useCallback(
    (progress?: Progress) => resolveSelection(picked, results, progress),
    [picked, results],
  )
  const moveTo = useCallback(
    (records: readonly MediaRecord[], target: MoveTarget) => moveFiles(services, records, target),
    [services],
  )

  return useMemo(
    () => ({
      dialog,
      closeDialog: () => {
        setDialog(NO_DIALOG)
      },
      services,
      actions,
      moveTo,
      showDetails,
      openFile,
      showInTrash,
      showInLibrary,
      restoreAndOpen,
      closeDetails,
      focusRequest,
      selectedRecords,
      renaming,
    }),
    [
      dialog,
      services,
      actions,
      moveTo,
      showDetails,
      openFile,
      showInTrash,
      showInLibrary,
      restoreAndOpen,
      closeDetails,
      focusRequest,
      selectedRecords,
      renaming,
    ],
  )
}
