import { Folder as FolderIcon } from 'lucide-react'

import type { Folder } from '../../../contract/folder'
import { setDraggedFolder } from '../../../lib/drag'
import { countOf } from '../../../lib/plural'
import { useCanCall } from '../../../lib/access'
import { compareFolderNames } from '../model/folder-names'
import { useFolderActions, type FolderActions } from './folder-actions'
import { useFolderDrop } from './folder-drop'
import { FolderContextMenu, FolderMoreMenu } from './folder-menu'

interface FolderTilesProps {
  /** The folder shown: its subfolders get tiles. */
  parentPath: string
  onOpen: (path: string) => void
}

/**
 * The subfolders of the folder shown, above its files: a strip outside the files' scroll area, so the
 * grid's virtual rows are measured as before. Files or folders dropped on a tile move into it.
 */
export function FolderTiles({ parentPath, onOpen }: FolderTilesProps) {
  const actions = useFolderActions()
  if (actions === null) return null
  const children = actions.folders
    .filter((folder) => folder.parent_path === parentPath)
    .sort((a, b) => compareFolderNames(a.name, b.name))
  if (children.length === 0) return null
  return (
    <ul className="folder-tiles" aria-label="Subfolders">
      {children.map((folder) => (
        <FolderTile key={folder.id} folder={folder} actions={actions} onOpen={onOpen} />
      ))}
    </ul>
  )
}

function FolderTile({
  folder,
  actions,
  onOpen,
}: {
  folder: Folder
  actions: FolderActions
  onOpen: (path: string) => void
}) {
  const { dropping, props: drop } = useFolderDrop({ path: folder.path, folderId: folder.id }, actions)
  const subfolders = actions.folders.filter((each) => each.parent_path === folder.path).length
  const items = subfolders + (actions.fileCounts().get(folder.path) ?? 0)
  // Dragging a folder moves it: only where folders may be changed (an editor's).
  const movable = useCanCall('folderUpdate', 'PATCH')
  return (
    <FolderContextMenu folder={folder} actions={actions}>
      <li className={`folder-tile${dropping ? ' folder-tile--drop' : ''}`} {...drop}>
        <button
          type="button"
          className="folder-tile__open"
          aria-label={`${folder.name}, ${countOf(items, 'item')}`}
          draggable={movable}
          onDragStart={(event) => {
            if (movable) setDraggedFolder(event.dataTransfer, folder.id)
          }}
          onClick={() => {
            onOpen(folder.path)
          }}
        >
          <FolderIcon size={20} aria-hidden="true" />
          <span className="folder-tile__name">{folder.name}</span>
          <span className="folder-tile__count">{countOf(items, 'item')}</span>
        </button>
        <FolderMoreMenu folder={folder} actions={actions} />
      </li>
    </FolderContextMenu>
  )
}
