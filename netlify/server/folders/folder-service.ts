import type { FolderDeleteResponse, FolderUpdateResponse } from '../../../src/contract/api'
import {
  folderClashMessage,
  isWithin,
  joinPath,
  ROOT_PATH,
  sameFolderName,
  type Folder,
  type FolderCreate,
  type FolderUpdate,
} from '../../../src/contract/folder'
import type { FolderId } from '../../../src/contract/ids'
import { LIMITS } from '../../../src/contract/limits'
import { ConflictError, folderNotFound, InvalidInputError } from '../errors'
import { announceChanges } from '../events/announce'
import { folderEvent } from '../events/change-events'
import { readAllRecords } from '../records/record-pages'
import {
  idsOfShard,
  isTrashed,
  operateOnStoredRecords,
  shardOverflowedBy,
  updateEveryRecord,
} from '../records/record-shards'
import type { MediaRecord } from '../../../src/contract/record'
import type { DocumentStore } from '../storage/document-store'
import {
  isLivePath,
  mutateFolders,
  type FolderForward,
  type FoldersDocument,
  nearestLivePath,
  publicFolder,
  readFolders,
  refuseOverBudget,
  subtreeOf,
  type StoredFolder,
} from './folder-document'
import { updatedStamp } from '../activity/acting-actor'

/** Every live folder, parents before children (sorted by path). */
export async function listFolders(store: DocumentStore): Promise<Folder[]> {
  const { folders } = await readFolders(store)
  return folders
    .filter((folder) => !folder.deleting)
    .map(publicFolder)
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

/**
 * Creates a folder under `parent_path`; names are unique under one parent, compared as `sameFolderName`
 * does (case, width and invisible characters aside).
 */
export async function createFolder(
  store: DocumentStore,
  input: FolderCreate,
  now = new Date(),
): Promise<Folder> {
  const parentPath = input.parent_path
  const path = joinPath(parentPath, input.name)
  if (path.length > LIMITS.folderPathChars) {
    throw new InvalidInputError(`Folder path must be at most ${String(LIMITS.folderPathChars)} characters`)
  }
  const created = await mutateFolders(store, (document) => {
    if (!isLivePath(document, parentPath)) throw folderNotFound(parentPath)
    refuseClash(document, input.name, parentPath)
    if (document.folders.length >= LIMITS.folders) {
      throw new ConflictError(`There can be at most ${String(LIMITS.folders)} folders`)
    }
    const folder: StoredFolder = {
      id: document.next_id as FolderId,
      name: input.name,
      path,
      parent_path: parentPath,
    }
    // The notes of recent moves stay: they send late files on, and hold a path that is still sweeping.
    const next = { ...document, next_id: document.next_id + 1, folders: [...document.folders, folder] }
    refuseOverBudget(document, next)
    return { next, result: publicFolder(folder) }
  })
  await announceChanges(store, [folderEvent('folder.created', created, now)])
  return created
}

/**
 * Deletes a folder and every folder below it. Their files are kept and move up to the deleted folder's
 * parent. Three steps, each safe to repeat, so a delete that fails midway completes when retried:
 * mark the subtree `deleting` (it takes no new files), sweep its files out, then drop the folders.
 */
export async function deleteFolder(
  store: DocumentStore,
  id: number,
  now = new Date(),
): Promise<FolderDeleteResponse> {
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
  // Trashed files move too, so a restore never returns a file to a folder that is gone; only live
  // files count as moved.
  const moved = await updateEveryRecord(store, (record) =>
    isWithin(record.folder_path, folder.path)
      ? { ...record, folder_path: destination, ...updatedStamp(now) }
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

  const deleted = {
    folder: publicFolder(folder),
    removed_folders: paths,
    moved_files: movedFiles,
    moved_to: destination,
  }
  // One event for the subtree: its files moved with it, so they get none of their own.
  await announceChanges(store, [folderEvent('folder.deleted', deleted.folder, now, deleted)])
  return { ok: true, ...deleted }
}

/**
 * Refuses `name` under `parentPath` when another folder there has a name that looks the same
 * (`sameFolderName`: after NFKC and case folding, so 'REPORTS' or a fullwidth 'Ｒｅｐｏｒｔｓ' beside
 * 'Reports'), or while a move is still sweeping files out of such a path.
 */
function refuseClash(document: FoldersDocument, name: string, parentPath: string, except?: number): void {
  // `parentPath` is a live folder's path as stored (or the root), so parents compare exactly.
  const sameParent = (other: string) => other === parentPath
  const clash = document.folders.find(
    (folder) => folder.id !== except && sameParent(folder.parent_path) && sameFolderName(folder.name, name),
  )
  if (clash) {
    throw new ConflictError(
      clash.deleting
        ? `A folder named "${clash.name}" in ${parentPath} is being deleted; try again in a moment`
        : folderClashMessage(clash.name, name, parentPath),
    )
  }
  const leaving = (document.forwards ?? []).find((forward) => {
    const cut = forward.from.lastIndexOf('/')
    const from = { parent: forward.from.slice(0, cut) || ROOT_PATH, name: forward.from.slice(cut + 1) }
    return forward.sweeping && sameParent(from.parent) && sameFolderName(from.name, name)
  })
  if (leaving) {
    const left = leaving.from.slice(leaving.from.lastIndexOf('/') + 1)
    throw new ConflictError(`A folder named "${left}" in ${parentPath} is being moved; try again in a moment`)
  }
}

/** How long a moved folder's old path keeps sending late files on, and how many such notes are kept. */
const FORWARD_KEEP_MS = 24 * 60 * 60 * 1000
const FORWARDS_KEPT = 200

interface PlannedMove {
  folder: StoredFolder
  /** The move whose files are to be swept; null when there is nothing to sweep. */
  forward: FolderForward | null
  folders: number
  /** Whether the folder's name or place changed now (false for a repeat finishing an earlier sweep). */
  changed: boolean
}

/**
 * Renames a folder or moves it under another parent (or both). The folder and every folder below it get
 * their new paths, and every file inside follows, trashed ones too. Steps, each safe to repeat, so a
 * call that fails midway completes when retried with the same body:
 * 1. one compare-and-swap gives the folders their new paths and notes where the old path went;
 * 2. the files are swept from the old path to the new one;
 * 3. files that meanwhile landed in a folder that moved or went away are sent where it went.
 * A file written into the old path after step 1 (an upload that checked the folder just before) is sent
 * on to the new path by the write's own check of the folders, or by step 2 if the sweep comes later.
 */
export async function updateFolder(
  store: DocumentStore,
  id: number,
  input: FolderUpdate,
  now = new Date(),
): Promise<FolderUpdateResponse> {
  await refuseOverfullShards(store, await readFolders(store), id, input)
  const move = await mutateFolders(store, (document) => planMove(document, id, input, now))
  const { forward } = move
  let movedFiles = 0
  if (forward) {
    movedFiles = await sweepFiles(store, forward.from, forward.to, now)
    await mutateFolders(store, (document) => {
      const forwards = document.forwards ?? []
      const done = forwards.map((each) =>
        sameForward(each, forward) ? { ...each, sweeping: undefined } : each,
      )
      const changed = forwards.some((each) => sameForward(each, forward) && each.sweeping)
      return { next: changed ? { ...document, forwards: done } : undefined, result: undefined }
    })
  }
  const updated = {
    folder: publicFolder(move.folder),
    previous_path: forward?.from ?? move.folder.path,
    moved_files: movedFiles,
  }
  // A repeat that changed nothing announces nothing; a folder's files follow it without events of their own.
  if (move.changed)
    await announceChanges(store, [folderEvent('folder.updated', updated.folder, now, updated)])
  return { ok: true, ...updated, updated_folders: move.folders }
}

/**
 * Refuses (409) a rename or move that would lengthen the folder path of files whose shard has no room
 * for it (decision 0031). Checked before the folders change: the sweep that follows must move every file.
 */
async function refuseOverfullShards(
  store: DocumentStore,
  document: FoldersDocument,
  id: number,
  input: FolderUpdate,
): Promise<void> {
  const target = document.folders.find((candidate) => candidate.id === id)
  if (!target) return
  const from = target.path
  const to = joinPath(input.parent_path ?? target.parent_path, input.name ?? target.name)
  if (to.length <= from.length || from === ROOT_PATH) return
  const full = shardOverflowedBy(await readAllRecords(store), (record) =>
    isWithin(record.folder_path, from)
      ? { ...record, folder_path: to + record.folder_path.slice(from.length) }
      : undefined,
  )
  if (full === null) return
  const { first, last } = idsOfShard(full)
  throw new ConflictError(
    `Renaming or moving this folder would lengthen the folder path of files ${String(first)}-` +
      `${String(last)}, which together may take at most ${String(LIMITS.shardBytes / 1_000_000)} MB and ` +
      'have no room left for it. Choose a shorter name, or move some of those files elsewhere first.',
  )
}

function sameForward(a: FolderForward, b: FolderForward): boolean {
  return a.from === b.from && a.to === b.to && a.at === b.at
}

function planMove(document: FoldersDocument, id: number, input: FolderUpdate, now: Date) {
  const target = document.folders.find((candidate) => candidate.id === id)
  if (!target || target.deleting) throw folderNotFound(id)
  const name = input.name ?? target.name
  const parentPath = input.parent_path ?? target.parent_path
  const path = joinPath(parentPath, name)
  const subtree = subtreeOf(document, target.path)
  if (path === target.path && name === target.name) {
    // Nothing to change, or a repeat of a move whose first call stopped before its files were swept.
    const unfinished = (document.forwards ?? []).findLast((each) => each.to === path && each.sweeping)
    const result: PlannedMove = {
      folder: target,
      forward: unfinished ?? null,
      folders: subtree.length,
      changed: false,
    }
    return { next: undefined, result }
  }
  if (!isLivePath(document, parentPath)) throw folderNotFound(parentPath)
  if (isWithin(parentPath, target.path)) {
    throw new InvalidInputError('A folder cannot be moved into itself or one of its subfolders')
  }
  if (subtree.some((folder) => folder.deleting)) {
    throw new ConflictError(`A folder inside ${target.path} is being deleted; try again in a moment`)
  }
  refuseClash(document, name, parentPath, target.id)
  const renamed = (each: string) => path + each.slice(target.path.length)
  const longest = Math.max(...subtree.map((folder) => renamed(folder.path).length))
  if (longest > LIMITS.folderPathChars) {
    throw new InvalidInputError(`Folder path must be at most ${String(LIMITS.folderPathChars)} characters`)
  }
  const moved = new Set(subtree.map((folder) => folder.id))
  const folders = document.folders.map((folder) => {
    if (folder.id === target.id) return { ...folder, name, path, parent_path: parentPath }
    if (!moved.has(folder.id)) return folder
    return { ...folder, path: renamed(folder.path), parent_path: renamed(folder.parent_path) }
  })
  const forward: FolderForward = { from: target.path, to: path, at: now.toISOString(), sweeping: true }
  const next: FoldersDocument = {
    ...document,
    folders,
    forwards: [...recentForwards(document, now), forward],
  }
  refuseOverBudget(document, next)
  const folder = folders.find((each) => each.id === target.id) ?? target
  const result: PlannedMove = { folder, forward, folders: subtree.length, changed: true }
  return { next, result }
}

function recentForwards(document: FoldersDocument, now: Date): FolderForward[] {
  const since = now.getTime() - FORWARD_KEEP_MS
  return (document.forwards ?? [])
    .filter((forward) => Date.parse(forward.at) >= since)
    .slice(-(FORWARDS_KEPT - 1))
}

/** Steps 2 and 3 of `updateFolder`; returns how many live files moved. */
async function sweepFiles(store: DocumentStore, from: string, to: string, now: Date): Promise<number> {
  const moved = await updateEveryRecord(store, (record) =>
    from !== ROOT_PATH && isWithin(record.folder_path, from)
      ? { ...record, folder_path: to + record.folder_path.slice(from.length), ...updatedStamp(now) }
      : undefined,
  )
  await followMovedFolders(
    store,
    moved.map((record) => record.id),
  )
  return moved.filter((record) => !isTrashed(record)).length
}

/**
 * Sends files that were just written into a path that is no longer live to where that folder went (or,
 * when it was deleted, to the nearest live folder above). Reads after writing: a move or delete of the
 * destination that swept before these writes has marked its folders by now, so the files follow it; each
 * hop is checked again, as another may have run. Returns the files it sent on, as they were left.
 */
export async function followMovedFolders(
  store: DocumentStore,
  ids: readonly number[],
): Promise<MediaRecord[]> {
  const sentOn = new Map<number, MediaRecord>()
  let pending = [...ids]
  for (let round = 0; round < FOLLOW_ROUNDS && pending.length > 0; round++) {
    const folders = await readFolders(store)
    const sent = await operateOnStoredRecords(store, pending, (current) => {
      if (!current || isLivePath(folders, current.folder_path)) return { result: undefined }
      const record = { ...current, folder_path: nearestLivePath(folders, current.folder_path) }
      return { record, result: record }
    })
    for (const record of sent) if (record) sentOn.set(record.id, record)
    pending = pending.filter((_, i) => sent[i] !== undefined)
  }
  return [...sentOn.values()]
}

/** Folder moves racing one file are few; this bounds the walk should storage misbehave. */
const FOLLOW_ROUNDS = 10
