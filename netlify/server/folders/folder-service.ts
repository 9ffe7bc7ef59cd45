import type { FolderDeleteResponse } from '../../../src/contract/api'
import { isWithin, joinPath, type Folder, type FolderCreate } from '../../../src/contract/folder'
import type { FolderId } from '../../../src/contract/ids'
import { LIMITS } from '../../../src/contract/limits'
import { ConflictError, folderNotFound, InvalidInputError } from '../errors'
import { isTrashed, updateEveryRecord } from '../records/record-shards'
import type { DocumentStore } from '../storage/document-store'
import {
  isLivePath,
  mutateFolders,
  nearestLivePath,
  publicFolder,
  readFolders,
  subtreeOf,
  type StoredFolder,
} from './folder-document'

/** Every live folder, parents before children (sorted by path). */
export async function listFolders(store: DocumentStore): Promise<Folder[]> {
  const { folders } = await readFolders(store)
  return folders
    .filter((folder) => !folder.deleting)
    .map(publicFolder)
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

/** Creates a folder under `parent_path`; names are unique under one parent, ignoring case. */
export async function createFolder(store: DocumentStore, input: FolderCreate): Promise<Folder> {
  const parentPath = input.parent_path
  const path = joinPath(parentPath, input.name)
  if (path.length > LIMITS.folderPathChars) {
    throw new InvalidInputError(`Folder path must be at most ${String(LIMITS.folderPathChars)} characters`)
  }
  return mutateFolders(store, (document) => {
    if (!isLivePath(document, parentPath)) throw folderNotFound(parentPath)
    const clash = document.folders.find((folder) => folder.path.toLowerCase() === path.toLowerCase())
    if (clash) {
      throw new ConflictError(
        clash.deleting
          ? `A folder named "${clash.name}" in ${parentPath} is being deleted; try again in a moment`
          : `A folder named "${clash.name}" already exists in ${parentPath}`,
      )
    }
    if (document.folders.length >= LIMITS.folders) {
      throw new ConflictError(`There can be at most ${String(LIMITS.folders)} folders`)
    }
    const folder: StoredFolder = {
      id: document.next_id as FolderId,
      name: input.name,
      path,
      parent_path: parentPath,
    }
    return {
      next: { next_id: document.next_id + 1, folders: [...document.folders, folder] },
      result: publicFolder(folder),
    }
  })
}

/**
 * Deletes a folder and every folder below it. Their files are kept and move up to the deleted folder's
 * parent. Three steps, each safe to repeat, so a delete that fails midway completes when retried:
 * mark the subtree `deleting` (it takes no new files), sweep its files out, then drop the folders.
 */
export async function deleteFolder(store: DocumentStore, id: number): Promise<FolderDeleteResponse> {
  const { folder, paths } = await mutateFolders(store, (document) => {
    const target = document.folders.find((candidate) => candidate.id === id)
    if (!target) throw folderNotFound(id)
    const subtree = new Set(subtreeOf(document, target.path).map((candidate) => candidate.id))
    const folders = document.folders.map((candidate) =>
      subtree.has(candidate.id) ? { ...candidate, deleting: true } : candidate,
    )
    const alreadyMarked = document.folders.every(
      (candidate) => !subtree.has(candidate.id) || candidate.deleting,
    )
    return {
      next: alreadyMarked ? undefined : { ...document, folders },
      result: { folder: target, paths: subtree.size },
    }
  })

  const destination = nearestLivePath(await readFolders(store), folder.parent_path)
  const now = new Date().toISOString()
  // Trashed files move too, so a restore never returns a file to a folder that is gone; only live
  // files count as moved.
  const moved = await updateEveryRecord(store, (record) =>
    isWithin(record.folder_path, folder.path)
      ? { ...record, folder_path: destination, updated_at: now }
      : undefined,
  )
  const movedFiles = moved.filter((record) => !isTrashed(record)).length

  await mutateFolders(store, (document) => {
    const remaining = document.folders.filter((candidate) => !isWithin(candidate.path, folder.path))
    return {
      next: remaining.length === document.folders.length ? undefined : { ...document, folders: remaining },
      result: undefined,
    }
  })

  return {
    ok: true,
    folder: publicFolder(folder),
    removed_folders: paths,
    moved_files: movedFiles,
    moved_to: destination,
  }
}
