import type { Config } from '@netlify/functions'

import { routePath } from '../../src/contract/routes'
import {
  encodeUploadResult,
  MAX_CHUNK_BYTES,
  MIN_CHUNK_BYTES,
  UPLOAD_RESULT_HEADER,
} from '../../src/contract/uploads'
import { NotFoundError } from '../server/errors'
import { refuseAccess } from '../server/http/access-gate'
import { requirementFor } from '../../src/contract/route-access'
import { errorResponse as failureResponse, json } from '../server/http/respond'
import { mediaHostSettings, mediaHostStores } from '../server/store'
import { readUploadMetadata } from '../server/uploads/file-metadata'
import { isUploadId } from '../server/uploads/upload-documents'
import { OffsetMismatchError } from '../server/uploads/upload-errors'
import {
  appendChunk,
  assertUploadFits,
  completeStatus,
  createUploadWithData,
  SUPPORTED_CHECKSUMS,
  sweepExpiredUploads,
  terminateUpload,
  uploadProgress,
  uploadResult,
  type UploadProgress,
} from '../server/uploads/upload-service'
import {
  integerHeader,
  parseUploadMetadata,
  readChunk,
  TUS_EXTENSIONS,
  TUS_VERSION,
  uploadLengthHeader,
} from '../server/uploads/tus-headers'

/**
 * The built-in media host's upload endpoint: the tus 1.0 resumable protocol (core, creation, creation
 * with upload, termination of unfinished uploads, expiration, checksum) at /api/uploads, plus
 * `GET /api/uploads/{id}` for the result, whose `sha256` is the fingerprint the server computed
 * (`src/contract/fingerprint.ts`). The answer that completes an upload carries that result too
 * (`UPLOAD_RESULT_HEADER`), so a small file takes one call.
 */
export default async (request: Request): Promise<Response> => {
  const method = (request.headers.get('x-http-method-override') ?? request.method).toUpperCase()
  const id = new URL(request.url).searchParams.get('id')
  try {
    // Every tus call is part of uploading: ROUTE_ACCESS holds both upload routes to the editor role.
    const refused = await refuseAccess(request, requirementFor('uploads', 'POST') ?? 'admin')
    if (refused) return tus(refused)
    if (method === 'OPTIONS') return options()
    if (method !== 'GET' && request.headers.get('tus-resumable') !== TUS_VERSION) {
      return tus(
        json({ error: `Tus-Resumable: ${TUS_VERSION} is required` }, 412, { 'Tus-Version': TUS_VERSION }),
      )
    }
    if (id === null || id === '')
      return method === 'POST' ? await create(request) : notAllowed(method, 'POST, OPTIONS')
    if (!isUploadId(id)) throw new NotFoundError(`Upload ${id.slice(0, 40)} not found`)
    switch (method) {
      case 'HEAD':
        return progressResponse(200, await uploadProgress(mediaHostStores(), id), {
          'Cache-Control': 'no-store',
        })
      case 'PATCH':
        return await patch(request, id)
      case 'DELETE':
        await terminateUpload(mediaHostStores(), id)
        return tus(new Response(null, { status: 204 }))
      case 'GET':
        return json(await uploadResult(mediaHostStores(), id))
      default:
        return notAllowed(method, 'GET, HEAD, PATCH, DELETE, OPTIONS')
    }
  } catch (error) {
    return tus(errorResponse(error))
  }
}

async function create(request: Request): Promise<Response> {
  const settings = mediaHostSettings()
  // The size first: an oversize file is 413 whatever else is wrong with the request.
  const length = uploadLengthHeader(request)
  assertUploadFits(length, settings)
  const metadata = parseUploadMetadata(request.headers.get('upload-metadata'))
  // creation-with-upload: a body in the tus content type is the first chunk, within the chunk limit.
  const bytes = carriesData(request) ? await readChunk(request) : new Uint8Array()
  const checksum = request.headers.get('upload-checksum')
  const stores = mediaHostStores()
  const created = await createUploadWithData(stores, settings, {
    length,
    metadata,
    bytes,
    checksum,
    readMetadata: readUploadMetadata,
  })
  // Abandoned uploads are also swept hourly in production; sweeping here now and then keeps local
  // development tidy too, at the cost of one list() call.
  if (Math.random() < 0.05) await sweepExpiredUploads(stores, settings)
  return progressResponse(201, created, { Location: routePath('uploadById', { id: created.id }) })
}

async function patch(request: Request, id: string): Promise<Response> {
  const offset = integerHeader(request, 'Upload-Offset')
  const bytes = await readChunk(request)
  const progress = await appendChunk(mediaHostStores(), id, {
    offset,
    bytes,
    checksum: request.headers.get('upload-checksum'),
    readMetadata: readUploadMetadata,
  })
  return progressResponse(204, progress)
}

function carriesData(request: Request): boolean {
  return request.headers.get('content-type')?.split(';')[0]?.trim() === 'application/offset+octet-stream'
}

function options(): Response {
  return tus(
    new Response(null, {
      status: 204,
      headers: {
        'Tus-Version': TUS_VERSION,
        'Tus-Extension': TUS_EXTENSIONS,
        'Tus-Max-Size': String(mediaHostSettings().maxUploadBytes),
        'Tus-Checksum-Algorithm': SUPPORTED_CHECKSUMS,
        Allow: 'GET, HEAD, POST, PATCH, DELETE, OPTIONS',
        'X-Chunk-Max-Size': String(MAX_CHUNK_BYTES),
        // Every chunk but the last is at least this; a smaller one is refused with 400.
        'X-Chunk-Min-Size': String(MIN_CHUNK_BYTES),
      },
    }),
  )
}

function progressResponse(
  status: number,
  progress: UploadProgress,
  extra: Record<string, string> = {},
): Response {
  const headers = new Headers(extra)
  headers.set('Upload-Offset', String(progress.offset))
  headers.set('Upload-Length', String(progress.length))
  if (progress.expiresAt) headers.set('Upload-Expires', progress.expiresAt.toUTCString())
  if (progress.file) headers.set(UPLOAD_RESULT_HEADER, encodeUploadResult(completeStatus(progress.file)))
  return tus(new Response(null, { status, headers }))
}

function notAllowed(method: string, allow: string): Response {
  return tus(json({ error: `Method ${method} not allowed; use ${allow}` }, 405, { Allow: allow }))
}

function tus(response: Response): Response {
  response.headers.set('Tus-Resumable', TUS_VERSION)
  return response
}

/** How long a 503 asks the client to wait before retrying (`Retry-After`). */
const RETRY_AFTER_SECONDS = 5

/** The shared error answer (statuses from `error-statuses.ts`), plus the offset tus clients resume from. */
function errorResponse(error: unknown): Response {
  const response = failureResponse(error, {
    message: 'Upload failed',
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  })
  if (error instanceof OffsetMismatchError) response.headers.set('Upload-Offset', String(error.currentOffset))
  return response
}

// Every 4 MiB chunk is a call, so this also caps one address at about 400 MB a minute; stricter
// than other writes, which allow 200. Not emulated by netlify dev.
export const config: Config = {
  rateLimit: { windowLimit: 100, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
