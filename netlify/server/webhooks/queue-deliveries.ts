import type { ChangeEvent } from '../events/change-events'
import type { DocumentStore } from '../storage/document-store'
import { queueDelivery } from './deliveries'
import { queueDeliveryRun } from './delivery-trigger'
import { newMessageId } from './random-ids'
import { endpointsToAnnounce, subscribers } from './webhook-endpoints'

/**
 * The webhooks' part in announcing a change (`events/announce.ts`): a delivery of each event to every
 * enabled endpoint that subscribed to its type, all under one `webhook-id` per event, due at the change's
 * own time (which starts its day of retries), then a run of the background function to send them. With
 * no endpoint set up, nothing but the list kept a few seconds (decision 0081).
 */
export async function queueWebhookDeliveries(
  store: DocumentStore,
  events: readonly ChangeEvent[],
): Promise<void> {
  const endpoints = await endpointsToAnnounce(store)
  let queued = 0
  for (const event of events) {
    const targets = subscribers(endpoints, event.type)
    if (targets.length === 0) continue
    const messageId = newMessageId()
    for (const endpoint of targets) {
      await queueDelivery(store, endpoint.id, messageId, event, new Date(event.timestamp))
      queued += 1
    }
  }
  if (queued > 0) await queueDeliveryRun()
}
