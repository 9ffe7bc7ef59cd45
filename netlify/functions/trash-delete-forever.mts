import type { Config } from '@netlify/functions'

import { trashIdsRequestSchema } from '../../src/contract/api'
import { json } from '../server/http/respond'
import { readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { cloudinaryCredentials, mediaHostStores } from '../server/store'
import { purgeFromTrash } from '../server/trash/trash-service'

/** `POST /api/trash/purge`: deletes trashed records now, and the files no other record uses. */
export default route(
  {
    POST: async (request) => {
      const { ids } = validate(trashIdsRequestSchema, await readJson(request))
      return json(await purgeFromTrash(mediaHostStores(), ids, cloudinaryCredentials()))
    },
  },
  { message: 'Delete forever failed' },
  'trash-delete-forever',
)

// Deletes up to 500 files per call, so stricter than other writes: 20 calls (10,000 files) a minute
// per address. Not emulated by netlify dev.
export const config: Config = {
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
