import { FolderInput, MoreHorizontal, Pencil, Trash2, type LucideIcon } from 'lucide-react'
import { cloneElement, type MouseEvent, type PointerEvent, type ReactElement } from 'react'

import { MenuButton, useMenuAtPoint, type MenuEntry } from '../../../components/ui/menu'
import type { Folder } from '../../../contract/folder'
import { useCanCall } from '../../../lib/access'
import type { FolderActions } from './folder-actions'

interface FolderEntry {
  label: string
  icon: LucideIcon
  danger?: boolean
  perform: (actions: FolderActions, folder: Folder) => void
}

const ENTRIES: readonly FolderEntry[] = [
  {
    label: 'Rename',
    icon: Pencil,
    perform: (actions, folder) => {
      actions.rename(folder)
    },
  },
  {
    label: 'Move to…',
    icon: FolderInput,
    perform: (actions, folder) => {
      actions.move(folder)
    },
  },
  {
    label: 'Delete',
    icon: Trash2,
    danger: true,
    perform: (actions, folder) => {
      actions.remove(folder)
    },
  },
]

function entries(actions: FolderActions, folder: Folder): MenuEntry[] {
  return ENTRIES.map(({ label, icon, danger, perform }) => ({
    key: label,
    label,
    icon,
    danger,
    onSelect: () => {
      perform(actions, folder)
    },
  }))
}

interface FolderMenuProps {
  folder: Folder
  actions: FolderActions
  /** Opened from the keyboard (Shift+F10 or the Menu key on the row). */
  open?: boolean
  onOpenChange?: (open: boolean) => void
}

/** The "More" button of a folder row or tile, and its menu. */
function MoreMenu({ folder, actions, open, onOpenChange }: FolderMenuProps) {
  return (
    <MenuButton
      button={{
        tabIndex: -1,
        className: 'icon-button folder-more',
        'aria-label': `More actions for ${folder.name}`,
        onClick: (event) => {
          event.stopPropagation()
        },
        onKeyDown: (event) => {
          event.stopPropagation()
        },
        children: <MoreHorizontal size={16} aria-hidden="true" />,
      }}
      label={`Actions for ${folder.name}`}
      align="end"
      entries={entries(actions, folder)}
      open={open}
      onOpenChange={onOpenChange}
    />
  )
}

type MenuHandlers = ReturnType<typeof useMenuAtPoint>['handlers']

function MenuAtPoint({
  folder,
  actions,
  children,
}: {
  folder: Folder
  actions: FolderActions
  children: ReactElement<Partial<MenuHandlers>>
}) {
  const { handlers, menu } = useMenuAtPoint(() => ({
    label: `Actions for ${folder.name}`,
    entries: entries(actions, folder),
  }))
  const own = children.props
  const pointer =
    (name: 'onPointerDown' | 'onPointerMove' | 'onPointerUp' | 'onPointerCancel') =>
    (event: PointerEvent) => {
      own[name]?.(event)
      handlers[name](event)
    }
  return (
    <>
      {cloneElement(children, {
        onContextMenu: (event: MouseEvent) => {
          own.onContextMenu?.(event)
          handlers.onContextMenu(event)
        },
        onPointerDown: pointer('onPointerDown'),
        onPointerMove: pointer('onPointerMove'),
        onPointerUp: pointer('onPointerUp'),
        onPointerCancel: pointer('onPointerCancel'),
      })}
      {menu}
    </>
  )
}
/** Whether a key on a row or tile asks for its menu, as it does across desktops. */
export function opensMenu(event: { key: string; shiftKey: boolean }): boolean {
  return event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)
}

/**
 * Every entry changes the folder (an editor's): a browser that may not change folders gets no menu, and
 * a right-click or long press does what it does elsewhere.
 */
const useCanChangeFolders = () => useCanCall('folderUpdate', 'PATCH')

/** A folder's More button and its menu (Rename, Move to…, Delete). */
export function FolderMoreMenu(props: FolderMenuProps) {
  return useCanChangeFolders() ? <MoreMenu {...props} /> : null
}

/** The same menu on a right-click or long press of `children` (a row or a tile), beside its own handlers. */
export function FolderContextMenu(props: {
  folder: Folder
  actions: FolderActions
  children: ReactElement<Partial<MenuHandlers>>
}) {
  return useCanChangeFolders() ? <MenuAtPoint {...props} /> : props.children
}
