import type { MediaRecord, RecordPatch } from '../contract/record'
import { isWithin, ROOT_PATH } from '../contract/folder-paths'
import { patchFields } from '../contract/record-patch'

/**
 * A change to the file list, applied to the cached records (optimistically, then with the server's
 * answer) by `applyChange`. A change is data, not a function, so it can be sent to the worker that
 * holds the library as well as applied on the page.
 */
export type RecordsChange =
  | { kind: 'none' }
  | { kind: 'without'; ids: readonly number[] }
  /** Records put back (a delete undone), in id order; one already listed stays as it is. */
  | { kind: 'added'; records: readonly MediaRecord[] }
  | { kind: 'patch'; ids: readonly number[]; fields: RecordFields }
  | { kind: 'folder'; ids: readonly number[]; path: string }
  /** Records replaced by id with the server's versions. */
  | { kind: 'records'; records: readonly MediaRecord[] }
  /**
   * The files in the folder at `from` and below it, once that folder is at `to` (`flatten`: every one of
   * them goes to `to` itself, as when a folder is deleted and its files go to its parent).
   */
  | { kind: 'folder-moved'; from: string; to: string; flatten: boolean }
  | { kind: 'each'; changes: readonly RecordsChange[] }

export const NO_CHANGE: RecordsChange = { kind: 'none' }

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

function inIdOrder(records: readonly MediaRecord[]): boolean {
  for (let i = 1; i < records.length; i++) if ((records[i - 1]?.id ?? 0) > (records[i]?.id ?? 0)) return false
  return true
}

/** `added` not listed yet, put into `records` (any order) by sorting the whole list by id. */
function sortedWith(records: readonly MediaRecord[], added: readonly MediaRecord[]): readonly MediaRecord[] {
  const listed = new Set(records.map((record) => record.id as number))
  const missing = added.filter((record) => !listed.has(record.id))
  if (missing.length === 0) return records
  return [...records, ...missing].sort((a, b) => a.id - b.id)
}

/**
 * The same for `records` in id order: each added record's place found by a binary search and the
 * records between copied as blocks, so putting one file back in a long list sorts nothing.
 */
function mergedById(records: readonly MediaRecord[], added: readonly MediaRecord[]): readonly MediaRecord[] {
  const parts: (readonly MediaRecord[])[] = []
  let from = 0
  for (const record of [...added].sort((a, b) => a.id - b.id)) {
    let low = from
    let high = records.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((records[middle]?.id ?? 0) < record.id) low = middle + 1
      else high = middle
    }
    if (records[low]?.id === record.id) continue
    parts.push(records.slice(from, low), [record])
    from = low
  }
  if (parts.length === 0) return records
  parts.push(records.slice(from))
  return ([] as MediaRecord[]).concat(...parts)
}

/** `path` once the folder at `from` is at `to`: the same path when it lies outside that folder. */
export function movedPath(path: string, from: string, to: string): string {
  if (from === ROOT_PATH || !isWithin(path, from)) return path
  return to + path.slice(from.length)
}

/** The records once `change` is made: the same array when it changes none of them. */
export function applyChange(records: readonly MediaRecord[], change: RecordsChange): readonly MediaRecord[] {
  switch (change.kind) {
    case 'none':
      return records
    case 'without': {
      const gone = new Set(change.ids)
      return gone.size === 0 ? records : records.filter((record) => !gone.has(record.id))
    }
    case 'added':
      return inIdOrder(records) ? mergedById(records, change.records) : sortedWith(records, change.records)
    case 'patch':
      return mapSome(records, new Set(change.ids), (record) => patchRecord(record, change.fields))
    case 'folder':
      return mapSome(records, new Set(change.ids), (record) => ({ ...record, folder_path: change.path }))
    case 'records': {
      const byId = new Map(change.records.map((record) => [record.id as number, record]))
      return mapSome(records, new Set(byId.keys()), (record) => byId.get(record.id) ?? record)
    }
    case 'folder-moved': {
      const { from, to, flatten } = change
      if (from === ROOT_PATH || !records.some((record) => isWithin(record.folder_path, from))) return records
      return records.map((record) =>
        isWithin(record.folder_path, from)
          ? { ...record, folder_path: flatten ? to : movedPath(record.folder_path, from, to) }
          : record,
      )
    }
    case 'each':
      return change.changes.reduce(applyChange, records)
  }
}

export function withoutRecords(ids: Iterable<number>): RecordsChange {
  return { kind: 'without', ids: [...ids] }
}

/**
 * Puts records back into the list (a delete undone), in id order as the server lists them. A record
 * already listed stays as it is, so the change can sit on top of a list that has caught up.
 */
export function withAdded(added: readonly MediaRecord[]): RecordsChange {
  return { kind: 'added', records: added }
}

export function withPatch(ids: Iterable<number>, fields: RecordFields): RecordsChange {
  return { kind: 'patch', ids: [...ids], fields }
}

export function withFolder(ids: Iterable<number>, folderPath: string): RecordsChange {
  return { kind: 'folder', ids: [...ids], path: folderPath }
}

/** Replaces records by id with the server's versions. */
export function withRecords(updated: readonly MediaRecord[]): RecordsChange {
  return { kind: 'records', records: updated }
}

/** The files in the folder at `from` and below, once it is at `to` (`flatten`: all into `to` itself). */
export function withFilesMoved(from: string, to: string, flatten = false): RecordsChange {
  return { kind: 'folder-moved', from, to, flatten }
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
