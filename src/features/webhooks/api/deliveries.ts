import useSWR from 'swr'

import { ENDPOINTS } from '../../../contract/endpoints'
import type { Delivery } from '../../../contract/webhooks'
import { apiRequest } from '../../../lib/api-client'

/** While a delivery waits for its first answer, the list is asked for this often. */
export const DELIVERIES_POLL_MS = 3_000

export const deliveriesKey = (id: string) => ENDPOINTS.webhookDeliveries(id)

function getDeliveries(id: string): Promise<Delivery[]> {
  return apiRequest(ENDPOINTS.webhookDeliveries(id), { schema: 'webhookDeliveries' }).then(
    (answer) => answer.deliveries,
  )
}

/** An endpoint's latest deliveries, newest first; asked again every few seconds while one is unanswered. */
export function useDeliveries(id: string | null) {
  return useSWR<Delivery[], Error>(id === null ? null : deliveriesKey(id), () => getDeliveries(id ?? ''), {
    revalidateOnFocus: false,
    refreshInterval: (latest) =>
      latest?.some((delivery) => delivery.state === 'pending' && delivery.attempts.length === 0)
        ? DELIVERIES_POLL_MS
        : 0,
  })
}

/** Queues a `webhook.test` event to the endpoint. */
export async function sendTestEvent(id: string): Promise<Delivery> {
  return (await apiRequest(ENDPOINTS.webhookTest(id), { method: 'POST', schema: 'deliveryQueued' })).delivery
}

/** Sends a delivery again, under the same `webhook-id`. */
export async function resendDelivery(id: string, deliveryId: string): Promise<Delivery> {
  const path = ENDPOINTS.webhookDeliveryRetry(id, deliveryId)
  return (await apiRequest(path, { method: 'POST', schema: 'deliveryQueued' })).delivery
}
