import type { Config } from '@netlify/functions'

import { idParameter } from '../server/http/request'
import { json } from '../server/http/respond'
import { route } from '../server/http/route'
import { siteOrigins, SiteOriginUnknownError } from '../server/http/site-origin'
import { documentStore } from '../server/store'
import { fileUsage } from '../server/usage/file-usage'
import { currentWebflowSetup } from '../server/webflow/mirror-hooks'

/** `GET /api/media/{id}/usage`: where the file is used, from what the server keeps (decision 0073). */
export default route(
  {
    GET: async (request) => {
      const id = idParameter(request, 'file')
      const usage = await fileUsage(documentStore(), id, {
        setup: currentWebflowSetup(),
        siteUrl: () => publicOrigin(request),
      })
      return json(usage)
    },
  },
  { message: 'Failed to read where the file is used' },
  'media-usage',
)

/** The site's public origin, or null where it is not known (an item's link is then not given). */
function publicOrigin(request: Request): string | null {
  try {
    return siteOrigins(request).public
  } catch (error) {
    if (error instanceof SiteOriginUnknownError) return null
    throw error
  }
}

// Reads the screen makes when Details opens and before a file is deleted.
export const config: Config = {
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
