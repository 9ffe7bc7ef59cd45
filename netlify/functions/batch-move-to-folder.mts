import type { Config } from '@netlify/functions'

import { batchMoveRequestSchema } from '../../src/contract/api'
import { json } from '../server/http/respond'
import { readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { moveToFolder } from '../server/records/media-service'
import { documentStore } from '../server/store'

// No `config.path`: a custom path would stop this answering at /.netlify/functions/batch-move-to-folder.
export default route(
  {
    POST: async (request) => {
      const { fileIds, folderId } = validate(batchMoveRequestSchema, await readJson(request))
      return json(await moveToFolder(documentStore(), fileIds, folderId))
    },
  },
  { message: 'Batch move failed' },
  'batch-move-to-folder',
)

// Writes (rate limit per address, not emulated by netlify dev): far above what a person does, low
// enough to slow a script down. Batch deletes and uploads have stricter limits.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
