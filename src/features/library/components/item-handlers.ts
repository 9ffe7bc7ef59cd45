import { createContext, useContext } from 'react'

import type { MediaRecord } from '../../../contract/record'
import type { FileAction } from '../../../lib/file-action'

/** What a card or row can ask of the screen; one stable object, so memoised items do not re-render. */
export interface ItemHandlers {
  /** A checkbox or modified click: 'toggle' flips one file, 'range' adds everything from the anchor (shift). */
  select: (id: number, how: 'toggle' | 'range') => void
  /** Makes the item the one the arrow keys move from. */
  activate: (position: number) => void
  view: (record: MediaRecord) => void
  edit: (record: MediaRecord) => void
  download: (record: MediaRecord) => void
  /** The ids a drag of this file carries: the whole selection when the file is part of it. */
  dragIds: (record: MediaRecord) => number[]
  /** The right-click menu's commands. */
  contextActions: readonly FileAction[]
}

export const ItemHandlersContext = createContext<ItemHandlers | null>(null)

export function useItemHandlers(): ItemHandlers {
  const handlers = useContext(ItemHandlersContext)
  if (handlers === null) throw new Error('File items must be rendered inside ItemHandlersContext')
  return handlers
}

/** Click modifiers as a selection intent: shift extends, ctrl/cmd toggles, a plain click only focuses. */
export function clickIntent(event: { shiftKey: boolean; metaKey: boolean; ctrlKey: boolean }) {
  if (event.shiftKey) return 'range'
  if (event.metaKey || event.ctrlKey) return 'toggle'
  return null
}
