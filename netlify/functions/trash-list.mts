import type { Config } from '@netlify/functions'

import { pageLimitOf } from '../server/http/page-query'
import { serverEnv } from '../server/env'
import { queryOf } from '../server/http/request'
import { json } from '../server/http/respond'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'
import { listTrash } from '../server/trash/trash-service'

/**
 * `GET /api/trash`: trashed records, the most recently deleted first, paged like `GET /api/media`, with
 * `purge_days`, how long a record stays in the trash.
 */
export default route(
  {
    GET: async (request) => {
      const query = queryOf(request, ['cursor', 'limit'])
      const cursor = query.get('cursor')
      const page = await listTrash(documentStore(), {
        cursor: cursor === '' ? null : cursor,
        limit: pageLimitOf(query.get('limit')),
      })
      // The screen counts each record's days left from its `deleted_at` and this.
      return json({ ...page, purge_days: serverEnv().TRASH_PURGE_DAYS })
    },
  },
  { message: 'Failed to load the trash' },
  'trash-list',
)

// Reads: the Trash view pages like the file list.
export const config: Config = {
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
