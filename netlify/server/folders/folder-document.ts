import * as z from 'zod'

import { folderSchema, isWithin, ROOT_PATH, type Folder } from '../../../src/contract/folder'
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

const foldersDocumentSchema = z.object({
  next_id: z.int().min(1),
  folders: z.array(storedFolderSchema),
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

/** The folder as the API shows it, without storage-only fields. */
export function publicFolder({ id, name, path, parent_path }: StoredFolder): Folder {
  return { id, name, path, parent_path }
}

/** Whether files may live at `path`: the root, or a folder that exists and is not being deleted. */
export function isLivePath(document: FoldersDocument, path: string): boolean {
  return path === ROOT_PATH || document.folders.some((folder) => folder.path === path && !folder.deleting)
}

/** The closest path at or above `path` that is live: where files of a vanished folder belong. */
export function nearestLivePath(document: FoldersDocument, path: string): string {
  let candidate = path
  while (!isLivePath(document, candidate)) {
    candidate = candidate.slice(0, candidate.lastIndexOf('/')) || ROOT_PATH
  }
  return candidate
}

/** The folders at or below `path`. */
export function subtreeOf(document: FoldersDocument, path: string): StoredFolder[] {
  return document.folders.filter((folder) => isWithin(folder.path, path))
}
