import { json } from '../server/http/respond'
import { mediaHostStores } from '../server/store'
import { openJob } from '../server/webflow/sync-trigger'
import { currentWebflowSetup } from '../server/webflow/mirror-hooks'
import { runSyncJob } from '../server/webflow/webflow-sync'

/**
 * Mirrors records to Webflow after the response that changed them has gone: a background function
 * (answered 202 at once, up to 15 minutes to run), so Webflow's latency and rate limits never slow an
 * upload. Runs only jobs sealed by this app.
 */
export default async (request: Request): Promise<Response> => {
  const setup = currentWebflowSetup()
  if (setup.kind !== 'ready') return new Response(null, { status: 204 })
  const job = openJob(await request.text(), setup.config.token)
  if (!job) return json({ error: 'Invalid sync job' }, 400)
  await runSyncJob({ stores: mediaHostStores(), setup, siteUrl: new URL(request.url).origin }, job)
  return new Response(null, { status: 204 })
}
