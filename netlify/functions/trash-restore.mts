import type { Config } from '@netlify/functions'

import { trashIdsRequestSchema } from '../../src/contract/api'
import { json } from '../server/http/respond'
import { readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'
import { restoreFromTrash } from '../server/trash/trash-service'
import { currentWebflowSetup, mirrorChanges } from '../server/webflow/mirror-hooks'
import { initialSyncState } from '../server/webflow/webflow-sync'

/** `POST /api/trash/restore`: returns trashed records to their folders and mirrors them again. */
export default route(
  {
    POST: async (request) => {
      const { ids } = validate(trashIdsRequestSchema, await readJson(request))
      const webflow = initialSyncState(currentWebflowSetup())
      const response = await restoreFromTrash(documentStore(), ids, webflow)
      await mirrorChanges(
        request,
        response.results.flatMap((result) => (result.record ? [result.record] : [])),
      )
      return json(response)
    },
  },
  { message: 'Restore failed' },
  'trash-restore',
)

// Writes (rate limit per address, not emulated by netlify dev): far above what a person does, low
// enough to slow a script down. Batch deletes and uploads have stricter limits.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
