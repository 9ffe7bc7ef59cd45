import { noteActivity } from '../server/activity/activity-log'
import type { Config } from '@netlify/functions'

import { json } from '../server/http/respond'
import { route } from '../server/http/route'
import { mediaHostStores } from '../server/store'
import { readBackfillProgress, startBackfill } from '../server/webflow/backfill'
import { currentWebflowSetup, queueOnThisDeploy } from '../server/webflow/mirror-hooks'

/**
 * `POST /api/webflow-sync-all`: mirrors every record the mirror has not done (never mirrored, failed,
 * skipped, or pending too long), in the background; answers 202 with how many were queued.
 * `GET /api/webflow-sync-all`: how far the latest run got, and whether the mirror is set up.
 */
export default route(
  {
    GET: async () => {
      const progress = await readBackfillProgress(mediaHostStores().documents)
      // Cheap enough for the screen to ask on load: no call to Webflow.
      return json({ ...progress, configured: currentWebflowSetup().kind !== 'off' })
    },
    POST: async (request) => {
      const { documents } = mediaHostStores()
      const started = await startBackfill({ stores: { documents }, setup: currentWebflowSetup() }, (job) =>
        queueOnThisDeploy(request, job),
      )
      await noteActivity(documents, {
        action: 'webflow.sync_all_started',
        detail: { queued: started.queued },
      })
      return json(started, started.queued > 0 ? 202 : 200)
    },
  },
  { message: 'Sync all failed' },
  'webflow-sync-all',
)

// A write like the others (rate limit per address, not emulated by netlify dev); the screen polls the
// progress every few seconds while a run goes, far below this.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
