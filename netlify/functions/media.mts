import type { Config } from '@netlify/functions'

import { InvalidInputError } from '../server/errors'
import { pageLimitOf } from '../server/http/page-query'
import { queryOf } from '../server/http/request'
import { json } from '../server/http/respond'
import { route } from '../server/http/route'
import { listMedia } from '../server/records/media-service'
import { documentStore } from '../server/store'

export default route(
  {
    GET: async (request) => {
      const query = queryOf(request, ['cursor', 'limit'])
      const listing = await listMedia(documentStore(), {
        after: cursorOf(query.get('cursor')),
        limit: pageLimitOf(query.get('limit')),
        ifNoneMatch: request.headers.get('if-none-match'),
      })
      // `no-cache` makes browsers revalidate every time, which the ETag turns into a cheap 304.
      const headers = { ETag: listing.etag, 'Cache-Control': 'no-cache' }
      if (listing.notModified) return new Response(null, { status: 304, headers })
      return json(listing.page, 200, headers)
    },
  },
  { message: 'Failed to load files' },
  'media',
)

function cursorOf(raw: string | null): number {
  if (raw === null || raw === '') return 0
  if (!/^\d{1,16}$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw new InvalidInputError('cursor must be the `next` value of a previous page')
  }
  return Number(raw)
}

// Reads: a full load of a 100,000-file library is 50 pages of 2,000, and the screen revalidates on focus.
export const config: Config = {
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
