import type { DocumentStore } from '../storage/document-store'
import { queueWebhookDeliveries } from '../webhooks/queue-deliveries'
import type { ChangeEvent } from './change-events'

/** Something that acts on stored changes. It is given the store the change was written to. */
export type ChangeListener = (store: DocumentStore, events: readonly ChangeEvent[]) => Promise<void>

/**
 * Who hears of stored changes: the webhooks today. An activity log would be one more line here, and
 * would hear every change the webhooks do.
 */
const LISTENERS: readonly ChangeListener[] = [queueWebhookDeliveries]

/**
 * The one place a stored change is announced (decision 0072). Services call it after the write that
 * made the change has landed, never before, with the change's events (nulls, for changes that changed
 * nothing, are dropped). A listener's failure is logged and goes no further: the change is stored, and
 * its request must still answer that it was.
 */
export async function announceChanges(
  store: DocumentStore,
  events: readonly (ChangeEvent | null)[],
): Promise<void> {
  const announced = events.filter((event) => event !== null)
  if (announced.length === 0) return
  for (const listener of LISTENERS) {
    await listener(store, announced).catch((error: unknown) => {
      console.error('A change was stored, but announcing it failed', error)
    })
  }
}
