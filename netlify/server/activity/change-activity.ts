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

/** Each field that differs between `before` and `after`, with both values. */
export function fieldChanges(edit: RecordEdit): Record<string, { before: unknown; after: unknown }> {
  const before = edit.before as Record<string, unknown>
  const after = edit.after as Record<string, unknown>
  const changes: Record<string, { before: unknown; after: unknown }> = {}
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (BOOKKEEPING.has(field)) continue
    if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue
    changes[field] = { before: before[field] ?? null, after: after[field] ?? null }
  }
  return changes
}

/** Files an edit's detail gives before and after for; a larger bulk edit names its fields only. */
const EDITS_DETAILED = 100

function editDetail(edits: readonly RecordEdit[]): Record<string, unknown> {
  const [only] = edits
  if (edits.length === 1 && only) return { changes: fieldChanges(only) }
  if (edits.length <= EDITS_DETAILED) {
    return { changes_by_file: Object.fromEntries(edits.map((edit) => [edit.after.id, fieldChanges(edit)])) }
  }
  const fields = new Set(edits.flatMap((edit) => Object.keys(fieldChanges(edit))))
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
