import type { Config } from '@netlify/functions'

import { routePrefix } from '../../src/contract/routes'
import { imageResponse } from '../server/images/image-service'
import { idOf } from '../server/http/request'
import { route } from '../server/http/route'
import { configuredCloudName, mediaHostStores } from '../server/store'
import { markUsed } from '../server/usage/last-used'

/**
 * The record id of `/api/image/{id}`, from the path (the rewrite passes the query on untouched), or
 * `?id=` at the function's own URL, and the query parameter that form adds.
 */
function imageId(request: Request): { id: number; extra: string[] } {
  const url = new URL(request.url)
  const prefix = routePrefix('image')
  const atRoute = url.pathname.startsWith(prefix)
  const raw = atRoute ? url.pathname.slice(prefix.length) : url.searchParams.get('id')
  return { id: idOf(raw, 'file'), extra: atRoute ? [] : ['id'] }
}

/** `GET`/`HEAD /api/image/{id}?w=&h=&fit=&fm=&v=`: the record's image with its delivery settings applied. */
export default route(
  {
    GET: async (request) => {
      const { id, extra } = imageId(request)
      const stores = mediaHostStores()
      const response = await imageResponse(stores, id, request, configuredCloudName(), extra)
      // A rendition delivered, or a redirect to Cloudinary's: the file was used (decision 0073).
      if (response.status < 400) await markUsed(stores.documents, id)
      return response
    },
  },
  { message: 'Failed to deliver the image' },
  'image',
)

// Each uncached answer decodes and encodes an image, within the address's render budget (decision
// 0070); every answer is one rendition at its current version, which the CDN keeps.
export const config: Config = {
  rateLimit: { windowLimit: 600, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
