/** A small typed HTTP client for the API tests: one call, one answer with status, headers and JSON. */
import { inject } from 'vitest'

import { mapLimited } from './map-limited'

export { mapLimited }

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'

export interface ApiResponse<T = unknown> {
  status: number
  headers: Headers
  /** The body parsed as JSON; `undefined` when the body is empty or is not JSON. */
  body: T
  /** The raw body text. */
  text: string
}

/**
 * The request body:
 * - a string is sent as is (raw JSON text, or deliberately broken JSON), as `application/json`;
 * - bytes are sent as is, with no Content-Type unless `headers` gives one;
 * - anything else is sent as `JSON.stringify(body)`, as `application/json`.
 * A `content-type` in `headers` always wins.
 */
export type RequestBody =
  string | Uint8Array<ArrayBuffer> | Record<string, unknown> | unknown[] | number | boolean | null

/** The server this file's tests call: the in-process function host, or the run's netlify dev. */
interface ApiServer {
  baseUrl: string
  /** The project directory whose `.netlify/blobs-serve` holds the server's Blobs data. */
  projectDir: string
}

let inProcess: ApiServer | undefined

/** Points the helpers at a server of the file's own (the `api` project's setup does this). */
export function useApiServer(server: ApiServer): void {
  inProcess = server
}

export function baseUrl(): string {
  return inProcess?.baseUrl ?? inject('apiBaseUrl')
}

export function apiProjectDir(): string {
  return inProcess?.projectDir ?? inject('apiProjectDir')
}

export async function api<T = unknown>(
  method: Method,
  path: string,
  body?: RequestBody,
  headers: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  const requestHeaders = new Headers(headers)
  let payload: string | Uint8Array<ArrayBuffer> | undefined
  if (body instanceof Uint8Array) {
    payload = body
  } else if (body !== undefined) {
    payload = typeof body === 'string' ? body : JSON.stringify(body)
    if (!requestHeaders.has('content-type')) requestHeaders.set('content-type', 'application/json')
  }
  const response = await fetch(new URL(path, baseUrl()), {
    method,
    headers: requestHeaders,
    body: payload,
    redirect: 'manual',
    signal: AbortSignal.timeout(50_000),
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: parseJson(response, text) as T, text }
}

function parseJson(response: Response, text: string): unknown {
  if (text === '' || !/\bjson\b/i.test(response.headers.get('content-type') ?? '')) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** The `error` of an error answer, or undefined when the body has none. */
export function errorOf(response: ApiResponse): string | undefined {
  const { body } = response
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined
  return typeof body.error === 'string' ? body.error : undefined
}

export type Call = readonly [
  method: Method,
  path: string,
  body?: RequestBody,
  headers?: Record<string, string>,
]

/** Sends independent requests a few at a time; the answers come back in the order of `calls`. */
export function apiAll(calls: readonly Call[], limit = 6): Promise<ApiResponse[]> {
  return mapLimited(calls, limit, ([method, path, body, headers]) => api(method, path, body, headers))
}
