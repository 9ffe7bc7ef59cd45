import { adjustedPicture } from '../server/images/adjusted-picture'
import { json } from '../server/http/respond'
import { mediaHostStores } from '../server/store'
import { ratePerMinuteOf, runBackfill } from '../server/webflow/backfill'
import { siteOrigins } from '../server/http/site-origin'
import { claimJob, openJob, syncJobSecret } from '../server/webflow/sync-trigger'
import { currentWebflowSetup, queueOnThisDeploy } from '../server/webflow/mirror-hooks'
import { webflowBudget } from '../server/webflow/request-budget'
import { runSyncJob } from '../server/webflow/webflow-sync'

/**
 * Mirrors records to Webflow after the response that changed them has gone: a background function
 * (answered 202 at once, up to 15 minutes to run), so Webflow's latency and rate limits never slow an
 * upload. Its URL is public, so it runs only jobs signed with the app's own secret (`sync-trigger.ts`),
 * issued within the last five minutes, and each only once: a forged, stale or replayed job runs nothing.
 * A Sync all job runs one stretch of at most ten minutes and queues the next (`backfill.ts`).
 */
export default async (request: Request): Promise<Response> => {
  const setup = currentWebflowSetup()
  if (setup.kind !== 'ready') return new Response(null, { status: 204 })
  const stores = mediaHostStores()
  const opened = openJob(await request.text(), await syncJobSecret(stores.documents))
  if (!opened) return json({ error: 'Invalid sync job' }, 400)
  if (!(await claimJob(stores.documents, opened))) return json({ error: 'Sync job already ran' }, 409)
  // The site's address from configuration: a job replayed with a forged Host writes nothing of it.
  const ratePerMinute = ratePerMinuteOf(process.env)
  // Every Webflow call of every job takes a request from the site's one budget first (decision 0034).
  const budget = webflowBudget(stores.documents, ratePerMinute)
  // A cropped or turned image's asset is rendered here with sharp, as GET /api/image renders it.
  const context = {
    stores,
    setup,
    siteUrl: siteOrigins(request).public,
    budget,
    adjustImage: adjustedPicture,
  }
  if (opened.job.action === 'backfill') {
    await runBackfill(context, opened.job, {
      queue: (job) => queueOnThisDeploy(request, job),
      ratePerMinute,
    })
  } else {
    await runSyncJob(context, opened.job)
  }
  return new Response(null, { status: 204 })
}
