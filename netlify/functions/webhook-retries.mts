import type { Config } from '@netlify/functions'

import { documentStore } from '../server/store'
import { queueDeliveryRun } from '../server/webhooks/delivery-trigger'
import { hasDueDeliveries, runDueDeliveries } from '../server/webhooks/run-deliveries'

/**
 * Every minute: when a webhook retry (or a delivery whose run never started) is due, starts the
 * background function to send it; should that fail, sends a few itself, within a scheduled function's
 * 30 seconds.
 */
export default async (): Promise<Response> => {
  const store = documentStore()
  if (!(await hasDueDeliveries(store))) return new Response(null, { status: 204 })
  if (!(await queueDeliveryRun())) await runDueDeliveries(store, { limit: 16 })
  return new Response(null, { status: 204 })
}

export const config: Config = { schedule: '* * * * *' }
