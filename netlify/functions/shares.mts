import type { Config } from '@netlify/functions'

import { parseIdSegment } from '../../src/contract/ids'
import { InvalidInputError } from '../server/errors'
import { queryOf } from '../server/http/request'
import { json } from '../server/http/respond'
import { route } from '../server/http/route'
import { siteOrigins } from '../server/http/site-origin'
import { listShares } from '../server/shares/share-links'
import { documentStore } from '../server/store'

/** `GET /api/shares?file={id}`: the file's active share links, newest first (decision 0041). */
export default route(
  {
    GET: async (request) => {
      const raw = queryOf(request, ['file']).get('file')
      const id = parseIdSegment(raw)
      if (id === null)
        throw new InvalidInputError('Say which file with ?file={id}: file ids are positive whole numbers')
      return json(await listShares(documentStore(), id, () => siteOrigins(request).public))
    },
  },
  { message: 'Failed to list the share links' },
  'shares',
)

// Reads the screen makes when Details opens and after a change.
export const config: Config = {
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
