import type { Config } from '@netlify/functions'

import { json } from '../server/http/respond'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'
import { sendTestEvent, webhookIdOf } from '../server/webhooks/webhook-service'

/** `POST /api/webhooks/{id}/test`: queues a `webhook.test` event to the endpoint (202). */
export default route(
  {
    POST: async (request) => {
      const delivery = await sendTestEvent(documentStore(), webhookIdOf(request))
      return json({ delivery }, 202)
    },
  },
  { message: 'Could not send the test event' },
  'webhook-test',
)

// Writes (rate limit per address, not emulated by netlify dev): far above what a person does, low
// enough to slow a script down. Batch deletes and uploads have stricter limits.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
