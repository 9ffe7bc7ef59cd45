/**
 * A tus 1.0 client written from the protocol text (https://tus.io/protocols/resumable-upload), with
 * plain `fetch`: OPTIONS (discovery), POST (creation, `Upload-Length`, base64 `Upload-Metadata`), HEAD
 * (the server's offset), PATCH (`application/offset+octet-stream` at `Upload-Offset`) and DELETE
 * (termination). It never sends a body over `MAX_CHUNK_BYTES`, since `netlify dev` dies on bodies over
 * 6,000,000 bytes, and records the largest one it sent.
 *
 * Free of vitest and of TypeScript-only syntax, so the benchmark can run it under plain Node
 * (`--experimental-strip-types`); hence the explicit `.ts` in imports.
 */
import { MAX_CHUNK_BYTES, UPLOADS_PATH } from '../../src/contract/uploads.ts'

export const TUS_RESUMABLE = '1.0.0'

/** The largest byte-range window the download helper asks for: the server's own response cap. */
export const DOWNLOAD_WINDOW_BYTES = 8 * 1024 * 1024

export type Bytes = Uint8Array<ArrayBuffer>

/** What the client saw across its requests. */
export interface TusStats {
  requests: number
  /** The largest request body sent, in bytes. */
  largestBody: number
}

export function newStats(): TusStats {
  return { requests: 0, largestBody: 0 }
}

const REQUEST_TIMEOUT_MS = 60_000

async function send(
  stats: TusStats,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: Bytes },
): Promise<Response> {
  const size = init.body?.byteLength ?? 0
  if (size > MAX_CHUNK_BYTES) throw new Error(`refusing to send a ${String(size)}-byte body`)
  stats.requests++
  stats.largestBody = Math.max(stats.largestBody, size)
  return fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
}

/** `Upload-Metadata`: comma-separated `key base64(value)` pairs. */
export function encodeMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value, 'utf8').toString('base64')}`)
    .join(',')
}

export interface TusDiscovery {
  status: number
  version: string | null
  extensions: string[]
  maxSize: number | null
  checksumAlgorithms: string[]
}

/** OPTIONS: what the server supports. The only request that needs no `Tus-Resumable`. */
export async function tusOptions(baseUrl: string, stats = newStats()): Promise<TusDiscovery> {
  const response = await send(stats, new URL(UPLOADS_PATH, baseUrl).href, { method: 'OPTIONS' })
  await response.arrayBuffer()
  const list = (name: string) =>
    (response.headers.get(name) ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
  const maxSize = response.headers.get('tus-max-size')
  return {
    status: response.status,
    version: response.headers.get('tus-version'),
    extensions: list('tus-extension'),
    maxSize: maxSize === null ? null : Number(maxSize),
    checksumAlgorithms: list('tus-checksum-algorithm'),
  }
}

/** POST: creates an upload; `uploadUrl` is the absolute `Location` (null when refused). */
export async function tusCreate(
  baseUrl: string,
  { length, metadata }: { length: number; metadata: Record<string, string> },
  stats = newStats(),
  extraHeaders: Record<string, string> = {},
): Promise<{ response: Response; uploadUrl: string | null }> {
  const endpoint = new URL(UPLOADS_PATH, baseUrl).href
  const response = await send(stats, endpoint, {
    method: 'POST',
    headers: {
      'Tus-Resumable': TUS_RESUMABLE,
      'Upload-Length': String(length),
      'Upload-Metadata': encodeMetadata(metadata),
      ...extraHeaders,
    },
  })
  const location = response.headers.get('location')
  return { response, uploadUrl: location === null ? null : new URL(location, endpoint).href }
}

/** HEAD: the offset the server holds, which is where a resumed upload continues. */
export async function tusHead(uploadUrl: string, stats = newStats()) {
  const response = await send(stats, uploadUrl, {
    method: 'HEAD',
    headers: { 'Tus-Resumable': TUS_RESUMABLE },
  })
  const offset = response.headers.get('upload-offset')
  const length = response.headers.get('upload-length')
  return {
    response,
    status: response.status,
    offset: offset === null ? null : Number(offset),
    length: length === null ? null : Number(length),
  }
}

/** PATCH: one chunk at `offset`. */
export async function tusPatch(
  uploadUrl: string,
  offset: number,
  chunk: Bytes,
  stats = newStats(),
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  return send(stats, uploadUrl, {
    method: 'PATCH',
    headers: {
      'Tus-Resumable': TUS_RESUMABLE,
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
      ...extraHeaders,
    },
    body: chunk,
  })
}

/** DELETE: termination. */
export async function tusDelete(uploadUrl: string, stats = newStats()): Promise<Response> {
  return send(stats, uploadUrl, { method: 'DELETE', headers: { 'Tus-Resumable': TUS_RESUMABLE } })
}

/** The offset the server holds, from HEAD; throws unless the upload is there. */
async function serverOffset(uploadUrl: string, stats: TusStats): Promise<number> {
  const head = await tusHead(uploadUrl, stats)
  if (head.status !== 200 || head.offset === null) {
    throw new Error(`HEAD ${uploadUrl} answered ${String(head.status)}`)
  }
  return head.offset
}

/**
 * Sends `bytes` from the server's current offset to the end, chunk by chunk, each PATCH at the offset
 * the previous answer gave. The offset comes from HEAD, as for a resumed upload, unless `startOffset`
 * gives it (right after creation it is 0). Stops early after `maxChunks` chunks, as an interrupted
 * client would. Returns the offset reached.
 */
export async function tusSendFrom(
  uploadUrl: string,
  bytes: Bytes,
  {
    chunkSize = MAX_CHUNK_BYTES,
    maxChunks = Infinity,
    stats = newStats(),
    startOffset,
  }: { chunkSize?: number; maxChunks?: number; stats?: TusStats; startOffset?: number } = {},
): Promise<number> {
  let offset = startOffset ?? (await serverOffset(uploadUrl, stats))
  for (let sent = 0; offset < bytes.length && sent < maxChunks; sent++) {
    const response = await tusPatch(uploadUrl, offset, bytes.subarray(offset, offset + chunkSize), stats)
    const text = await response.text()
    if (response.status !== 204)
      throw new Error(`PATCH at ${String(offset)}: ${String(response.status)} ${text}`)
    const next = Number(response.headers.get('upload-offset'))
    if (!(next > offset)) throw new Error(`PATCH at ${String(offset)} answered Upload-Offset ${String(next)}`)
    offset = next
  }
  return offset
}

/**
 * The whole flow as tus-js-client runs it: POST, then PATCHes from offset 0 to the end (no HEAD right
 * after creation). Returns the upload's absolute URL.
 */
export async function tusUpload(
  baseUrl: string,
  bytes: Bytes,
  metadata: Record<string, string>,
  options: { chunkSize?: number; stats?: TusStats } = {},
): Promise<string> {
  const stats = options.stats ?? newStats()
  const { response, uploadUrl } = await tusCreate(baseUrl, { length: bytes.length, metadata }, stats)
  await response.arrayBuffer()
  if (response.status !== 201 || uploadUrl === null) {
    throw new Error(`POST ${UPLOADS_PATH} answered ${String(response.status)}`)
  }
  const offset = await tusSendFrom(uploadUrl, bytes, { ...options, stats, startOffset: 0 })
  if (offset !== bytes.length)
    throw new Error(`upload stopped at ${String(offset)} of ${String(bytes.length)}`)
  return uploadUrl
}

export interface MediaHostResultBody {
  secure_url: string
  public_id: string
  resource_type: string
  format: string
  bytes: number
  width: number | null
  height: number | null
  duration: number | null
}

/** `GET /api/uploads/{id}`: the media-host result of a finished upload. */
export async function uploadResultOf(uploadUrl: string): Promise<MediaHostResultBody> {
  const response = await fetch(uploadUrl, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
  const body = (await response.json()) as { complete: boolean; result?: MediaHostResultBody }
  if (response.status !== 200 || !body.complete || !body.result) {
    throw new Error(`GET ${uploadUrl}: ${String(response.status)} ${JSON.stringify(body)}`)
  }
  return body.result
}

/**
 * Downloads a file with successive `Range` requests of at most `DOWNLOAD_WINDOW_BYTES`, as the app's
 * download helper does, and checks that every answer is a 206 for exactly the window asked for.
 */
export async function downloadByRanges(
  fileUrl: string,
  size: number,
): Promise<{ bytes: Buffer; responses: number }> {
  const parts: Buffer[] = []
  let start = 0
  let responses = 0
  while (start < size) {
    const end = Math.min(start + DOWNLOAD_WINDOW_BYTES, size) - 1
    const response = await fetch(fileUrl, {
      headers: { Range: `bytes=${String(start)}-${String(end)}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    const part = Buffer.from(await response.arrayBuffer())
    responses++
    const range = response.headers.get('content-range')
    if (response.status !== 206 || range !== `bytes ${String(start)}-${String(end)}/${String(size)}`) {
      throw new Error(`Range ${String(start)}-${String(end)}: ${String(response.status)} ${String(range)}`)
    }
    if (part.length !== end - start + 1)
      throw new Error(`Range ${String(start)}-${String(end)}: ${String(part.length)} bytes`)
    parts.push(part)
    start = end + 1
  }
  return { bytes: Buffer.concat(parts), responses }
}
