import type { Config } from '@netlify/functions'

import { NotFoundError } from '../server/errors'
import { fileResponse } from '../server/files/file-responses'
import { route } from '../server/http/route'
import { mediaHostStores } from '../server/store'
import { isUploadId } from '../server/uploads/upload-documents'
import { forgetManifest, readManifest } from '../server/uploads/upload-service'

/** Serves a file of the built-in media host: `GET`/`HEAD /api/files/{id}/{name}`, with ranges. */
export default route(
  {
    GET: async (request) => {
      const id = new URL(request.url).searchParams.get('id')
      const stores = mediaHostStores()
      const manifest = id !== null && isUploadId(id) ? await readManifest(stores.documents, id) : null
      if (!manifest) throw new NotFoundError('File not found')
      const response = await fileResponse(stores.bytes, manifest, request)
      if (response) return response
      // Deleted since this instance cached its manifest.
      forgetManifest(manifest.id)
      throw new NotFoundError('File not found')
    },
  },
  { message: 'Failed to read file' },
  // ROUTE_ACCESS also takes a signed link here: the Image CDN and the Office viewer fetch files without
  // the visitor's cookie (see file-link.mts).
  'files',
)

// The busiest function: every thumbnail's source (the Image CDN's fetch, whose address may count here
// too), every image, audio and video preview, and every Range request (a video seek, or each 8 MiB
// window of a download: a 500 MB file is 60 calls). Sized so a screen never meets it, while a token of
// 24 random characters or more stays beyond guessing at this rate.
export const config: Config = {
  rateLimit: { windowLimit: 2000, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
