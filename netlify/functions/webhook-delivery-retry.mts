import type { Config } from '@netlify/functions'

import { deliveryIdSchema } from '../../src/contract/webhooks'
import { InvalidInputError } from '../server/errors'
import { json } from '../server/http/respond'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'
import { resendDelivery, webhookIdOf } from '../server/webhooks/webhook-service'

/** `POST /api/webhooks/{id}/deliveries/{delivery}/retry`: sends a delivery again, same `webhook-id` (202). */
export default route(
  {
    POST: async (request) => {
      const id = webhookIdOf(request)
      const raw = new URL(request.url).searchParams.get('delivery') ?? ''
      if (!deliveryIdSchema.safeParse(raw).success) {
        throw new InvalidInputError(`Invalid delivery id "${raw.slice(0, 40)}"`)
      }
      return json({ delivery: await resendDelivery(documentStore(), id, raw) }, 202)
    },
  },
  { message: 'Could not send the delivery again' },
  'webhook-delivery-retry',
)

// Writes (rate limit per address, not emulated by netlify dev): far above what a person does, low
// enough to slow a script down. Batch deletes and uploads have stricter limits.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
