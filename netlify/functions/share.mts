import type { Config } from '@netlify/functions'

import { shareCreateSchema } from '../../src/contract/shares'
import { noteActivity } from '../server/activity/activity-log'
import { json } from '../server/http/respond'
import { idParameter, readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { siteOrigins } from '../server/http/site-origin'
import { createShare, parseShareId, revokeShare } from '../server/shares/share-links'
import { configuredCloudName, documentStore } from '../server/store'

/**
 * `POST /api/share/{file id}` with `{ "expires_in_hours": n }` makes a share link (201);
 * `DELETE /api/share/{share id}` revokes one (204). One path, so one function (decision 0041).
 */
export default route(
  {
    POST: async (request) => {
      const id = idParameter(request, 'file')
      const { expires_in_hours } = validate(shareCreateSchema, await readJson(request))
      const settings = { origin: siteOrigins(request).public, cloudName: configuredCloudName() }
      const share = await createShare(documentStore(), id, expires_in_hours, settings)
      await noteActivity(documentStore(), {
        action: 'share.created',
        file_ids: [id],
        detail: { share_id: share.id, expires_at: share.expires_at },
      })
      return json(share, 201)
    },
    DELETE: async (request) => {
      const shareId = new URL(request.url).searchParams.get('id') ?? ''
      await revokeShare(documentStore(), shareId)
      const fileId = parseShareId(shareId)?.fileId
      await noteActivity(documentStore(), {
        action: 'share.revoked',
        file_ids: fileId === undefined ? [] : [fileId],
        detail: { share_id: shareId },
      })
      return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
    },
  },
  { message: 'Failed to change the share link' },
  'share',
)

// Writes (rate limit per address, not emulated by netlify dev): far above what a person does, low
// enough to slow a script down.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
