import { siteOrigins } from '../http/site-origin'

/** The background function's own URL path: invoked by name, it answers 202 at once and runs on. */
export const DELIVERY_FUNCTION_PATH = '/.netlify/functions/webhook-deliver-background'

/**
 * Starts a run of the background function on this deploy (`siteOrigins`, never a request's Host), so
 * deliveries go out after the request that made them has answered. Awaits only its 202. The run takes
 * nothing from the request: it sends whatever is due, so a trigger from anyone sends nothing early.
 * False when it could not be started; the scheduled sweep (`webhook-retries`) starts one within a minute.
 */
export async function queueDeliveryRun(): Promise<boolean> {
  let origin: string
  try {
    origin = siteOrigins().jobs
  } catch {
    return false
  }
  try {
    const response = await fetch(new URL(DELIVERY_FUNCTION_PATH, origin), { method: 'POST' })
    await response.body?.cancel()
    return response.status === 202 || response.ok
  } catch (error) {
    console.error('Could not start sending webhooks', error)
    return false
  }
}
