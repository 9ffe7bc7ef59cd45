import {
  TEST_EVENT_TYPE,
  webhookIdSchema,
  type Delivery,
  type WebhookEvent,
} from '../../../src/contract/webhooks'
import { InvalidInputError } from '../errors'
import type { DocumentStore } from '../storage/document-store'
import {
  listDeliveries,
  publicDelivery,
  queueDelivery,
  removeDeliveriesOf,
  requeueDelivery,
} from './deliveries'
import { queueDeliveryRun } from './delivery-trigger'
import { newMessageId } from './random-ids'
import { findEndpoint, removeEndpoint } from './webhook-endpoints'

/** The webhook id of a `/api/webhooks/{id}/...` call, which the rewrite passes on as `?id=`. */
export function webhookIdOf(request: Request): string {
  const raw = new URL(request.url).searchParams.get('id') ?? ''
  if (!webhookIdSchema.safeParse(raw).success) {
    throw new InvalidInputError(
      `Invalid webhook id "${raw.slice(0, 40)}": ids look like wh_ and 16 letters or digits`,
    )
  }
  return raw
}

/** Removes an endpoint, then its deliveries; what was due for it is dropped by the next run. */
export async function deleteWebhook(store: DocumentStore, id: string): Promise<void> {
  await removeEndpoint(store, id)
  await removeDeliveriesOf(store, id)
}

export async function webhookDeliveries(
  store: DocumentStore,
  id: string,
  limit: number,
): Promise<Delivery[]> {
  await findEndpoint(store, id)
  return (await listDeliveries(store, id, limit)).map(publicDelivery)
}

/** Sends a `webhook.test` event to one endpoint, even one turned off, so it can be checked first. */
export async function sendTestEvent(store: DocumentStore, id: string, now = new Date()): Promise<Delivery> {
  await findEndpoint(store, id)
  const event: WebhookEvent = {
    type: TEST_EVENT_TYPE,
    timestamp: now.toISOString(),
    data: { webhook_id: id, message: 'A test event from Media File Manager' },
  }
  const delivery = await queueDelivery(store, id, newMessageId(), event, now, true)
  await queueDeliveryRun()
  return publicDelivery(delivery)
}

/** Sends a delivery once more, under its own `webhook-id`, so a receiver that has it can tell. */
export async function resendDelivery(
  store: DocumentStore,
  id: string,
  deliveryId: string,
  now = new Date(),
): Promise<Delivery> {
  await findEndpoint(store, id)
  const delivery = await requeueDelivery(store, id, deliveryId, now)
  await queueDeliveryRun()
  return publicDelivery(delivery)
}
