import { http, HttpResponse, type HttpHandler } from 'msw'

/**
 * msw handlers that answer like Cloudinary's Upload API (research notes, cloudinary-webflow.md sections
 * 1-3): `POST {base}/v1_1/{cloud}/{resource_type}/upload` as multipart/form-data with `file`, and either
 * `upload_preset` (unsigned) or `api_key`, `timestamp` and `signature` (signed: SHA-1 of every other sent
 * parameter but `file`, sorted as `k=v` joined by `&`, plus the API secret; 401 "Invalid Signature ..."
 * otherwise, "Stale request" after an hour); chunked uploads repeat the request per chunk with
 * `X-Unique-Upload-Id` and an inclusive `Content-Range: bytes a-b/total`, every chunk but the last at least
 * 5 MB; errors are `{"error":{"message":"..."}}`; the CORS preflight reflects the origin. Stored files are
 * delivered at `{deliveryBase}/{cloud}/{resource_type}/upload/...`, any transformation answered with the
 * original bytes.
 */

export interface CloudinaryStandInOptions {
  cloudName?: string
  apiBase?: string
  /** Presets marked unsigned; any other name is refused as a signed preset would be. */
  unsignedPresets?: readonly string[]
  /** The account's largest asset (the free plan's 10 MB for images and raw files). */
  maxFileBytes?: number
  /** `fixed` gives `HIBF_assets/abc` public ids; `dynamic` gives `abc` plus `asset_folder`. */
  folderMode?: 'fixed' | 'dynamic'
  /** The account's API key and secret, which signed uploads must be signed with. */
  apiKey?: string
  apiSecret?: string
  /** The origin of `secure_url`: Cloudinary's delivery host, or a custom delivery domain. */
  deliveryBase?: string
  /** The stand-in's clock, for stale signatures. */
  now?: () => Date
  /**
   * What Cloudinary would find at each remote address, for an upload whose `file` is a URL (Cloudinary
   * fetches it itself); any other address answers 404 "Resource not found".
   */
  remoteFiles?: Readonly<Record<string, File>>
}

export const STAND_IN_API_KEY = '614335564976464'
export const STAND_IN_API_SECRET = 'stand-in-api-secret-0123456789'

/** One request as Cloudinary received it. */
export interface ReceivedUpload {
  resourceType: string
  fields: Record<string, string>
  fileName: string | null
  fileBytes: number
  uniqueUploadId: string | null
  contentRange: string | null
}

const MIN_CHUNK_BYTES = 5 * 1024 * 1024
const CHUNK_ERROR = 'All parts except EOF-chunk must be larger than 5mb'

const VIDEO_EXTENSIONS = new Set(['mp4', 'mov', 'webm', 'mkv', 'ogv', 'avi', 'm4v'])
const AUDIO_EXTENSIONS = new Set(['mp3', 'wav', 'ogg', 'm4a', 'aac', 'flac'])
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'bmp', 'svg', 'pdf'])

function extension(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

function cors(request: Request): Record<string, string> {
  return { 'Access-Control-Allow-Origin': request.headers.get('origin') ?? '*' }
}

function randomId(length = 20): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'
  return Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('')
}

function cloudinaryError(request: Request, status: number, message: string) {
  return HttpResponse.json({ error: { message } }, { status, headers: cors(request) })
}

/** Parameters Cloudinary leaves out of the string to sign. */
const UNSIGNED_PARAMETERS = new Set(['file', 'cloud_name', 'resource_type', 'api_key', 'signature'])
const SIGNATURE_LIFETIME_SECONDS = 3600

/** The string Cloudinary signs: sorted `k=v` pairs of the non-empty sent parameters, `&` escaped as %26. */
export function stringToSign(fields: Record<string, string>): string {
  return Object.entries(fields)
    .filter(([key, value]) => !UNSIGNED_PARAMETERS.has(key) && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value.replaceAll('&', '%26')}`)
    .join('&')
}

/** SHA-1 in hex, written with WebCrypto so it runs wherever the handlers do (Node, jsdom, a stand-in). */
async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Why Cloudinary would refuse a signed request's credentials, or null when it would take them. */
async function signatureRefusal(
  fields: Record<string, string>,
  account: { apiKey: string; apiSecret: string; now: Date },
): Promise<{ status: number; message: string } | null> {
  const { api_key: apiKey, signature, timestamp } = fields
  if (!apiKey) return { status: 401, message: 'Must supply api_key' }
  if (apiKey !== account.apiKey) return { status: 401, message: `Unknown API key ${apiKey}` }
  if (!signature) return { status: 400, message: 'Missing required parameter - signature' }
  if (!timestamp || !/^\d+$/.test(timestamp)) {
    return { status: 400, message: 'Missing required parameter - timestamp' }
  }
  const signedAt = Number(timestamp)
  const nowSeconds = Math.floor(account.now.getTime() / 1000)
  if (nowSeconds - signedAt > SIGNATURE_LIFETIME_SECONDS) {
    const reported = new Date(signedAt * 1000)
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC')
    return {
      status: 400,
      message: `Stale request - reported time is ${reported} which is more than 1 hour ago`,
    }
  }
  const toSign = stringToSign(fields)
  const expected = await sha1Hex(toSign + account.apiSecret)
  if (signature !== expected) {
    return { status: 401, message: `Invalid Signature ${signature}. String to sign - '${toSign}'.` }
  }
  return null
}

/** The `upload_response` body of an asset, shaped by what the file is. */
function uploadResponse(
  cloudName: string,
  fileName: string,
  bytes: number,
  fields: Record<string, string>,
  folderMode: 'fixed' | 'dynamic',
  deliveryBase: string,
  apiKey: string,
): Record<string, unknown> {
  const ext = extension(fileName)
  const kind =
    VIDEO_EXTENSIONS.has(ext) || AUDIO_EXTENSIONS.has(ext)
      ? 'video'
      : IMAGE_EXTENSIONS.has(ext)
        ? 'image'
        : 'raw'
  const folder = fields.folder ?? ''
  const base = randomId()
  // Raw files keep their extension in the public id and have no format.
  const id = kind === 'raw' && ext ? `${base}.${ext}` : base
  const publicId = folderMode === 'fixed' && folder ? `${folder}/${id}` : id
  const version = 1_719_307_544
  const suffix = kind === 'raw' || !ext ? '' : `.${ext}`
  const path = `${cloudName}/${kind}/upload/v${String(version)}/${publicId}${suffix}`
  const body: Record<string, unknown> = {
    asset_id: randomId(32),
    public_id: publicId,
    version,
    version_id: randomId(32),
    signature: randomId(40),
    resource_type: kind,
    created_at: '2024-06-25T09:25:44Z',
    tags: [],
    bytes,
    type: 'upload',
    etag: randomId(32),
    placeholder: false,
    url: `${deliveryBase.replace(/^https:/, 'http:')}/${path}`,
    secure_url: `${deliveryBase}/${path}`,
    asset_folder: folderMode === 'dynamic' ? folder : '',
    display_name: base,
    original_filename: fileName.replace(/\.[^.]*$/, ''),
    api_key: apiKey,
  }
  if (kind !== 'raw') body.format = ext
  if (kind === 'image') Object.assign(body, { width: 1920, height: 1441, pages: ext === 'pdf' ? 3 : 1 })
  if (kind === 'video' && AUDIO_EXTENSIONS.has(ext)) {
    Object.assign(body, { duration: 28.04, is_audio: true, audio: { codec: 'mp3' }, pages: 0 })
  } else if (kind === 'video') {
    Object.assign(body, {
      width: 1280,
      height: 720,
      duration: 28.04,
      frame_rate: 25,
      bit_rate: 1_500_000,
      is_audio: false,
      pages: 0,
      playback_url: `${deliveryBase}/${cloudName}/video/upload/sp_auto/v${String(version)}/${publicId}.m3u8`,
    })
  }
  return body
}

export function cloudinaryHandlers(options: CloudinaryStandInOptions = {}) {
  const {
    cloudName = 'demo',
    apiBase = 'https://api.cloudinary.com',
    unsignedPresets = ['unsigned_preset'],
    maxFileBytes = 100 * 1024 * 1024,
    folderMode = 'fixed',
    apiKey = STAND_IN_API_KEY,
    apiSecret = STAND_IN_API_SECRET,
    deliveryBase = 'https://res.cloudinary.com',
    now = () => new Date(),
    remoteFiles = {},
  } = options
  const received: ReceivedUpload[] = []
  const chunked = new Map<string, { total: number; next: number; parts: Blob[] }>()
  /** Stored files by public id, as delivery URLs name them. */
  const stored = new Map<string, { bytes: Blob; type: string }>()
  const url = `${apiBase}/v1_1/:cloud/:resourceType/upload`

  /** The upload answer, keeping the bytes for delivery. */
  function finish(request: Request, name: string, bytes: Blob, type: string, fields: Record<string, string>) {
    const body = uploadResponse(cloudName, name, bytes.size, fields, folderMode, deliveryBase, apiKey)
    stored.set(String(body.public_id).replace(/\.[^./]*$/, ''), { bytes, type })
    return HttpResponse.json(body, { headers: cors(request) })
  }

  const handlers: HttpHandler[] = [
    http.options(url, ({ request }) => {
      return new HttpResponse(null, {
        status: 200,
        headers: {
          ...cors(request),
          'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
          'Access-Control-Allow-Headers': request.headers.get('access-control-request-headers') ?? '',
          'Access-Control-Max-Age': '1728000',
        },
      })
    }),
    http.post(url, async ({ request, params }) => {
      const resourceType = String(params.resourceType)
      if (params.cloud !== cloudName)
        return cloudinaryError(request, 401, `Invalid cloud_name ${String(params.cloud)}`)
      if (!['image', 'video', 'raw', 'auto'].includes(resourceType)) {
        return cloudinaryError(request, 400, 'Invalid resource type')
      }
      const form = await request.formData()
      const fields: Record<string, string> = {}
      let file: File | null = null
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') fields[name] = value
        else if (name === 'file') file = value
      }
      const uniqueUploadId = request.headers.get('x-unique-upload-id')
      const contentRange = request.headers.get('content-range')
      received.push({
        resourceType,
        fields,
        fileName: file?.name ?? null,
        fileBytes: file?.size ?? 0,
        uniqueUploadId,
        contentRange,
      })

      if (fields.signature !== undefined || fields.api_key !== undefined) {
        const refusal = await signatureRefusal(fields, { apiKey, apiSecret, now: now() })
        if (refusal) return cloudinaryError(request, refusal.status, refusal.message)
      } else {
        const preset = fields.upload_preset
        if (!preset)
          return cloudinaryError(request, 400, 'Upload preset must be specified when using unsigned upload')
        if (!unsignedPresets.includes(preset)) {
          return cloudinaryError(request, 400, 'Upload preset must be whitelisted for unsigned uploads')
        }
      }
      if (!file && fields.file !== undefined && /^(?:https?|ftp|s3|gs):\/\//.test(fields.file)) {
        const remote = remoteFiles[fields.file]
        if (!remote) return cloudinaryError(request, 404, `Resource not found - ${fields.file}`)
        file = remote
      }
      if (!file) return cloudinaryError(request, 400, 'Missing required parameter - file')

      if (contentRange === null) {
        if (file.size > maxFileBytes) {
          return cloudinaryError(
            request,
            400,
            `File size too large. Got ${String(file.size)}. Maximum is ${String(maxFileBytes)}.`,
          )
        }
        return finish(request, file.name, file, file.type, fields)
      }

      const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(contentRange)
      if (!range || !uniqueUploadId) return cloudinaryError(request, 400, 'Invalid Content-Range header')
      const [start, end, total] = [Number(range[1]), Number(range[2]), Number(range[3])]
      if (end - start + 1 !== file.size)
        return cloudinaryError(request, 400, 'Content-Range does not match the chunk size')
      if (total > maxFileBytes) {
        return cloudinaryError(
          request,
          400,
          `File size too large. Got ${String(total)}. Maximum is ${String(maxFileBytes)}.`,
        )
      }
      const final = end + 1 === total
      if (!final && file.size < MIN_CHUNK_BYTES) return cloudinaryError(request, 400, CHUNK_ERROR)
      const state = chunked.get(uniqueUploadId) ?? { total, next: 0, parts: [] }
      if (start !== state.next || total !== state.total) {
        return cloudinaryError(request, 400, 'Chunk out of order for this upload id')
      }
      state.next = end + 1
      state.parts.push(file)
      chunked.set(uniqueUploadId, state)
      if (!final) return HttpResponse.json({ done: false, bytes: state.next }, { headers: cors(request) })
      chunked.delete(uniqueUploadId)
      // Buffers, not the parts: jsdom's Blob takes another realm's Blob for a string.
      const whole = new Blob(await Promise.all(state.parts.map((part) => part.arrayBuffer())))
      return finish(request, file.name, whole, file.type, fields)
    }),
    // Delivery: the stored bytes whatever the transformation, found by the public id without extension.
    http.get(`${deliveryBase}/:cloud/:resourceType/upload/*`, ({ request, params }) => {
      if (params.cloud !== cloudName) return new HttpResponse(null, { status: 404 })
      const path = decodeURIComponent(new URL(request.url).pathname)
      const tail = path.slice(path.indexOf('/upload/') + '/upload/'.length).replace(/\.[^./]*$/, '')
      const asset = [...stored].find(([publicId]) => tail === publicId || tail.endsWith(`/${publicId}`))
      if (!asset) return new HttpResponse(null, { status: 404 })
      const { bytes, type } = asset[1]
      return new HttpResponse(bytes, {
        headers: { 'Content-Type': type || 'application/octet-stream', 'Cache-Control': 'no-store' },
      })
    }),
  ]
  return { handlers, received, stored }
}
