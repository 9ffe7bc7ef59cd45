import { useCallback, useMemo, useState } from 'react'

import type { MediaRecord } from '../contract/record'
import { moveFiles } from '../features/bulk-actions/commands/move'
import { bindCommands, type FileCommandServices } from '../features/commands'
import {
  fileAfterRemoval,
  focusRequest as requestFocus,
  type FocusRequest,
} from '../features/library/model/focus-after-removal'
import { allIds, type LibraryResults, type Progress } from '../features/library/model/library-results'
import { resolveSelection, type Selection } from '../features/library/model/selection'
import type { MoveOption, MoveTarget } from '../lib/move-target'
import { useUndoDelete } from '../features/trash/model/use-undo-delete'
import { may, useAccess } from '../lib/access'
import { whenAnswered, type Answer } from '../lib/answer'
import type { MediaCache } from '../lib/record-changes'
import { NO_DIALOG, type DialogState } from './dialogs'
import { FILE_COMMANDS } from './file-commands'
import { focusFiles } from './skip-link'
import { OPENED_DETAILS, type ViewPatch } from './url-state'
import { useCopyLinks, useFolderAt, useRenaming } from './use-quick-commands'

/** The file chosen to take the deleted files' place, until the confirmation has closed. */
function aimedFocus() {
  let aimed: Answer<number | null | undefined>
  return {
    aim: (answer: Answer<number | null | undefined>) => {
      aimed = answer
    },
    take: () => {
      const taken = aimed
      aimed = undefined
      return taken
    },
  }
}

interface CommandOptions {
  cache: MediaCache
  selection: Selection
  /** The files shown: where the focus goes after a delete, and the selection's files. */
  results: LibraryResults
  moveOptions: readonly MoveOption[]
  update: (patch: ViewPatch, mode?: 'push' | 'replace', marker?: string | null) => void
}

/**
 * The screen's side of the commands (`FILE_COMMANDS`): the services they are given, the one open
 * dialog, Details' place in the history, and the registry bound to each surface.
 */
export function useCommands({ cache, selection, results, moveOptions, update }: CommandOptions) {
  const [dialog, setDialog] = useState<DialogState>(NO_DIALOG)
  // The file that takes the place of the files being deleted, chosen before they leave the list, and
  // focused once the confirmation has closed.
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null)
  // Asked of the list as the delete starts (the library's worker answers before it applies the delete).
  // Held in state, not a ref: the services that use it are handed to the commands during render.
  const [nextFocus] = useState(aimedFocus)
  const aimFocusPast = useCallback(
    (records: readonly MediaRecord[]) => {
      const removed = new Set(records.map((record) => record.id))
      const shown = allIds(results)
      nextFocus.aim(
        shown instanceof Promise
          ? shown.then((ids) => fileAfterRemoval(ids, removed))
          : fileAfterRemoval(shown, removed),
      )
    },
    [results, nextFocus],
  )
  const focusAfterDelete = useCallback(() => {
    whenAnswered(nextFocus.take(), (id) => {
      // A file to take the place: the list focuses it once shown. None left: the empty state, once the
      // list has drawn it (until then the focus would land on a file about to go). None of the deleted
      // files was shown: the file in the list's tab order.
      if (id === undefined) focusFiles()
      else setFocusRequest(requestFocus(id))
    })
  }, [nextFocus])
  const restoreDeleted = useUndoDelete(cache)
  // Undo was pressed in a toast, which goes: the focus comes to the first file back, once it shows.
  const undoDelete = useCallback(
    (records: readonly MediaRecord[]) => {
      restoreDeleted(records)
      const [first] = records
      if (first !== undefined) setFocusRequest(requestFocus(first.id))
    },
    [restoreDeleted],
  )
  const folderAt = useFolderAt()
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
  const recordById = useCallback((id: number) => results.record(id), [results])
  const { clear: clearSelection } = selection

  const services = useMemo<FileCommandServices>(
    () => ({
      cache,
      open: (command, targets, detail) => {
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
      closeDetails,
      focusRequest,
      selectedRecords,
      renaming,
    }),
    [dialog, services, actions, moveTo, showDetails, closeDetails, focusRequest, selectedRecords, renaming],
  )
}
