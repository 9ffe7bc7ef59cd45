import { FolderInput, MoreHorizontal, Pencil, Trash2, type LucideIcon } from 'lucide-react'
import { ContextMenu, DropdownMenu } from 'radix-ui'
import type { ReactElement } from 'react'

import type { Folder } from '../../../contract/folder'
import type { FolderActions } from './folder-actions'

interface MenuEntry {
  label: string
  icon: LucideIcon
  danger?: boolean
  perform: (actions: FolderActions, folder: Folder) => void
}

const ENTRIES: readonly MenuEntry[] = [
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

interface FolderMenuProps {
  folder: Folder
  actions: FolderActions
  /** Opened from the keyboard (Shift+F10 or the Menu key on the row). */
  open?: boolean
  onOpenChange?: (open: boolean) => void
}

/** The "More" button of a folder row or tile, and its menu. */
export function FolderMoreMenu({ folder, actions, open, onOpenChange }: FolderMenuProps) {
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          tabIndex={-1}
          className="icon-button folder-more"
          aria-label={`More actions for ${folder.name}`}
          onClick={(event) => {
            event.stopPropagation()
          }}
          onKeyDown={(event) => {
            event.stopPropagation()
          }}
        >
          <MoreHorizontal size={16} aria-hidden="true" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" aria-label={`Actions for ${folder.name}`} align="end">
          {ENTRIES.map(({ label, icon: Icon, danger, perform }) => (
            <DropdownMenu.Item
              key={label}
              className={`menu__item${danger ? ' menu__item--danger' : ''}`}
              onSelect={() => {
                perform(actions, folder)
              }}
            >
              <Icon size={14} aria-hidden="true" />
              {label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

/** The same menu on a right-click of `children` (a row or a tile). */
export function FolderContextMenu({
  folder,
  actions,
  children,
}: {
  folder: Folder
  actions: FolderActions
  children: ReactElement
}) {
  return (
    <ContextMenu.Root>
      <ContextMenu.Trigger asChild>{children}</ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content className="menu" aria-label={`Actions for ${folder.name}`}>
          {ENTRIES.map(({ label, icon: Icon, danger, perform }) => (
            <ContextMenu.Item
              key={label}
              className={`menu__item${danger ? ' menu__item--danger' : ''}`}
              onSelect={() => {
                perform(actions, folder)
              }}
            >
              <Icon size={14} aria-hidden="true" />
              {label}
            </ContextMenu.Item>
          ))}
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  )
}

/** Whether a key on a row or tile asks for its menu, as it does across desktops. */
export function opensMenu(event: { key: string; shiftKey: boolean }): boolean {
  return event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)
}
