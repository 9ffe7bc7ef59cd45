import { MemoryByteStore } from '../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../netlify/server/storage/memory-store'
import { mediaHostSettings, replaceDocumentStore } from '../../netlify/server/store'
import type { MediaHostSettings, MediaHostStores } from '../../netlify/server/uploads/upload-service'
import { TUS_VERSION } from '../../netlify/server/uploads/tus-headers'
import { MIN_CHUNK_BYTES } from '../../src/contract/uploads'
import { routeToFunction } from './function-router'
import { interceptStores, type Interceptor } from './store-interceptor'

/**
 * The API in this process: requests go to the real function handlers (through the netlify.toml routing
 * table of `function-router.ts`), which run on fresh atomic in-memory stores, optionally behind an
 * interceptor that delays, counts or fails store calls.
 */
export const ORIGIN = 'http://localhost:8888'

export interface Answer {
  status: number
  headers: Headers
  /** The parsed JSON body, the text of any other body, or null when there is none. */
  body: unknown
}

export interface RequestSpec {
  method: string
  path: string
  json?: unknown
  body?: BodyInit
  headers?: Record<string, string>
}

/**
 * Fresh in-memory stores for every handler, seen through the interceptor `wrap` makes for them (which
 * may need the stores themselves); returns them unwrapped, for a test to inspect.
 */
export function freshStores(wrap?: (raw: MediaHostStores) => Interceptor): MediaHostStores {
  const raw = { documents: new MemoryDocumentStore(), bytes: new MemoryByteStore() }
  const seen = wrap ? interceptStores(raw, wrap(raw)) : raw
  replaceDocumentStore(seen.documents, seen.bytes)
  return raw
}

export function settings(): MediaHostSettings {
  return mediaHostSettings()
}

export async function send({ method, path, json, body, headers = {} }: RequestSpec): Promise<Answer> {
  const init: RequestInit = { method, headers: { ...headers } }
  if (json !== undefined) {
    init.body = JSON.stringify(json)
    init.headers = { 'Content-Type': 'application/json', ...headers }
  } else if (body !== undefined) init.body = body
  const response = await routeToFunction(new Request(`${ORIGIN}${path}`, init))
  if (!response) throw new Error(`No function serves ${method} ${path}`)
  const text = await response.text()
  const isJson = /json/.test(response.headers.get('content-type') ?? '')
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? null : isJson ? (JSON.parse(text) as unknown) : text,
  }
}

/** Sends and insists on a 2xx: for the steps that build a test's starting state. */
export async function sendOk(spec: RequestSpec): Promise<Answer> {
  const answer = await send(spec)
  if (answer.status >= 300) {
    throw new Error(
      `${spec.method} ${spec.path} answered ${String(answer.status)}: ${JSON.stringify(answer.body)}`,
    )
  }
  return answer
}

/**
 * A text file sent in two chunks: the smallest chunk but the last the server takes, then a short tail;
 * an unfinished upload of it holds the first.
 */
export const FIRST_CHUNK = MIN_CHUNK_BYTES
export const TWO_CHUNKS = new TextEncoder().encode(`${'a'.repeat(FIRST_CHUNK)}and twenty bytes more`)

export const tusHeaders = (extra: Record<string, string> = {}) => ({ 'Tus-Resumable': TUS_VERSION, ...extra })

/** Starts a tus upload of `length` bytes named `filename`; returns its id. */
export async function createTusUpload(filename: string, length: number): Promise<string> {
  const answer = await sendOk({
    method: 'POST',
    path: '/api/uploads',
    headers: tusHeaders({
      'Upload-Length': String(length),
      'Upload-Metadata': `filename ${Buffer.from(filename).toString('base64')}`,
    }),
  })
  const id = answer.headers.get('location')?.split('/').pop()
  if (!id) throw new Error('The upload was created without a Location')
  return id
}

export function patchSpec(id: string, offset: number, bytes: Uint8Array<ArrayBuffer>): RequestSpec {
  return {
    method: 'PATCH',
    path: `/api/uploads/${id}`,
    body: bytes,
    headers: tusHeaders({
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    }),
  }
}

/** Uploads `bytes` in one PATCH and returns the file's URL on the built-in host. */
export async function uploadFile(
  filename: string,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<{ id: string; url: string }> {
  const id = await createTusUpload(filename, bytes.length)
  await sendOk(patchSpec(id, 0, bytes))
  const { body } = await sendOk({ method: 'GET', path: `/api/uploads/${id}` })
  const url = (body as { result: { secure_url: string } }).result.secure_url
  return { id, url }
}
