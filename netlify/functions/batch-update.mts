import type { Config } from '@netlify/functions'

import { batchUpdateRequestSchema } from '../../src/contract/api'
import { canonicaliseFields, describeIssue, recordPatchSchema } from '../../src/contract/record'
import { InvalidInputError } from '../server/errors'
import { json } from '../server/http/respond'
import { readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { batchUpdate } from '../server/records/media-service'
import { documentStore } from '../server/store'
import { currentWebflowSetup, mirrorChanges } from '../server/webflow/mirror-hooks'

export default route(
  {
    POST: async (request) => {
      const { updates } = validate(batchUpdateRequestSchema, await readJson(request))
      // Every update is checked before any is applied: one bad field changes nothing.
      const patches = updates.map(({ id, fields }, index) => {
        const result = recordPatchSchema.safeParse(canonicaliseFields(fields), { reportInput: true })
        if (!result.success) {
          throw new InvalidInputError(
            `updates.${String(index)} (file ${String(id)}): ${describeIssue(result.error)}`,
          )
        }
        return { id, patch: result.data }
      })
      const mirrored = currentWebflowSetup().kind === 'ready'
      const response = await batchUpdate(documentStore(), patches, new Date(), mirrored)
      await mirrorChanges(
        request,
        response.results.flatMap((result) => (result.record ? [result.record] : [])),
      )
      return json(response)
    },
  },
  { message: 'Batch update failed' },
  'batch-update',
)

// Writes (rate limit per address, not emulated by netlify dev): far above what a person does, low
// enough to slow a script down. Batch deletes and uploads have stricter limits.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
