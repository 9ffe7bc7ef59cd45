import type { Config } from '@netlify/functions'

import { folderCreateSchema } from '../../src/contract/folder'
import { createFolder } from '../server/folders/folder-service'
import { json } from '../server/http/respond'
import { readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'

export default route(
  {
    POST: async (request) => {
      const input = validate(folderCreateSchema, await readJson(request))
      return json(await createFolder(documentStore(), input), 201)
    },
  },
  { message: 'Failed to create folder' },
  'folder-create',
)

// Writes (rate limit per address, not emulated by netlify dev): far above what a person does, low
// enough to slow a script down. Batch deletes and uploads have stricter limits.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
