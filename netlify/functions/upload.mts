import type { Config } from '@netlify/functions'

import { canonicaliseFields, recordCreateSchema } from '../../src/contract/record'
import { json } from '../server/http/respond'
import { readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { idempotencyClaim, idempotencyKeyOf } from '../server/records/idempotency'
import { createRecord } from '../server/records/media-service'
import { documentStore } from '../server/store'
import { currentWebflowSetup, mirrorChanges } from '../server/webflow/mirror-hooks'
import { initialSyncState } from '../server/webflow/webflow-sync'

export default route(
  {
    POST: async (request) => {
      const idempotencyKey = idempotencyKeyOf(request)
      const input = validate(recordCreateSchema, canonicaliseFields(await readJson(request)))
      const webflow = initialSyncState(currentWebflowSetup())
      const claim = idempotencyKey === null ? null : idempotencyClaim(idempotencyKey, input)
      const record = await createRecord(documentStore(), input, new Date(), webflow, claim)
      await mirrorChanges(request, [record])
      return json({ success: true, record }, 201)
    },
  },
  { message: 'Save failed', body: (error) => ({ success: false, error }) },
  'upload',
)

// Writes (rate limit per address, not emulated by netlify dev): far above what a person does, low
// enough to slow a script down. Batch deletes and uploads have stricter limits.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
