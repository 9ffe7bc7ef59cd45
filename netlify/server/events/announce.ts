import { recordChanges, type RecordEdit } from '../activity/change-activity'
import type { DocumentStore } from '../storage/document-store'
import { queueWebhookDeliveries } from '../webhooks/queue-deliveries'
import type { ChangeEvent } from './change-events'

/**
 * Something that acts on stored changes. It is given the store the change was written to, and for
 * edits each record before and after (the events carry only the after).
 */
export type ChangeListener = (
  store: DocumentStore,
  events: readonly ChangeEvent[],
  edits: readonly RecordEdit[],
) => Promise<void>

/** Who hears of stored changes: the webhooks and the activity log (decision 0075). */
const LISTENERS: readonly ChangeListener[] = [queueWebhookDeliveries, recordChanges]

/**
 * The one place a stored change is announced (decision 0072). Services call it after the write that
 * made the change has landed, never before, with the change's events (nulls, for changes that changed
 * nothing, are dropped) and, for edits, the records before and after. A listener's failure is logged
 * and goes no further: the change is stored, and its request must still answer that it was.
 */
export async function announceChanges(
  store: DocumentStore,
  events: readonly (ChangeEvent | null)[],
  edits: readonly RecordEdit[] = [],
): Promise<void> {
  const announced = events.filter((event) => event !== null)
  if (announced.length === 0) return
  for (const listener of LISTENERS) {
    await listener(store, announced, edits).catch((error: unknown) => {
      console.error('A change was stored, but announcing it failed', error)
    })
  }
}
