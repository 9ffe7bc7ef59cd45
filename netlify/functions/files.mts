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
  // The Image CDN and the Office viewer fetch files without the visitor's cookie (see file-link.mts).
  'token-or-file-link',
)
