import type { Config } from '@netlify/functions'

import { pageLimitOf } from '../server/http/page-query'
import { json } from '../server/http/respond'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'
import { listTrash } from '../server/trash/trash-service'

/** `GET /api/trash`: trashed records, the most recently deleted first, paged like `GET /api/media`. */
export default route(
  {
    GET: async (request) => {
      const query = new URL(request.url).searchParams
      const cursor = query.get('cursor')
      const page = await listTrash(documentStore(), {
        cursor: cursor === '' ? null : cursor,
        limit: pageLimitOf(query.get('limit')),
      })
      return json(page)
    },
  },
  { message: 'Failed to load the trash' },
)

// Reads: the Trash view pages like the file list.
export const config: Config = {
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
