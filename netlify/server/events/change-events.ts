import type { Folder } from '../../../src/contract/folder'
import type { FileId } from '../../../src/contract/ids'
import type { MediaRecord } from '../../../src/contract/record'
import type { ChangeEventType, WebhookEvent } from '../../../src/contract/webhooks'

/**
 * A stored change, as it is announced (`announce.ts`) and as a webhook's body carries it: what
 * happened, when, and to what. One event per change a request makes: a bulk request of 500 files is one
 * event naming their ids, a request about one file carries its record.
 */
export type ChangeEvent = Extract<WebhookEvent, { type: ChangeEventType }>

type FileEventType = Extract<ChangeEventType, `file.${string}`>
type FolderEventType = Extract<ChangeEventType, `folder.${string}`>
type FolderEventData = Extract<ChangeEvent, { type: FolderEventType }>['data']

/**
 * The event of a change to `records` (as stored after it), or null when there were none: the ids, and
 * the record itself when there is one. `folder_path` names where a move sent them.
 */
export function fileEvent(
  type: Exclude<FileEventType, 'file.purged'>,
  records: readonly MediaRecord[],
  now: Date,
  extra: { folder_path?: string } = {},
): ChangeEvent | null {
  const [only] = records
  if (!only) return null
  const ids = records.map((record) => record.id)
  return {
    type,
    timestamp: now.toISOString(),
    data: { ids, ...(records.length === 1 ? { file: only } : {}), ...extra },
  }
}

/** Records deleted for good: their ids only, since the records are gone. */
export function purgeEvent(ids: readonly FileId[], now: Date): ChangeEvent | null {
  if (ids.length === 0) return null
  return { type: 'file.purged', timestamp: now.toISOString(), data: { ids: [...ids] } }
}

export function folderEvent(
  type: FolderEventType,
  folder: Folder,
  now: Date,
  extra: Omit<FolderEventData, 'folder'> = {},
): ChangeEvent {
  return { type, timestamp: now.toISOString(), data: { folder, ...extra } }
}
