import { useEffect } from 'react'

import { toast } from '../components/ui/toast'
import type { MediaRecord } from '../contract/record'
import { NO_FILES_SELECTED } from '../features/bulk-actions'
import type { FileAction } from '../features/commands'
import { whenAnswered, type Answer } from '../lib/answer'
import { SCREEN_KEYS } from '../lib/shortcuts'
import { belongsElsewhere } from '../lib/use-screen-key'

interface ShortcutOptions {
  actions: readonly FileAction[]
  /** The selected files, read when a key is pressed. */
  selected: () => Answer<readonly MediaRecord[]>
  recordById: (id: number) => MediaRecord | undefined
  selectAll: () => void
  clearSelection: () => void
}

function focusedFileId(): number | null {
  const item = document.activeElement?.closest<HTMLElement>('[data-file-id]')
  const id = Number(item?.dataset.fileId ?? Number.NaN)
  return Number.isNaN(id) ? null : id
}

/**
 * Screen-wide keys (src/lib/shortcuts.ts lists them all): Ctrl/Cmd+A selects every file shown, Escape
 * clears the selection, and each registered action's key runs it on the selection (or on the focused
 * file when nothing is selected); an action for one file takes the focused file, else the only one
 * selected. Browser keys are only taken over outside text fields.
 */
export function useShortcuts({ actions, selected, recordById, selectAll, clearSelection }: ShortcutOptions) {
  useEffect(() => {
    const focusedRecord = () => {
      const focused = focusedFileId()
      return focused === null ? undefined : recordById(focused)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (belongsElsewhere(event)) return
      if (SCREEN_KEYS.selectAll.test(event)) {
        event.preventDefault()
        selectAll()
        return
      }
      if (SCREEN_KEYS.clearSelection.test(event)) {
        clearSelection()
        return
      }
      const action = actions.find((each) => each.shortcut?.test?.(event))
      if (action === undefined) return
      event.preventDefault()
      whenAnswered(selected(), (targets) => {
        if (action.keyTargets === 'one') {
          const record = focusedRecord() ?? (targets.length === 1 ? targets[0] : undefined)
          if (record !== undefined) action.perform([record], 'context')
          return
        }
        if (targets.length > 0) {
          action.perform(targets, 'bulk')
          return
        }
        const record = focusedRecord()
        if (record !== undefined) action.perform([record], 'context')
        else toast.error(NO_FILES_SELECTED)
      })
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [actions, selected, recordById, selectAll, clearSelection])
}
