import type { Config } from '@netlify/functions'

import { webhookCreateSchema } from '../../src/contract/webhooks'
import { json } from '../server/http/respond'
import { readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'
import { createEndpoint, publicWebhook, readEndpoints } from '../server/webhooks/webhook-endpoints'

/** `GET /api/webhooks` lists the endpoints; `POST` adds one and answers its secret, this once. */
export default route(
  {
    GET: async () => {
      const endpoints = await readEndpoints(documentStore())
      return json({ webhooks: endpoints.map(publicWebhook) })
    },
    POST: async (request) => {
      const input = validate(webhookCreateSchema, await readJson(request))
      return json(await createEndpoint(documentStore(), input), 201)
    },
  },
  { message: 'Webhook request failed' },
  'webhooks',
)

// Writes (rate limit per address, not emulated by netlify dev): far above what a person does, low
// enough to slow a script down. Batch deletes and uploads have stricter limits.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
