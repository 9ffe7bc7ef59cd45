import type { MediaRecord, RecordPatch } from '../contract/record'
import { patchFields } from '../contract/record-patch'

/** A change to the file list, applied to the cached records (optimistically, then with the server's answer). */
export type RecordsChange = (records: readonly MediaRecord[]) => readonly MediaRecord[]

/** The fields a user edits, as the update endpoints take them: tags already split into an array. */
export type RecordFields = RecordPatch

/**
 * The record as the server will store it after `fields` (the one patch rule of
 * `contract/record-patch.ts`, so the optimistic view and the answer agree), without the server's
 * timestamp and mirror state.
 */
export function patchRecord(record: MediaRecord, fields: RecordFields): MediaRecord {
  return patchFields(record, fields)
}

/** Keeps the records untouched by identity, so per-record derived data (search text, sort keys) is reused. */
function mapSome(
  records: readonly MediaRecord[],
  ids: ReadonlySet<number>,
  change: (record: MediaRecord) => MediaRecord,
): readonly MediaRecord[] {
  if (ids.size === 0) return records
  return records.map((record) => (ids.has(record.id) ? change(record) : record))
}

export function withoutRecords(ids: Iterable<number>): RecordsChange {
  const gone = new Set(ids)
  return (records) => (gone.size === 0 ? records : records.filter((record) => !gone.has(record.id)))
}

/**
 * Puts records back into the list (a delete undone), in id order as the server lists them. A record
 * already listed stays as it is, so the change can sit on top of a list that has caught up.
 */
export function withAdded(added: readonly MediaRecord[]): RecordsChange {
  return (records) => {
    const listed = new Set(records.map((record) => record.id as number))
    const missing = added.filter((record) => !listed.has(record.id))
    if (missing.length === 0) return records
    return [...records, ...missing].sort((a, b) => a.id - b.id)
  }
}

export function withPatch(ids: Iterable<number>, fields: RecordFields): RecordsChange {
  const targets = new Set(ids)
  return (records) => mapSome(records, targets, (record) => patchRecord(record, fields))
}

export function withFolder(ids: Iterable<number>, folderPath: string): RecordsChange {
  const targets = new Set(ids)
  return (records) => mapSome(records, targets, (record) => ({ ...record, folder_path: folderPath }))
}

/** Replaces records by id with the server's versions. */
export function withRecords(updated: readonly MediaRecord[]): RecordsChange {
  const byId = new Map(updated.map((record) => [record.id as number, record]))
  return (records) => mapSome(records, new Set(byId.keys()), (record) => byId.get(record.id) ?? record)
}

/** The file list's cache, as the features that change files see it; the library implements it. */
export interface MediaCache {
  /**
   * Shows `optimistic` at once and runs `request`. When it resolves, the list becomes the data as it was
   * before the change with `settle(result)` applied (so items the server refused roll back); when it
   * throws, the data as it was before is restored and the error rethrown.
   */
  change<T>(
    request: () => Promise<T>,
    optimistic: RecordsChange,
    settle: (result: T) => RecordsChange,
  ): Promise<T>
  /** Fetches the list again (after an upload, or to recover from a failure). */
  reload(): Promise<void>
}
