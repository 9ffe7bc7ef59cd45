import type { Config } from '@netlify/functions'

import { NotFoundError } from '../server/errors'
import { statusOf } from '../server/http/error-statuses'
import { fileResponse } from '../server/files/file-responses'
import { errorResponse } from '../server/http/respond'
import { route } from '../server/http/route'
import { openShare, SHARE_MESSAGES } from '../server/shares/share-links'
import { configuredCloudName, mediaHostStores } from '../server/store'
import { markUsed } from '../server/usage/last-used'
import { forgetManifest, readManifest } from '../server/uploads/upload-service'

const FAILURE = { message: 'Failed to open the shared file' }

/**
 * Every answer is checked against storage (the share, then the file) on every request, so nothing may
 * keep it: a browser may keep the bytes but must ask again before each use.
 */
const NOT_KEPT = 'private, no-cache'

/**
 * `GET`/`HEAD /api/shared/{share id}/{signature}`: the shared file, for anyone holding the link, with
 * or without the access gate (decision 0041). Built-in files are served by the serving policy (0011:
 * inert types, 8 MiB windows, Range); files on the site's own Cloudinary account redirect there, and
 * nothing else is followed (0063).
 */
async function openShared(request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams
  const stores = mediaHostStores()
  const { record, source } = await openShare(
    stores.documents,
    query.get('share') ?? '',
    query.get('signature') ?? '',
    configuredCloudName(),
  )
  // Every open of a link reaches this function (nothing may keep its answer): the file was used.
  await markUsed(stores.documents, record.id)
  if (source.kind === 'cloudinary')
    return new Response(null, { status: 302, headers: { Location: source.url, 'Cache-Control': 'no-store' } })
  const manifest = await readManifest(stores.documents, source.uploadId)
  const response = manifest && (await fileResponse(stores.bytes, manifest, request))
  if (!response) {
    // Deleted since this instance cached its manifest.
    if (manifest) forgetManifest(manifest.id)
    throw new NotFoundError(SHARE_MESSAGES.fileGone)
  }
  response.headers.set('Cache-Control', NOT_KEPT)
  return response
}

/** A person opening a dead link in a browser reads one plain sentence; other callers get JSON. */
function refusal(request: Request, error: unknown): Response {
  const status = statusOf(error)
  const wantsPage = /\btext\/html\b/.test(request.headers.get('accept') ?? '')
  if (!wantsPage || status >= 500 || !(error instanceof Error)) return errorResponse(error, FAILURE)
  return new Response(`${error.message}.\n`, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    },
  })
}

export default route(
  {
    GET: async (request) => {
      try {
        return await openShared(request)
      } catch (error) {
        return refusal(request, error)
      }
    },
  },
  FAILURE,
  // Open in ROUTE_ACCESS: the link is its own credential, its signature, then the share in storage.
  'shared-file',
)

// As the file function: each Range window of a shared video or download is a call.
export const config: Config = {
  rateLimit: { windowLimit: 2000, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
