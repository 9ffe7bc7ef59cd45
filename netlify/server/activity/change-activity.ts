import type { MediaRecord } from '../../../src/contract/record'
import type { ChangeEvent } from '../events/change-events'
import type { DocumentStore } from '../storage/document-store'
import { appendActivity } from './activity-log'

/** An edit's record as it was and as it is stored now, for the log's before and after. */
export interface RecordEdit {
  before: MediaRecord
  after: MediaRecord
}

/** Fields an edit changes as a side effect, which the log leaves out of its before and after. */
const BOOKKEEPING = new Set(['updated_at', 'updated_by', 'created_by'])

/**
 * How much of a changed value the log keeps: a text's first `KEPT_TEXT_CHARS` characters (then '…'), and
 * any other value whose JSON is at most `KEPT_VALUE_CHARS` long (else null). A change cut short says
 * `truncated: true`. Without the cut, an edit of two 5,000-character fields made a 120 KB event, and
 * fifty of them a page of the log past what a function may answer.
 */
const KEPT_TEXT_CHARS = 500
const KEPT_VALUE_CHARS = 2_000

type FieldChange = { before: unknown; after: unknown; truncated?: true }

function keptValue(value: unknown): { value: unknown; cut: boolean } {
  if (typeof value === 'string') {
    return value.length > KEPT_TEXT_CHARS
      ? { value: `${value.slice(0, KEPT_TEXT_CHARS)}…`, cut: true }
      : { value, cut: false }
  }
  const text = JSON.stringify(value) as string | undefined
  return text !== undefined && text.length > KEPT_VALUE_CHARS
    ? { value: null, cut: true }
    : { value, cut: false }
}

/** Each field that differs between `before` and `after`, with both values (as much as the log keeps). */
export function fieldChanges(edit: RecordEdit): Record<string, FieldChange> {
  const before = edit.before as Record<string, unknown>
  const after = edit.after as Record<string, unknown>
  const changes: Record<string, FieldChange> = {}
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (BOOKKEEPING.has(field)) continue
    if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue
    const was = keptValue(before[field] ?? null)
    const is = keptValue(after[field] ?? null)
    changes[field] = { before: was.value, after: is.value, ...(was.cut || is.cut ? { truncated: true } : {}) }
  }
  return changes
}

/** Files an edit's detail gives before and after for; a larger bulk edit names its fields only. */
const EDITS_DETAILED = 100
/** ...and only while their before and after fit in this many characters of JSON: one event stays small. */
const DETAIL_CHARS = 100_000

function editDetail(edits: readonly RecordEdit[]): Record<string, unknown> {
  const [only] = edits
  if (edits.length === 1 && only) return { changes: fieldChanges(only) }
  const byFile = edits.map((edit) => [edit.after.id, fieldChanges(edit)] as const)
  if (edits.length <= EDITS_DETAILED) {
    const detail = { changes_by_file: Object.fromEntries(byFile) }
    if (JSON.stringify(detail).length <= DETAIL_CHARS) return detail
  }
  const fields = new Set(byFile.flatMap(([, changes]) => Object.keys(changes)))
  return { fields: [...fields].sort() }
}

function changeDetail(event: ChangeEvent, edits: readonly RecordEdit[]): Record<string, unknown> {
  const data = event.data as Record<string, unknown>
  if (event.type === 'file.updated') return editDetail(edits)
  if (event.type.startsWith('folder.')) {
    const { folder, ...rest } = data as { folder: { id: number; path: string } }
    return { folder_id: folder.id, folder_path: folder.path, ...rest }
  }
  const file = data.file as MediaRecord | undefined
  return {
    ...(file ? { title: file.title } : {}),
    ...(typeof data.folder_path === 'string' ? { folder_path: data.folder_path } : {}),
  }
}

/**
 * The activity log's part in announcing stored changes (`events/announce.ts`): one entry per event,
 * as the running request's actor, with an edit's fields before and after.
 */
export async function recordChanges(
  store: DocumentStore,
  events: readonly ChangeEvent[],
  edits: readonly RecordEdit[] = [],
): Promise<void> {
  for (const event of events) {
    const ids = 'ids' in event.data ? event.data.ids : []
    await appendActivity(store, {
      action: event.type,
      file_ids: ids,
      detail: changeDetail(event, edits),
      // Logged when it is appended: a change's own timestamp may be a record's earlier time, and the
      // log keeps the order its entries were made in.
    })
  }
}
