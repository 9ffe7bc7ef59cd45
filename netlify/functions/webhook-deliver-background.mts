import { documentStore } from '../server/store'
import { runDueDeliveries } from '../server/webhooks/run-deliveries'

/** A run stops starting new rounds after this, well inside a background function's 15 minutes. */
const RUN_BUDGET_MS = 10 * 60_000

/**
 * Sends the webhooks that are due, after the requests that stored their changes have answered: a
 * background function (202 at once). It takes nothing from its request, so anyone may start it and
 * nothing is sent before its time (decision 0072). Rounds go on while they find something due, which
 * picks up what the requests of the meantime queued.
 */
export default async (): Promise<Response> => {
  const store = documentStore()
  const deadline = Date.now() + RUN_BUDGET_MS
  let attempted = await runDueDeliveries(store)
  // Another round while the last sent something: deliveries queued while it ran.
  while (attempted > 0 && Date.now() < deadline) attempted = await runDueDeliveries(store)
  return new Response(null, { status: 204 })
}
