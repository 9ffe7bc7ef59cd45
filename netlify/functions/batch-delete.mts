import type { Config } from '@netlify/functions'

import { batchDeleteRequestSchema } from '../../src/contract/api'
import { json } from '../server/http/respond'
import { readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { batchDelete } from '../server/records/media-service'
import { documentStore } from '../server/store'
import { mirrorDeletes } from '../server/webflow/mirror-hooks'

export default route(
  {
    POST: async (request) => {
      const { ids } = validate(batchDeleteRequestSchema, await readJson(request))
      // The records go to the trash and keep their files until they are purged; their mirrors go now.
      const response = await batchDelete(documentStore(), ids)
      const trashed = response.results.flatMap((result) => (result.record ? [result.record] : []))
      await mirrorDeletes(request, trashed)
      return json(response)
    },
  },
  { message: 'Batch delete failed' },
  'batch-delete',
)

// Deletes up to 500 files per call, so stricter than other writes: 20 calls (10,000 files) a minute
// per address. Not emulated by netlify dev.
export const config: Config = {
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
