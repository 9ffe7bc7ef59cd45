import type { Config } from '@netlify/functions'

import { canonicaliseFields } from '../../src/contract/record'
import { replaceFileSchema } from '../../src/contract/replace-file'
import { json } from '../server/http/respond'
import { idParameter, readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'
import { replaceFile } from '../server/uploads/replace-file'
import { currentWebflowSetup, mirrorChanges } from '../server/webflow/mirror-hooks'

export default route(
  {
    POST: async (request) => {
      const id = idParameter(request, 'file')
      const input = validate(replaceFileSchema, canonicaliseFields(await readJson(request)))
      const mirrored = currentWebflowSetup().kind === 'ready'
      const { record, previous } = await replaceFile(documentStore(), id, input, new Date(), mirrored)
      // The item keeps its id; the sync writes the new URL (and asset) to it.
      if (previous) await mirrorChanges(request, [record])
      return json({ success: true, record, previous })
    },
  },
  { message: 'Replace failed' },
  'replace-file',
)

// Writes (rate limit per address, not emulated by netlify dev): far above what a person does, low
// enough to slow a script down. Batch deletes and uploads have stricter limits.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
