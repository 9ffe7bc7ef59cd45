import type { Config } from '@netlify/functions'

import { json } from '../server/http/respond'
import { route } from '../server/http/route'
import type { WebflowStatus } from '../../src/contract/webflow'
import { collectionSchemaFor } from '../server/webflow/collection-schema'
import { planFields } from '../server/webflow/field-mapping'
import { WebflowApi, WebflowError } from '../server/webflow/webflow-api'
import { INVALID_PUBLISH_MODE, publishMode, siteConfig } from '../server/webflow/webflow-config'

const answer = (status: WebflowStatus, code?: number) => json(status, code)

/**
 * `GET /api/webflow-status`: the connection test. Asks Webflow for the configured site (`GET
 * sites/{siteId}`) and reads the collection (`GET collections/{id}`), so a user can check the settings
 * with curl: the answer says where each spec field goes in the collection, which required fields the
 * app cannot fill, and the publish mode (`webflowStatusSchema`). Never shows the token.
 */
export default route(
  {
    GET: async () => {
      const config = siteConfig(process.env)
      if (!config) return answer({ ok: false, configured: false, error: 'Configuration missing' }, 503)
      const publish = publishMode(process.env)
      if (!publish) return answer({ ok: false, configured: true, error: INVALID_PUBLISH_MODE }, 503)
      try {
        const api = new WebflowApi(config, { rateLimitRetries: 0 })
        const site = (await api.request('GET', `sites/${encodeURIComponent(config.siteId)}`)) as Record<
          string,
          unknown
        >
        const reached: WebflowStatus = {
          ok: true,
          configured: true,
          site: {
            id: String(site.id),
            displayName: typeof site.displayName === 'string' ? site.displayName : undefined,
            shortName: typeof site.shortName === 'string' ? site.shortName : undefined,
          },
          collection_id: config.collectionId,
          publish,
        }
        if (!config.collectionId) return answer({ ...reached, warning: 'Collection configuration missing' })
        // Read afresh, and cached for the syncs of this instance.
        const schema = await collectionSchemaFor(api, config.collectionId, { refresh: true })
        const plan = planFields(schema)
        const required = plan.unmappedRequired.map((field) => `"${field.slug}"`).join(', ')
        return answer({
          ...reached,
          collection: { id: schema.id, display_name: schema.displayName, slug: schema.slug },
          mapping: plan.mapping,
          skipped_fields: plan.skipped,
          unmapped_required: plan.unmappedRequired,
          ...(required
            ? {
                warning: `Webflow will refuse every item: the app cannot fill the required fields ${required}`,
              }
            : {}),
        })
      } catch (error) {
        const message = error instanceof WebflowError ? error.message : 'Webflow could not be reached'
        return answer({ ok: false, configured: true, error: message }, 502)
      }
    },
  },
  { message: 'Connection test failed' },
)

// Each connection test is a call to Webflow, whose own limit is 60 a minute.
export const config: Config = {
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
