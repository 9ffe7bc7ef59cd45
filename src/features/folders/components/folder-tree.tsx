import { memo, useRef, useState, type KeyboardEvent } from 'react'

import { ROOT_FOLDER_LABEL, ROOT_PATH } from '../../../contract/folder-paths'
import type { MoveTarget } from '../../../lib/move-target'
import { ancestorsOf, flattenTree, type FolderNode } from '../model/folder-tree'
import { TreeRow, type TreeItem } from './tree-row'

interface FolderTreeProps {
  tree: readonly FolderNode[]
  /** The folder shown (null: All files); undefined while another view, such as the Trash, is open. */
  selected: string | null | undefined
  onSelect: (path: string | null) => void
  /** Files dropped on a folder; the keyboard path to the same move is the bulk panel's Move. */
  onDropFiles: (ids: number[], target: MoveTarget) => void
}

/** The selected folder and every folder above it: what the tree opens to show where the view is. */
function openPathsFor(path: string | null | undefined): string[] {
  return path === null || path === undefined ? [] : ancestorsOf(path)
}

const FIXED_ITEMS: readonly TreeItem[] = [
  { path: null, label: 'All files', depth: 0, node: null, target: null },
  {
    path: ROOT_PATH,
    label: ROOT_FOLDER_LABEL,
    depth: 0,
    node: null,
    target: { path: ROOT_PATH, folderId: null },
  },
]

/** The folders as an ARIA tree: arrows move, Right/Left open and close, Enter or Space selects. */
export const FolderTree = memo(function FolderTree({
  tree,
  selected,
  onSelect,
  onDropFiles,
}: FolderTreeProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(openPathsFor(selected)))
  const [shownFor, setShownFor] = useState(selected)
  if (shownFor !== selected) {
    // A folder chosen elsewhere (selector, breadcrumbs, Back) is revealed in the tree.
    setShownFor(selected)
    setExpanded((current) => new Set([...current, ...openPathsFor(selected)]))
  }
  const [focusIndex, setFocusIndex] = useState<number | null>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const items: TreeItem[] = [
    ...FIXED_ITEMS,
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
    const parent = () => items.findLastIndex((each, i) => i < current && each.depth < item.depth)
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
        if (node === null || node.children.length === 0) return
        if (open) focusAt(current + 1)
        else setOpen(node.path, true)
      },
      ArrowLeft: () => {
        if (node !== null && open) setOpen(node.path, false)
        else if (item.depth > 0) focusAt(parent())
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

  return (
    <nav aria-label="Folders" className="folders">
      <h2 className="folders__title">Folders</h2>
      <ul role="tree" aria-label="Folders" ref={listRef} onKeyDown={onKeyDown} className="tree">
        {items.map((item, index) => (
          <TreeRow
            key={item.path ?? 'all'}
            item={item}
            selected={item.path === selected}
            open={item.node !== null && expanded.has(item.node.path)}
            focusable={index === current}
            onSelect={() => {
              setFocusIndex(index)
              onSelect(item.path)
            }}
            onToggle={() => {
              if (item.node) setOpen(item.node.path, !expanded.has(item.node.path))
            }}
            onDropFiles={onDropFiles}
          />
        ))}
      </ul>
    </nav>
  )
})
