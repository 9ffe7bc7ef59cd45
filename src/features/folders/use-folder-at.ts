import { useCallback } from 'react'

import { ROOT_PATH } from '../../contract/folder-paths'
import type { MoveTarget } from '../../lib/move-target'
import { useFolders } from './api/get-folders'

/** A folder path as a move target, for Undo of a move: the top level, or a folder the server listed. */
export function useFolderAt(): (path: string) => MoveTarget | undefined {
  const { data: folders } = useFolders()
  return useCallback(
    (path: string) => {
      if (path === ROOT_PATH || path === '') return { path: ROOT_PATH, folderId: null }
      const folder = folders?.find((each) => each.path === path)
      return folder && { path: folder.path, folderId: folder.id }
    },
    [folders],
  )
}
