import { useState, type DragEvent } from 'react'

import { carriesScreenItems, draggedFileIds, draggedFolderId } from '../../../lib/drag'
import type { MoveTarget } from '../../../lib/move-target'

export interface FolderDropHandlers {
  onDropFiles: (ids: number[], target: MoveTarget) => void
  /** A folder dragged here: it moves under `target`. */
  onDropFolder: (id: number, target: MoveTarget) => void
}

/**
 * What a folder row or tile does with a drag of files or of another folder: shows it may drop, and on the
 * drop hands the files or the folder on. Without a target (All files) it takes nothing.
 */
export function useFolderDrop(target: MoveTarget | null, handlers: FolderDropHandlers | null) {
  const [dropping, setDropping] = useState(false)
  if (target === null || handlers === null) return { dropping: false, props: {} }
  const props = {
    onDragOver: (event: DragEvent) => {
      if (!carriesScreenItems(event.dataTransfer)) return
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
      const folderId = draggedFolderId(event.dataTransfer)
      if (folderId !== null) {
        handlers.onDropFolder(folderId, target)
        return
      }
      const ids = draggedFileIds(event.dataTransfer)
      if (ids !== null && ids.length > 0) handlers.onDropFiles(ids, target)
    },
  }
  return { dropping, props }
}
