import type { Config } from '@netlify/functions'

import { json } from '../server/http/respond'
import { idParameter } from '../server/http/request'
import { route } from '../server/http/route'
import { deleteRecord } from '../server/records/media-service'
import { documentStore } from '../server/store'
import { mirrorDeletes } from '../server/webflow/mirror-hooks'

export default route(
  {
    DELETE: async (request) => {
      const id = idParameter(request, 'file')
      // The record goes to the trash and keeps its file until it is purged; its mirror goes now.
      const trashed = await deleteRecord(documentStore(), id)
      await mirrorDeletes(request, [trashed])
      return json({ success: true, id })
    },
  },
  { message: 'Failed to delete file' },
  'delete-file',
)

// Writes (rate limit per address, not emulated by netlify dev): far above what a person does, low
// enough to slow a script down. Batch deletes and uploads have stricter limits.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
