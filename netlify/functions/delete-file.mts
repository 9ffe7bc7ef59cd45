import type { Config } from '@netlify/functions'

import { releaseFiles } from '../server/files/release-files'
import { json } from '../server/http/respond'
import { idParameter } from '../server/http/request'
import { route } from '../server/http/route'
import { deleteRecord } from '../server/records/media-service'
import { cloudinaryCredentials, mediaHostStores } from '../server/store'
import { mirrorDeletes } from '../server/webflow/mirror-hooks'

export default route(
  {
    DELETE: async (request) => {
      const id = idParameter(request, 'file')
      const stores = mediaHostStores()
      const deleted = await deleteRecord(stores.documents, id)
      await releaseFiles(stores, [deleted], cloudinaryCredentials())
      await mirrorDeletes(request, [deleted])
      return json({ success: true, id })
    },
  },
  { message: 'Failed to delete file' },
)

// Writes (rate limit per address, not emulated by netlify dev): far above what a person does, low
// enough to slow a script down. Batch deletes and uploads have stricter limits.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
