import { useEffect } from 'react'

import { toast } from '../components/ui/toast'
import type { MediaRecord } from '../contract/record'
import { NO_FILES_SELECTED } from '../features/bulk-actions/model/use-bulk-operations'
import type { FileAction } from '../lib/file-action'

interface ShortcutOptions {
  actions: readonly FileAction[]
  /** The selected files, read when a key is pressed. */
  selected: () => readonly MediaRecord[]
  recordById: (id: number) => MediaRecord | undefined
  selectAll: () => void
  clearSelection: () => void
}

/** Keys typed into a field, or handled by an open dialog or menu, are theirs, never the screen's. */
function belongsElsewhere(event: KeyboardEvent): boolean {
  if (event.defaultPrevented) return true
  const target = event.target instanceof Element ? event.target : null
  if (target?.closest('input, textarea, select, [contenteditable="true"]')) return true
  if (target?.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')) return true
  return document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null
}

function focusedFileId(): number | null {
  const item = document.activeElement?.closest<HTMLElement>('[data-file-id]')
  const id = Number(item?.dataset.fileId ?? Number.NaN)
  return Number.isNaN(id) ? null : id
}

/**
 * Screen-wide keys: Ctrl/Cmd+A selects every file shown, Escape clears the selection, and each
 * registered action's key runs it on the selection (or on the focused file when nothing is selected).
 * Browser keys are only taken over outside text fields.
 */
export function useShortcuts({ actions, selected, recordById, selectAll, clearSelection }: ShortcutOptions) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (belongsElsewhere(event)) return
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'a') {
        event.preventDefault()
        selectAll()
        return
      }
      if (event.key === 'Escape') {
        clearSelection()
        return
      }
      const action = actions.find((each) => each.keyTest?.(event))
      if (action === undefined) return
      event.preventDefault()
      const targets = selected()
      if (targets.length > 0) {
        action.perform(targets, 'bulk')
        return
      }
      const focused = focusedFileId()
      const record = focused === null ? undefined : recordById(focused)
      if (record !== undefined) action.perform([record], 'context')
      else toast.error(NO_FILES_SELECTED)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [actions, selected, recordById, selectAll, clearSelection])
}
