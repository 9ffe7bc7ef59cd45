import { noteActivity } from '../server/activity/activity-log'
import type { Config } from '@netlify/functions'

import { ConflictError, fileNotFound } from '../server/errors'
import { json } from '../server/http/respond'
import { idParameter } from '../server/http/request'
import { route } from '../server/http/route'
import { mediaHostStores } from '../server/store'
import { currentWebflowSetup, mirrorChanges } from '../server/webflow/mirror-hooks'
import { initialSyncState, setSyncState } from '../server/webflow/webflow-sync'

/**
 * `POST /api/webflow-sync/{id}`: mirrors one record again, e.g. after a failed sync. Answers 202 with the
 * record pending when a job was queued, and 200 with the record as it stands when none was needed: it is
 * synced, or a job queued within the last five minutes is on its way (`claimSyncs`), so repeating the
 * request costs Webflow nothing.
 */
export default route(
  {
    POST: async (request) => {
      const id = idParameter(request, 'file')
      const setup = currentWebflowSetup()
      if (setup.kind === 'off') throw new ConflictError('Webflow is not configured: set WEBFLOW_API_TOKEN')
      if (setup.kind === 'incomplete') {
        const state = initialSyncState(setup)
        const record = state ? await setSyncState({ stores: mediaHostStores() }, id, state) : undefined
        if (!record) throw fileNotFound(id)
        return json({ success: true, record, queued: false })
      }
      const [claim] = await mirrorChanges(request, [{ id }])
      if (!claim?.record) throw fileNotFound(id)
      await noteActivity(mediaHostStores().documents, { action: 'webflow.synced', file_ids: [id] })
      return json({ success: true, record: claim.record, queued: claim.queue }, claim.queue ? 202 : 200)
    },
  },
  { message: 'Sync failed' },
  'webflow-sync',
)

// Writes (rate limit per address, not emulated by netlify dev): far above what a person does, low
// enough to slow a script down. Batch deletes and uploads have stricter limits.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
