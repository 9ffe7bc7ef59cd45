import { ChevronDown, ChevronRight, Folder, FolderOpen, Inbox, Layers } from 'lucide-react'
import { memo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react'

import { ROOT_PATH } from '../../../contract/folder'
import { draggedFileIds, FILE_DRAG_TYPE } from '../../../lib/drag'
import type { MoveTarget } from '../../../lib/move-target'
import { ancestorsOf, flattenTree, type FolderNode } from '../model/folder-tree'

interface FolderTreeProps {
  tree: readonly FolderNode[]
  selected: string | null
  onSelect: (path: string | null) => void
  /** Files dropped on a folder; the keyboard path to the same move is the bulk panel's Move. */
  onDropFiles: (ids: number[], target: MoveTarget) => void
}

interface Item {
  path: string | null
  label: string
  depth: number
  node: FolderNode | null
  target: MoveTarget | null
}

function ancestorsAbove(path: string | null): string[] {
  return path === null ? [] : ancestorsOf(path).slice(0, -1)
}

/** The folders as an ARIA tree: arrows move, Right/Left open and close, Enter or Space selects. */
export const FolderTree = memo(function FolderTree({
  tree,
  selected,
  onSelect,
  onDropFiles,
}: FolderTreeProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(ancestorsAbove(selected)))
  const [shownFor, setShownFor] = useState(selected)
  if (shownFor !== selected) {
    // A folder chosen elsewhere (selector, breadcrumbs, Back) is revealed in the tree.
    setShownFor(selected)
    setExpanded((current) => new Set([...current, ...ancestorsAbove(selected)]))
  }
  const [dropPath, setDropPath] = useState<string | null>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const items: Item[] = [
    { path: null, label: 'All files', depth: 0, node: null, target: null },
    {
      path: ROOT_PATH,
      label: 'Uncategorized',
      depth: 0,
      node: null,
      target: { path: ROOT_PATH, folderId: null },
    },
    ...flattenTree(tree, (path) => expanded.has(path)).map(({ node, depth }) => ({
      path: node.path,
      label: node.name,
      depth,
      node,
      target: node.id === null ? null : { path: node.path, folderId: node.id },
    })),
  ]
  const selectedIndex = Math.max(
    0,
    items.findIndex((item) => item.path === selected),
  )
  const [focusIndex, setFocusIndex] = useState<number | null>(null)
  const current = Math.min(focusIndex ?? selectedIndex, items.length - 1)

  const setOpen = (path: string, open: boolean) => {
    setExpanded((state) => {
      const next = new Set(state)
      if (open) next.add(path)
      else next.delete(path)
      return next
    })
  }
  const focusAt = (index: number) => {
    const clamped = Math.min(Math.max(index, 0), items.length - 1)
    setFocusIndex(clamped)
    listRef.current?.querySelectorAll<HTMLElement>('[role="treeitem"]')[clamped]?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const item = items[current]
    if (item === undefined) return
    const node = item.node
    const open = node !== null && expanded.has(node.path)
    const keys: Record<string, () => void> = {
      ArrowDown: () => {
        focusAt(current + 1)
      },
      ArrowUp: () => {
        focusAt(current - 1)
      },
      Home: () => {
        focusAt(0)
      },
      End: () => {
        focusAt(items.length - 1)
      },
      ArrowRight: () => {
        if (node && node.children.length > 0) {
          if (open) focusAt(current + 1)
          else setOpen(node.path, true)
        }
      },
      ArrowLeft: () => {
        if (node && open) setOpen(node.path, false)
        else if (item.depth > 0)
          focusAt(items.findLastIndex((each, i) => i < current && each.depth < item.depth))
      },
      Enter: () => {
        onSelect(item.path)
      },
      ' ': () => {
        onSelect(item.path)
      },
    }
    const action = keys[event.key]
    if (action) {
      event.preventDefault()
      action()
    }
  }

  const dropHandlers = (item: Item) => {
    const target = item.target
    if (target === null) return {}
    return {
      onDragOver: (event: DragEvent) => {
        if (!event.dataTransfer.types.includes(FILE_DRAG_TYPE)) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'move'
        setDropPath(target.path)
      },
      onDragLeave: () => {
        setDropPath(null)
      },
      onDrop: (event: DragEvent) => {
        event.preventDefault()
        setDropPath(null)
        const ids = draggedFileIds(event.dataTransfer)
        if (ids !== null && ids.length > 0) onDropFiles(ids, target)
      },
    }
  }

  return (
    <nav aria-label="Folders" className="folders">
      <h2 className="folders__title">Folders</h2>
      <ul role="tree" aria-label="Folders" ref={listRef} onKeyDown={onKeyDown} className="tree">
        {items.map((item, index) => {
          const node = item.node
          const hasChildren = node !== null && node.children.length > 0
          const open = node !== null && expanded.has(node.path)
          const Icon =
            item.path === null ? Layers : item.path === ROOT_PATH ? Inbox : open ? FolderOpen : Folder
          const isSelected = item.path === selected
          return (
            <li
              key={item.path ?? 'all'}
              role="treeitem"
              aria-level={item.depth + 1}
              aria-selected={isSelected}
              aria-expanded={hasChildren ? open : undefined}
              tabIndex={index === current ? 0 : -1}
              className={`tree__item${isSelected ? ' tree__item--selected' : ''}${dropPath !== null && dropPath === item.path ? ' tree__item--drop' : ''}`}
              style={{ paddingLeft: `${String(0.5 + item.depth)}rem` }}
              onClick={() => {
                setFocusIndex(index)
                onSelect(item.path)
              }}
              {...dropHandlers(item)}
            >
              {hasChildren ? (
                <button
                  type="button"
                  tabIndex={-1}
                  className="tree__toggle"
                  aria-label={open ? `Collapse ${item.label}` : `Expand ${item.label}`}
                  onClick={(event) => {
                    event.stopPropagation()
                    setOpen(node.path, !open)
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
        })}
      </ul>
    </nav>
  )
})
