import { ChevronDown, ChevronRight, Folder, FolderOpen, Inbox, Layers } from 'lucide-react'
import { useState, type DragEvent } from 'react'

import { ROOT_PATH } from '../../../contract/folder'
import { draggedFileIds, FILE_DRAG_TYPE } from '../../../lib/drag'
import type { MoveTarget } from '../../../lib/move-target'
import type { FolderNode } from '../model/folder-tree'

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

export function TreeRow({ item, selected, open, focusable, onSelect, onToggle, onDropFiles }: TreeRowProps) {
  const [dropping, setDropping] = useState(false)
  const hasChildren = item.node !== null && item.node.children.length > 0
  const Icon = item.path === null ? Layers : item.path === ROOT_PATH ? Inbox : open ? FolderOpen : Folder
  const target = item.target
  const drop =
    target === null
      ? {}
      : {
          onDragOver: (event: DragEvent) => {
            if (!event.dataTransfer.types.includes(FILE_DRAG_TYPE)) return
            event.preventDefault()
            event.dataTransfer.dropEffect = 'move'
            setDropping(true)
          },
          onDragLeave: () => {
            setDropping(false)
          },
          onDrop: (event: DragEvent) => {
            event.preventDefault()
            setDropping(false)
            const ids = draggedFileIds(event.dataTransfer)
            if (ids !== null && ids.length > 0) onDropFiles(ids, target)
          },
        }
  const className = ['tree__item', selected && 'tree__item--selected', dropping && 'tree__item--drop']
    .filter(Boolean)
    .join(' ')
  return (
    <li
      role="treeitem"
      aria-level={item.depth + 1}
      aria-selected={selected}
      aria-expanded={hasChildren ? open : undefined}
      tabIndex={focusable ? 0 : -1}
      className={className}
      style={{ paddingLeft: `${String(0.5 + item.depth)}rem` }}
      onClick={onSelect}
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
      <span className="tree__label">{item.label}</span>
    </li>
  )
}
