import type { Config } from '@netlify/functions'

import { json } from '../server/http/respond'
import { route } from '../server/http/route'
import { WebflowApi, WebflowError } from '../server/webflow/webflow-api'
import { siteConfig } from '../server/webflow/webflow-config'

/**
 * `GET /api/webflow-status`: the connection test. Asks Webflow for the configured site (`GET
 * sites/{siteId}`) so a user can check the settings with curl. Never shows the token.
 */
export default route(
  {
    GET: async () => {
      const config = siteConfig(process.env)
      if (!config) return json({ ok: false, configured: false, error: 'Configuration missing' }, 503)
      try {
        const site = (await new WebflowApi(config, { rateLimitRetries: 0 }).request(
          'GET',
          `sites/${encodeURIComponent(config.siteId)}`,
        )) as Record<string, unknown>
        return json({
          ok: true,
          configured: true,
          site: { id: site.id, displayName: site.displayName, shortName: site.shortName },
          collection_id: config.collectionId,
          ...(config.collectionId ? {} : { warning: 'Collection configuration missing' }),
        })
      } catch (error) {
        const message = error instanceof WebflowError ? error.message : 'Webflow could not be reached'
        return json({ ok: false, configured: true, error: message }, 502)
      }
    },
  },
  { message: 'Connection test failed' },
)

// Each connection test is a call to Webflow, whose own limit is 60 a minute.
export const config: Config = {
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
