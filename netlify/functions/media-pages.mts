import type { Config } from '@netlify/functions'

import { PAGE_SHARDS, parseShardRange, VALIDATORS_QUERY } from '../../src/contract/media-pages'
import { InvalidInputError } from '../server/errors'
import { listPageValidators, listShardRange } from '../server/records/record-pages'
import { json } from '../server/http/respond'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'

const STREAM_CHUNK_CHARS = 256 * 1024

export default route(
  {
    GET: async (request) => {
      const query = new URL(request.url).searchParams
      if (query.has(VALIDATORS_QUERY)) return validators(request, query)
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
      return new Response(streamed(listing.body), {
        headers: {
          ...headers,
          'Content-Type': 'application/json; charset=utf-8',
          'X-Content-Type-Options': 'nosniff',
        },
      })
    },
  },
  { message: 'Failed to load files' },
  'media-pages',
)

/** Every page's ETag, from one shard listing (decision 0049); 304 when the client's ETag still holds. */
async function validators(request: Request, query: URLSearchParams): Promise<Response> {
  if ([...query.keys()].length !== 1 || query.get(VALIDATORS_QUERY) !== '') {
    throw new InvalidInputError(
      `${VALIDATORS_QUERY} takes no value and no other parameter: ask for ?${VALIDATORS_QUERY} alone`,
    )
  }
  const listing = await listPageValidators(documentStore(), request.headers.get('if-none-match'))
  const headers = { ETag: listing.etag, 'Cache-Control': 'no-cache' }
  if (listing.notModified) return new Response(null, { status: 304, headers })
  return json(listing.answer, 200, headers)
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

// Reads: a full load is four of these (one per page), and the screen revalidates on focus and every
// minute, with one request for every page's ETag (`?validators`) and then only the pages that changed.
export const config: Config = {
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
