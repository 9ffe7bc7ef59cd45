import { createContext, useContext, type DragEvent, type MouseEvent } from 'react'

import type { MediaRecord } from '../../../contract/record'
import { FILE_DRAG_TYPE } from '../../../lib/drag'
import type { FileAction } from '../../commands'
import type { FileFilter } from '../model/filters'

/** What a card or row can ask of the screen; one stable object, so memoised items do not re-render. */
export interface ItemHandlers {
  /**
   * A click or the checkbox: 'only' makes the file the whole selection (a plain click), 'toggle' flips one
   * file (ctrl/cmd or the checkbox), 'range' adds everything from the anchor (shift).
   */
  select: (id: number, how: SelectIntent) => void
  /** Makes the item the one the arrow keys move from. */
  activate: (position: number) => void
  view: (record: MediaRecord) => void
  /** Shows only the files with this tag or this author (a chip or author on a file, clicked). */
  filterBy: (filter: FileFilter) => void
  /**
   * The ids a drag of this file carries: the whole selection when the file is part of it; null where
   * files may not be moved (a viewer), and no file is draggable.
   */
  dragIds: ((record: MediaRecord) => number[]) | null
  /** The right-click menu's commands. */
  contextActions: readonly FileAction[]
  /** The commands a card and a list row show as buttons. */
  cardActions: readonly FileAction[]
}

export const ItemHandlersContext = createContext<ItemHandlers | null>(null)

export function useItemHandlers(): ItemHandlers {
  const handlers = useContext(ItemHandlersContext)
  if (handlers === null) throw new Error('File items must be rendered inside ItemHandlersContext')
  return handlers
}

export type SelectIntent = 'only' | 'toggle' | 'range'

/**
 * What a click on a file means: shift extends the selection, ctrl/cmd toggles, a plain click selects that
 * file alone (as a file manager's does). A tap on a touch screen opens the file instead, as phones' photo
 * and file apps do: double-tapping is not a phone gesture, and the checkbox is there to select.
 */
export function clickIntent(
  event: { shiftKey: boolean; metaKey: boolean; ctrlKey: boolean },
  pointerType?: string,
): SelectIntent | 'open' {
  if (event.shiftKey) return 'range'
  if (event.metaKey || event.ctrlKey) return 'toggle'
  if (pointerType === 'touch') return 'open'
  return 'only'
}

/** The pointer behind a click: Chromium and Firefox dispatch clicks as pointer events. */
function pointerTypeOf(event: MouseEvent<HTMLElement>): string | undefined {
  const native = event.nativeEvent as Partial<PointerEvent>
  return typeof native.pointerType === 'string' ? native.pointerType : undefined
}

/**
 * What a card and a list row share: identity for keyboard navigation, roving focus, dragging onto a
 * folder, click to select, double-click to view, and the checkbox's click.
 */
export function fileItemProps(
  record: MediaRecord,
  position: number,
  tabIndex: number,
  handlers: ItemHandlers,
) {
  return {
    attributes: {
      'data-file-id': record.id,
      'data-pos': position,
      tabIndex,
      draggable: handlers.dragIds !== null,
      onDragStart: (event: DragEvent<HTMLElement>) => {
        if (handlers.dragIds === null) return
        event.dataTransfer.setData(FILE_DRAG_TYPE, JSON.stringify(handlers.dragIds(record)))
        event.dataTransfer.effectAllowed = 'move'
      },
      onClick: (event: MouseEvent<HTMLElement>) => {
        const intent = clickIntent(event, pointerTypeOf(event))
        handlers.activate(position)
        if (intent === 'open') handlers.view(record)
        else handlers.select(record.id, intent)
      },
      onDoubleClick: () => {
        handlers.view(record)
      },
    },
    checkboxClick: (event: { shiftKey: boolean }) => {
      handlers.select(record.id, event.shiftKey ? 'range' : 'toggle')
      handlers.activate(position)
    },
  }
}
