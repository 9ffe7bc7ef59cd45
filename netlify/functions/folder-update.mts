import type { Config } from '@netlify/functions'

import { folderUpdateSchema } from '../../src/contract/folder'
import { updateFolder } from '../server/folders/folder-service'
import { json } from '../server/http/respond'
import { idParameter, readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'

export default route(
  {
    POST: async (request) => {
      const id = idParameter(request, 'folder')
      const input = validate(folderUpdateSchema, await readJson(request))
      return json(await updateFolder(documentStore(), id, input))
    },
  },
  { message: 'Failed to update folder' },
  'folder-update',
)

// Writes (rate limit per address, not emulated by netlify dev): far above what a person does, low
// enough to slow a script down. Batch deletes and uploads have stricter limits.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
