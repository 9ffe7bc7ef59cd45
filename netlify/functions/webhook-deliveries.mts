import type { Config } from '@netlify/functions'

import { WEBHOOK_LIMITS } from '../../src/contract/webhooks'
import { json } from '../server/http/respond'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'
import { webhookDeliveries, webhookIdOf } from '../server/webhooks/webhook-service'

/** `GET /api/webhooks/{id}/deliveries`: the endpoint's latest deliveries and their attempts, newest first. */
export default route(
  {
    GET: async (request) => {
      const id = webhookIdOf(request)
      const deliveries = await webhookDeliveries(documentStore(), id, WEBHOOK_LIMITS.listedDeliveries)
      return json({ deliveries })
    },
  },
  { message: 'Failed to load deliveries' },
  'webhook-deliveries',
)

// Reads: a full load of a 100,000-file library is 50 pages of 2,000, and the screen revalidates on focus.
export const config: Config = {
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
