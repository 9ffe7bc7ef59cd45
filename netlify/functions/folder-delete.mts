import type { Config } from '@netlify/functions'

import { deleteFolder } from '../server/folders/folder-service'
import { json } from '../server/http/respond'
import { idParameter } from '../server/http/request'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'

export default route(
  {
    DELETE: async (request) => {
      const id = idParameter(request, 'folder')
      return json(await deleteFolder(documentStore(), id))
    },
  },
  { message: 'Failed to delete folder' },
  'folder-delete',
)

// Writes (rate limit per address, not emulated by netlify dev): far above what a person does, low
// enough to slow a script down. Batch deletes and uploads have stricter limits.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
