import type { Config } from '@netlify/functions'

import { parseIdSegment } from '../../src/contract/ids'
import { routePrefix } from '../../src/contract/routes'
import { InvalidInputError } from '../server/errors'
import { imageResponse } from '../server/images/image-service'
import { route } from '../server/http/route'
import { mediaHostStores } from '../server/store'

/**
 * The record id of `/api/image/{id}`, from the path (the rewrite passes the query on untouched), or
 * `?id=` at the function's own URL.
 */
function imageId(request: Request): number {
  const url = new URL(request.url)
  const prefix = routePrefix('image')
  const raw = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.searchParams.get('id')
  const id = parseIdSegment(raw)
  if (id === null) {
    const shown = raw === null || raw === '' ? 'none given' : `"${raw.slice(0, 40)}"`
    throw new InvalidInputError(`Invalid file id (${shown}): ids are positive whole numbers`)
  }
  return id
}

/** `GET`/`HEAD /api/image/{id}?w=&h=&fit=&fm=&v=`: the record's image with its delivery settings applied. */
export default route(
  { GET: (request) => imageResponse(mediaHostStores(), imageId(request), request) },
  { message: 'Failed to deliver the image' },
)

// Each uncached answer decodes and encodes an image; versioned answers are kept by the CDN.
export const config: Config = {
  rateLimit: { windowLimit: 600, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
