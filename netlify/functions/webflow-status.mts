import type { Config } from '@netlify/functions'

import { json } from '../server/http/respond'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'
import type { WebflowStatus } from '../../src/contract/webflow'
import { ratePerMinuteOf } from '../server/webflow/backfill'
import { connectionStatus } from '../server/webflow/connection-status'
import { webflowBudget } from '../server/webflow/request-budget'
import {
  fieldMapSetting,
  INVALID_PUBLISH_MODE,
  publishMode,
  siteConfig,
} from '../server/webflow/webflow-config'

const answer = (status: WebflowStatus, code?: number) => json(status, code)

/** How long a connection test may wait for a request from the site's Webflow budget. */
const BUDGET_WAIT_MS = 2_000

/**
 * `GET /api/webflow-status`: the connection test. Asks Webflow for the configured site (`GET
 * sites/{siteId}`) and reads the collection (`GET collections/{id}`), so a user can check the settings
 * with curl: the answer says where each spec field goes in the collection, which required fields the
 * app cannot fill, and the publish mode (`webflowStatusSchema`). Never shows the token. The answer is
 * kept for a minute for every instance (`connection-status.ts`): `Cache-Status` says whether it was,
 * and `Age` how old it is.
 */
export default route(
  {
    GET: async () => {
      const config = siteConfig(process.env)
      if (!config) return answer({ ok: false, configured: false, error: 'Configuration missing' }, 503)
      const publish = publishMode(process.env)
      if (!publish) return answer({ ok: false, configured: true, error: INVALID_PUBLISH_MODE }, 503)
      const documents = documentStore()
      const budget = webflowBudget(documents, ratePerMinuteOf(process.env), { maxWaitMs: BUDGET_WAIT_MS })
      const fieldMap = fieldMapSetting(process.env)
      const result = await connectionStatus(documents, config, publish, { fieldMap, budget })
      const response = answer(result.status, result.code)
      if (result.age === null) response.headers.set('Cache-Status', 'webflow-status; fwd=miss; stored')
      else {
        response.headers.set('Cache-Status', 'webflow-status; hit')
        response.headers.set('Age', String(result.age))
      }
      if (result.retryAfter !== undefined) response.headers.set('Retry-After', String(result.retryAfter))
      return response
    },
  },
  { message: 'Connection test failed' },
  'webflow-status',
)

// Per address, so one client hammering it cannot lock the test for others. What bounds the Webflow
// requests for the whole site is the kept answer and the site's request budget (decision 0034).
export const config: Config = {
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
