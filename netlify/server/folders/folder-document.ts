import * as z from 'zod'

import { folderSchema, isWithin, ROOT_PATH, type Folder } from '../../../src/contract/folder'
import { LIMITS } from '../../../src/contract/limits'
import { ConflictError } from '../errors'
import { CorruptDocumentError, type DocumentStore } from '../storage/document-store'
import { mutateDocument, type Mutation } from '../storage/mutate'

/**
 * All folders live in one small document: a folder is about 100 bytes, so thousands fit, and one
 * compare-and-swap keeps names unique under a parent and ids unique without a separate counter.
 */
export const FOLDERS_KEY = 'folders'

const storedFolderSchema = folderSchema.extend({
  /** Set while a delete is in progress: the folder takes no new files and is not listed. */
  deleting: z.boolean().optional(),
})
export type StoredFolder = z.infer<typeof storedFolderSchema>

/**
 * Where a renamed or moved folder went. A file written into the old path while the folder moved (an
 * upload that checked the folder just before) is sent on to the new path instead of the old parent.
 */
const folderForwardSchema = z.object({
  from: z.string(),
  to: z.string(),
  at: z.string(),
  /** Set until the move has swept its files: the old path is not free for a new folder meanwhile. */
  sweeping: z.boolean().optional(),
})
export type FolderForward = z.infer<typeof folderForwardSchema>

const foldersDocumentSchema = z.object({
  next_id: z.int().min(1),
  folders: z.array(storedFolderSchema),
  forwards: z.array(folderForwardSchema).optional(),
})
export type FoldersDocument = z.infer<typeof foldersDocumentSchema>

const EMPTY: FoldersDocument = { next_id: 1, folders: [] }

function parseFolders(value: unknown): FoldersDocument {
  const result = foldersDocumentSchema.safeParse(value)
  if (!result.success) throw new CorruptDocumentError(`${FOLDERS_KEY} is not a valid folder list`)
  return result.data
}

export async function readFolders(store: DocumentStore): Promise<FoldersDocument> {
  const stored = await store.read(FOLDERS_KEY)
  return stored === null ? EMPTY : parseFolders(stored.value)
}

export function mutateFolders<R>(
  store: DocumentStore,
  apply: (document: FoldersDocument) => Mutation<FoldersDocument, R>,
): Promise<R> {
  return mutateDocument(store, FOLDERS_KEY, parseFolders, (document) => apply(document ?? EMPTY))
}

/**
 * Refuses (409) a change that would grow the folder document past `LIMITS.foldersBytes` (decision 0031):
 * `GET /api/folder-list` answers a part of it, so it then always fits one buffered answer. A change that
 * shrinks the document is let through even above the budget.
 */
export function refuseOverBudget(current: FoldersDocument, next: FoldersDocument): void {
  const bytes = Buffer.byteLength(JSON.stringify(next))
  if (bytes <= LIMITS.foldersBytes || bytes <= Buffer.byteLength(JSON.stringify(current))) return
  throw new ConflictError(
    `The folders would take ${bytes.toLocaleString('en-US')} bytes, more than the ` +
      `${String(LIMITS.foldersBytes / 1_000_000)} MB they may hold together. Use shorter folder names, or ` +
      'delete folders you no longer need.',
  )
}

/** The folder as the API shows it, without storage-only fields. */
export function publicFolder({ id, name, path, parent_path }: StoredFolder): Folder {
  return { id, name, path, parent_path }
}

/** Whether files may live at `path`: the root, or a folder that exists and is not being deleted. */
export function isLivePath(document: FoldersDocument, path: string): boolean {
  return path === ROOT_PATH || document.folders.some((folder) => folder.path === path && !folder.deleting)
}

/** Whether a file may be written into `path`: a live folder, or one that moved to a live folder. */
export function acceptsFiles(document: FoldersDocument, path: string): boolean {
  // A path that only leads up to a folder above it was deleted, not moved: its files are refused.
  return isLivePath(document, path) || !isWithin(path, nearestLivePath(document, path))
}

/**
 * The closest live path for `path`: itself when live; where a move took it; otherwise the nearest live
 * folder above it (the root at the top), where files of a vanished folder belong.
 */
export function nearestLivePath(document: FoldersDocument, path: string): string {
  let candidate = path
  const followed = new Set<FolderForward>()
  while (!isLivePath(document, candidate)) {
    // Newest first; each forward is followed once, so a folder moved back and forth cannot loop.
    const forward = (document.forwards ?? []).findLast(
      (each) => !followed.has(each) && isWithin(candidate, each.from) && each.from !== ROOT_PATH,
    )
    if (forward) {
      followed.add(forward)
      candidate = forward.to + candidate.slice(forward.from.length)
    } else {
      candidate = candidate.slice(0, candidate.lastIndexOf('/')) || ROOT_PATH
    }
  }
  return candidate
}

/** The folders at or below `path`. */
export function subtreeOf(document: FoldersDocument, path: string): StoredFolder[] {
  return document.folders.filter((folder) => isWithin(folder.path, path))
}
