import type { Folder } from '../../../contract/folder'
import {
  folderClashMessage,
  isWithin,
  joinPath,
  ROOT_PATH,
  sameFolderName,
} from '../../../contract/folder-paths'
import { countOf } from '../../../lib/plural'
import { folderLabel } from './folder-tree'

/** The server's words for a move into the folder itself (folder-service), said before asking it. */
export const MOVE_INTO_ITSELF = 'A folder cannot be moved into itself or one of its subfolders'

export { movedPath } from '../../../lib/record-changes'
import { movedPath } from '../../../lib/record-changes'

/** The parent of a folder path; the top level's parent is itself. */
export function parentPathOf(path: string): string {
  const cut = path.lastIndexOf('/')
  return cut <= 0 ? ROOT_PATH : path.slice(0, cut)
}

/** The folder list once `folder` is named `name` under `parentPath`, as the server will have it. */
export function withFolderMoved(
  folders: readonly Folder[],
  folder: Folder,
  name: string,
  parentPath: string,
): Folder[] {
  const to = joinPath(parentPath, name)
  return folders
    .map((each) => {
      if (each.id === folder.id) return { ...each, name, path: to, parent_path: parentPath }
      if (!isWithin(each.path, folder.path)) return each
      return {
        ...each,
        path: movedPath(each.path, folder.path, to),
        parent_path: movedPath(each.parent_path, folder.path, to),
      }
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

/** The folder list without `folder` and the folders below it. */
export function withoutFolder(folders: readonly Folder[], folder: Folder): Folder[] {
  return folders.filter((each) => !isWithin(each.path, folder.path))
}

/**
 * Why `folder` cannot go under `parentPath` with `name`, in the server's words, or null when it can.
 * The server checks again; this spares a call whose answer is known.
 */
export function moveProblem(
  folders: readonly Folder[],
  folder: Folder,
  name: string,
  parentPath: string,
): string | null {
  if (isWithin(parentPath, folder.path)) return MOVE_INTO_ITSELF
  const clash = folders.find(
    (each) => each.id !== folder.id && each.parent_path === parentPath && sameFolderName(each.name, name),
  )
  return clash ? folderClashMessage(clash.name, name, parentPath) : null
}

/** Files in the folder at `path` and every folder below it. */
export function filesWithin(counts: ReadonlyMap<string, number>, path: string): number {
  let total = 0
  for (const [each, count] of counts) if (isWithin(each, path)) total += count
  return total
}

/** What deleting `folder` does, for its confirmation: which folders go, and where their files go. */
export function deleteFolderMessage(
  folders: readonly Folder[],
  folder: Folder,
  counts: ReadonlyMap<string, number>,
): string {
  const below = folders.filter((each) => each.id !== folder.id && isWithin(each.path, folder.path)).length
  const removed =
    below === 0 ? 'The folder is removed.' : `The folder and its ${countOf(below, 'subfolder')} are removed.`
  const files = filesWithin(counts, folder.path)
  const destination = folderLabel(folder.parent_path)
  const moved =
    files === 0
      ? 'It holds no files.'
      : `Its ${countOf(files, 'file')} ${files === 1 ? 'moves' : 'move'} to ${destination}.`
  return `${removed} ${moved}`
}
