import { createContext, useContext, type DragEvent, type MouseEvent } from 'react'

import type { MediaRecord } from '../../../contract/record'
import { FILE_DRAG_TYPE } from '../../../lib/drag'
import { recordCommands, type FileAction } from '../../../lib/file-action'

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

const buttons = new WeakMap<ItemHandlers, ReturnType<typeof recordCommands>>()

/** The registered commands a card and a list row show as buttons, run through the item's handlers. */
export function itemCommands(handlers: ItemHandlers) {
  let commands = buttons.get(handlers)
  if (commands === undefined) {
    commands = recordCommands('card', {
      view: handlers.view,
      edit: handlers.edit,
      download: handlers.download,
    })
    buttons.set(handlers, commands)
  }
  return commands
}

/** Click modifiers as a selection intent: shift extends, ctrl/cmd toggles, a plain click only focuses. */
export function clickIntent(event: { shiftKey: boolean; metaKey: boolean; ctrlKey: boolean }) {
  if (event.shiftKey) return 'range'
  if (event.metaKey || event.ctrlKey) return 'toggle'
  return null
}

/**
 * What a card and a list row share: identity for keyboard navigation, roving focus, dragging onto a
 * folder, click to select or focus, double-click to view, and the checkbox's click.
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
      draggable: true,
      onDragStart: (event: DragEvent<HTMLElement>) => {
        event.dataTransfer.setData(FILE_DRAG_TYPE, JSON.stringify(handlers.dragIds(record)))
        event.dataTransfer.effectAllowed = 'move'
      },
      onClick: (event: MouseEvent<HTMLElement>) => {
        const intent = clickIntent(event)
        if (intent !== null) handlers.select(record.id, intent)
        handlers.activate(position)
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
