import useSWR from 'swr'

import { ENDPOINTS } from '../../../contract/endpoints'
import type { Webhook, WebhookCreate, WebhookCreated, WebhookUpdate } from '../../../contract/webhooks'
import { apiRequest } from '../../../lib/api-client'

export const webhooksKey = () => ENDPOINTS.webhooks

function getWebhooks(): Promise<Webhook[]> {
  return apiRequest(ENDPOINTS.webhooks, { schema: 'webhookList' }).then((answer) => answer.webhooks)
}

/** The endpoints, asked for while the Webhooks page is open. */
export function useWebhooks(open: boolean) {
  return useSWR<Webhook[], Error>(open ? webhooksKey() : null, getWebhooks, { revalidateOnFocus: false })
}

/** Adds an endpoint; the answer holds its whole secret, which no later answer shows. */
export function createWebhook(input: WebhookCreate): Promise<WebhookCreated> {
  return apiRequest(ENDPOINTS.webhooks, { method: 'POST', body: input, schema: 'webhookCreated' })
}

export function updateWebhook(id: string, patch: WebhookUpdate): Promise<Webhook> {
  return apiRequest(ENDPOINTS.webhook(id), { method: 'PATCH', body: patch, schema: 'webhook' })
}

export async function deleteWebhook(id: string): Promise<void> {
  await apiRequest(ENDPOINTS.webhook(id), { method: 'DELETE', schema: 'nothing' })
}
