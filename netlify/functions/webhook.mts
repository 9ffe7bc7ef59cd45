import type { Config } from '@netlify/functions'

import { webhookUpdateSchema } from '../../src/contract/webhooks'
import { json } from '../server/http/respond'
import { readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'
import { updateEndpoint } from '../server/webhooks/webhook-endpoints'
import { deleteWebhook, webhookIdOf } from '../server/webhooks/webhook-service'

/** `PATCH /api/webhooks/{id}` changes an endpoint (or turns it back on); `DELETE` removes it. */
export default route(
  {
    PATCH: async (request) => {
      const id = webhookIdOf(request)
      const patch = validate(webhookUpdateSchema, await readJson(request))
      return json(await updateEndpoint(documentStore(), id, patch))
    },
    DELETE: async (request) => {
      await deleteWebhook(documentStore(), webhookIdOf(request))
      return new Response(null, { status: 204 })
    },
  },
  { message: 'Webhook request failed' },
  'webhook',
)

// Writes (rate limit per address, not emulated by netlify dev): far above what a person does, low
// enough to slow a script down. Batch deletes and uploads have stricter limits.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
