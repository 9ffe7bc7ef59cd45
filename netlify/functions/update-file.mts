import type { Config } from '@netlify/functions'

import { canonicaliseFields, recordPatchSchema } from '../../src/contract/record'
import { json } from '../server/http/respond'
import { idParameter, readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { updateRecord } from '../server/records/media-service'
import { recordEtag } from '../server/records/record-etag'
import { documentStore } from '../server/store'
import { currentWebflowSetup, mirrorChanges } from '../server/webflow/mirror-hooks'

export default route(
  {
    PATCH: async (request) => {
      const id = idParameter(request, 'file')
      const patch = validate(recordPatchSchema, canonicaliseFields(await readJson(request)))
      const mirrored = currentWebflowSetup().kind === 'ready'
      const ifMatch = request.headers.get('if-match')
      const record = await updateRecord(documentStore(), id, patch, new Date(), mirrored, ifMatch)
      await mirrorChanges(request, [record])
      return json({ success: true, record }, 200, { ETag: recordEtag(record) })
    },
  },
  { message: 'Update failed' },
  'update-file',
)

// Writes (rate limit per address, not emulated by netlify dev): far above what a person does, low
// enough to slow a script down. Batch deletes and uploads have stricter limits.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
