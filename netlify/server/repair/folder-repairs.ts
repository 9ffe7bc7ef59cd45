import { isWithin } from '../../../src/contract/folder'
import type { MediaRecord } from '../../../src/contract/record'
import { NotFoundError } from '../errors'
import { isLivePath, nearestLivePath, readFolders } from '../folders/folder-document'
import { deleteFolder } from '../folders/folder-service'
import { operateOnStoredRecords } from '../records/record-shards'
import type { DocumentStore } from '../storage/document-store'
import type { RepairLog } from './repair-log'

/**
 * Finishes folder deletes that stopped after marking their folders. A folder delete is three steps,
 * each safe to repeat, so running it again completes it; a delete still running meanwhile does the
 * same steps and both end the same way. Only the topmost marked folders are run: each takes its
 * subtree with it.
 */
export async function finishStuckFolderDeletes(store: DocumentStore, log: RepairLog): Promise<void> {
  const { folders } = await readFolders(store)
  log.checked += folders.length
  const marked = folders.filter((folder) => folder.deleting)
  const topmost = marked.filter(
    (folder) => !marked.some((other) => other.id !== folder.id && isWithin(folder.path, other.path)),
  )
  for (const folder of topmost) {
    await log.found(
      [
        {
          kind: 'folder-stuck-deleting',
          subject: `folder ${String(folder.id)}`,
          detail: `${folder.path} is marked for deletion; finishing the delete`,
        },
      ],
      () => deleteFolder(store, folder.id).catch(ignoreNotFound),
    )
  }
}

/**
 * Moves records whose folder is missing or being deleted to the nearest live folder above it (the root
 * at the top), as the folder delete would have. Trashed records move too, so a restore lands in a
 * folder that exists. One compare-and-swap per shard for each missing folder.
 */
export async function rehomeStrandedRecords(
  store: DocumentStore,
  records: readonly MediaRecord[],
  log: RepairLog,
): Promise<void> {
  const folders = await readFolders(store)
  log.checked += records.length
  const strandedByPath = new Map<string, MediaRecord[]>()
  for (const record of records) {
    if (isLivePath(folders, record.folder_path)) continue
    strandedByPath.set(record.folder_path, [...(strandedByPath.get(record.folder_path) ?? []), record])
  }
  for (const [path, stranded] of strandedByPath) {
    const destination = nearestLivePath(folders, path)
    await log.found(
      stranded.map((record) => ({
        kind: 'record-in-missing-folder' as const,
        subject: `record ${String(record.id)}`,
        detail: `in ${path}, which is not a live folder; moving it to ${destination}`,
      })),
      () =>
        operateOnStoredRecords(
          store,
          stranded.map((record) => record.id),
          (current) =>
            current?.folder_path === path
              ? { record: { ...current, folder_path: destination }, result: undefined }
              : { result: undefined },
        ),
    )
  }
}

function ignoreNotFound(error: unknown): void {
  // Someone else finished this delete first.
  if (!(error instanceof NotFoundError)) throw error
}
