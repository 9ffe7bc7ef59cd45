import { ChevronDown, ChevronRight, Folder as FolderIcon, FolderOpen, Inbox, Layers } from 'lucide-react'
import { useState, type KeyboardEvent } from 'react'

import type { Folder } from '../../../contract/folder'
import { ROOT_PATH } from '../../../contract/folder-paths'
import { setDraggedFolder } from '../../../lib/drag'
import type { MoveTarget } from '../../../lib/move-target'
import { useCanCall } from '../../../lib/access'
import type { FolderNode } from '../model/folder-tree'
import { useFolderActions } from './folder-actions'
import { useFolderDrop } from './folder-drop'
import { FolderContextMenu, FolderMoreMenu, opensMenu } from './folder-menu'

/** One row of the tree: All files, Uncategorized, or a folder. */
export interface TreeItem {
  path: string | null
  label: string
  depth: number
  node: FolderNode | null
  /** Where files dropped here go; null where they cannot (All files, or a folder known only by path). */
  target: MoveTarget | null
}

interface TreeRowProps {
  item: TreeItem
  selected: boolean
  open: boolean
  focusable: boolean
  onSelect: () => void
  onToggle: () => void
  onDropFiles: (ids: number[], target: MoveTarget) => void
}

const ignore = () => undefined

export function TreeRow({ item, selected, open, focusable, onSelect, onToggle, onDropFiles }: TreeRowProps) {
  const actions = useFolderActions()
  const [menuOpen, setMenuOpen] = useState(false)
  const { dropping, props: drop } = useFolderDrop(item.target, {
    onDropFiles,
    onDropFolder: actions?.onDropFolder ?? ignore,
  })
  const folder: Folder | undefined =
    item.node?.id === null ? undefined : actions?.folders.find((each) => each.id === item.node?.id)
  const hasChildren = item.node !== null && item.node.children.length > 0
  // Dragging a folder moves it: only where folders may be changed (an editor's).
  const draggable = useCanCall('folderUpdate', 'PATCH') ? folder : undefined
  const Icon = item.path === null ? Layers : item.path === ROOT_PATH ? Inbox : open ? FolderOpen : FolderIcon
  const className = ['tree__item', selected && 'tree__item--selected', dropping && 'tree__item--drop']
    .filter(Boolean)
    .join(' ')
  const row = (
    <li
      role="treeitem"
      // Named by the folder alone, not by the buttons inside it.
      aria-label={item.label}
      aria-level={item.depth + 1}
      aria-selected={selected}
      aria-expanded={hasChildren ? open : undefined}
      tabIndex={focusable ? 0 : -1}
      className={className}
      style={{ paddingLeft: `${String(0.5 + item.depth)}rem` }}
      onClick={onSelect}
      draggable={draggable !== undefined}
      onDragStart={
        draggable === undefined
          ? undefined
          : (event) => {
              event.stopPropagation()
              setDraggedFolder(event.dataTransfer, draggable.id)
            }
      }
      onKeyDown={(event: KeyboardEvent) => {
        if (folder === undefined || !opensMenu(event)) return
        event.preventDefault()
        event.stopPropagation()
        setMenuOpen(true)
      }}
      {...drop}
    >
      {hasChildren ? (
        <button
          type="button"
          tabIndex={-1}
          className="tree__toggle"
          aria-label={open ? `Collapse ${item.label}` : `Expand ${item.label}`}
          onClick={(event) => {
            event.stopPropagation()
            onToggle()
          }}
        >
          {open ? (
            <ChevronDown size={14} aria-hidden="true" />
          ) : (
            <ChevronRight size={14} aria-hidden="true" />
          )}
        </button>
      ) : (
        <span className="tree__spacer" />
      )}
      <Icon size={16} aria-hidden="true" />
      <span className="tree__label" title={item.label}>
        {item.label}
      </span>
      {folder !== undefined && actions !== null && (
        <FolderMoreMenu folder={folder} actions={actions} open={menuOpen} onOpenChange={setMenuOpen} />
      )}
    </li>
  )
  if (folder === undefined || actions === null) return row
  return (
    <FolderContextMenu folder={folder} actions={actions}>
      {row}
    </FolderContextMenu>
  )
}
