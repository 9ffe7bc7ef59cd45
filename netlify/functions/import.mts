import { noteActivity } from '../server/activity/activity-log'
import type { Config } from '@netlify/functions'

import { canonicaliseImportBody, importRequestSchema } from '../../src/contract/imports'
import { serverEnv } from '../server/env'
import { importFromUrl } from '../server/imports/import-file'
import { json } from '../server/http/respond'
import { readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { idempotencyClaim, idempotencyKeyOf } from '../server/records/idempotency'
import { cloudinaryCredentials, mediaHostSettings, mediaHostStores } from '../server/store'
import { readUploadMetadata } from '../server/uploads/file-metadata'
import { currentWebflowSetup, mirrorChanges } from '../server/webflow/mirror-hooks'
import { initialSyncState } from '../server/webflow/webflow-sync'

/**
 * `POST /api/import`: `{ url, ...fields }`. The server fetches the file at the https address into the
 * media host and stores its record (decision 0048); answers like `POST /api/upload`. An address that
 * could reach inside the network is refused with 400 naming why, before any connection is made. With an
 * `Idempotency-Key`, a repeat (a retry after a lost answer) answers with the record the first made.
 */
export default route(
  {
    POST: async (request) => {
      const idempotencyKey = idempotencyKeyOf(request)
      const body = validate(importRequestSchema, canonicaliseImportBody(await readJson(request)))
      const { url, ...fields } = body
      const record = await importFromUrl(url, fields, {
        claim: idempotencyKey === null ? null : idempotencyClaim(idempotencyKey, body),
        stores: mediaHostStores(),
        settings: mediaHostSettings(),
        timeLimitMs: serverEnv().IMPORT_TIME_LIMIT_SECONDS * 1000,
        readMetadata: readUploadMetadata,
        webflow: initialSyncState(currentWebflowSetup()),
        cloudinary: cloudinaryCredentials(),
      })
      await mirrorChanges(request, [record])
      await noteActivity(mediaHostStores().documents, {
        action: 'file.imported',
        file_ids: [record.id],
        detail: { url, title: record.title },
      })
      return json({ success: true, record }, 201)
    },
  },
  { message: 'Import failed', body: (error) => ({ success: false, error }) },
  'import',
)

// Imports (rate limit per address, not emulated by netlify dev): each call may fetch a whole file on the
// server's own connection, so far stricter than other writes.
export const config: Config = {
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
