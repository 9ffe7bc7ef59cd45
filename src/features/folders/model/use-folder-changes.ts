import { useSWRConfig } from 'swr'

import type { Folder } from '../../../contract/folder'
import { isWithin, joinPath, ROOT_PATH } from '../../../contract/folder-paths'
import { errorMessage } from '../../../lib/api-errors'
import type { MediaCache } from '../../../lib/record-changes'
import { toast } from '../../../components/ui/toast'
import { deleteFolder } from '../api/delete-folder'
import { foldersKey } from '../api/get-folders'
import { updateFolder } from '../api/update-folder'
import { withFilesMoved } from '../../../lib/record-changes'
import { movedPath, withFolderMoved, withoutFolder } from './folder-changes'
import { folderLabel } from './folder-tree'

export interface FolderChangesOptions {
  cache: MediaCache
  /** The folder shown (null: All files); it follows a folder that moves or goes. */
  viewed: string | null
  onNavigate: (path: string | null) => void
}

/**
 * Rename, move and delete, shown at once: the tree, the files' folders and the view change before the
 * server answers and go back as they were if it refuses, with a toast saying what failed. Both lists
 * are fetched again afterwards.
 */
export function useFolderChanges({ cache, viewed, onNavigate }: FolderChangesOptions) {
  const { mutate } = useSWRConfig()

  /** Shows where the viewed folder went, if it was inside `from`; says whether it was. */
  const follow = (from: string, to: (viewed: string) => string): boolean => {
    if (viewed === null || viewed === ROOT_PATH || !isWithin(viewed, from)) return false
    onNavigate(to(viewed))
    return true
  }
  const goBack = (followed: boolean) => {
    if (followed) onNavigate(viewed)
  }

  const relocate = async (folder: Folder, name: string, parentPath: string) => {
    const to = joinPath(parentPath, name)
    const renaming = parentPath === folder.parent_path
    const request = cache.change(
      () => updateFolder(folder.id, renaming ? { name } : { name, parent_path: parentPath }),
      withFilesMoved(folder.path, to),
      (answer) => withFilesMoved(answer.previous_path, answer.folder.path),
    )
    const followed = follow(folder.path, (path) => movedPath(path, folder.path, to))
    try {
      await mutate<Folder[]>(
        foldersKey(),
        async (folders = []) => {
          await request
          return withFolderMoved(folders, folder, name, parentPath)
        },
        {
          optimisticData: (folders = []) => withFolderMoved(folders, folder, name, parentPath),
          rollbackOnError: true,
          revalidate: true,
        },
      )
      toast.success(
        renaming
          ? `Folder "${folder.name}" renamed to "${name}"`
          : `Folder "${folder.name}" moved to ${folderLabel(parentPath)}`,
      )
      void cache.reload()
    } catch (error) {
      goBack(followed)
      const what = renaming ? 'rename' : 'move'
      toast.error(
        `Could not ${what} folder "${folder.name}": ${errorMessage(error, 'Failed to update folder')}`,
      )
    }
  }

  const remove = async (folder: Folder) => {
    const request = cache.change(
      () => deleteFolder(folder.id),
      withFilesMoved(folder.path, folder.parent_path, true),
      (answer) => withFilesMoved(answer.folder.path, answer.moved_to, true),
    )
    // The view goes where the files go: the deleted folder's parent.
    const followed = follow(folder.path, () => folder.parent_path)
    try {
      await mutate<Folder[]>(
        foldersKey(),
        async (folders = []) => {
          await request
          return withoutFolder(folders, folder)
        },
        {
          optimisticData: (folders = []) => withoutFolder(folders, folder),
          rollbackOnError: true,
          revalidate: true,
        },
      )
      toast.success(`Folder "${folder.name}" deleted`)
      void cache.reload()
    } catch (error) {
      goBack(followed)
      toast.error(
        `Could not delete folder "${folder.name}": ${errorMessage(error, 'Failed to delete folder')}`,
      )
    }
  }

  return { relocate, remove }
}
