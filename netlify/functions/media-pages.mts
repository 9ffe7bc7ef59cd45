import type { Config } from '@netlify/functions'

import {
  CHANGES_QUERY,
  CURSOR_PAGES,
  PAGE_SHARDS,
  parseChangesCursor,
  parseShardRange,
} from '../../src/contract/media-pages'
import { InvalidInputError } from '../server/errors'
import { listPageChanges, listShardRange } from '../server/records/record-pages'
import { queryOf } from '../server/http/request'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'

const STREAM_CHUNK_CHARS = 256 * 1024

const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'X-Content-Type-Options': 'nosniff',
}

export default route(
  {
    GET: async (request) => {
      const query = queryOf(request, ['shards', CHANGES_QUERY])
      if (query.has(CHANGES_QUERY)) return changes(query)
      const range = parseShardRange(query.get('shards'))
      if (range === null) {
        throw new InvalidInputError(
          `shards must be a range such as 0-${String(PAGE_SHARDS - 1)}, of at most ${String(PAGE_SHARDS)} shards`,
        )
      }
      const listing = await listShardRange(documentStore(), {
        ...range,
        ifNoneMatch: request.headers.get('if-none-match'),
      })
      // `no-cache` makes browsers revalidate every time, which the ETag turns into a cheap 304.
      const headers = { ETag: listing.etag, 'Cache-Control': 'no-cache' }
      if (listing.notModified) return new Response(null, { status: 304, headers })
      return new Response(streamed(listing.body), { headers: { ...headers, ...JSON_HEADERS } })
    },
  },
  { message: 'Failed to load files' },
  'media-pages',
)

/**
 * What changed since the cursor's pages (decision 0083), in one answer: every page's ETag, and the
 * changed pages that fit. Never cached: the cursor is the client's own version, and the answer changes
 * with the library.
 */
async function changes(query: URLSearchParams): Promise<Response> {
  const held = [...query.keys()].length === 1 ? parseChangesCursor(query.get(CHANGES_QUERY)) : null
  if (held === null) {
    throw new InvalidInputError(
      `${CHANGES_QUERY} must be alone, the ETags of at most ${String(CURSOR_PAGES)} pages without quotes, joined by "."`,
    )
  }
  const body = await listPageChanges(documentStore(), held)
  return new Response(streamed(body), { headers: { ...JSON_HEADERS, 'Cache-Control': 'no-store' } })
}

/**
 * A streamed answer may carry 20 MB where a buffered one stops at 6 MB (DESIGN section 3); the listing
 * keeps under `LIMITS.pageAnswerBytes`, or one shard. A chunk never ends between the two halves of a surrogate
 * pair, which would be encoded as two replacement characters.
 */
function streamed(body: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let offset = 0
  return new ReadableStream({
    pull(controller) {
      if (offset >= body.length) {
        controller.close()
        return
      }
      let end = Math.min(body.length, offset + STREAM_CHUNK_CHARS)
      const last = body.charCodeAt(end - 1)
      if (end < body.length && last >= 0xd800 && last <= 0xdbff) end -= 1
      controller.enqueue(encoder.encode(body.slice(offset, end)))
      offset = end
    },
  })
}

// Reads: a first visit is one of these per page, and the screen revalidates on focus and every minute
// with one request (`?changes=`), asking for a changed page of its own only when that answer had no room.
export const config: Config = {
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
