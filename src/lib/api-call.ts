import { ERROR_WORDS } from './error-words'

/**
 * What every call to the API shares, whether the screen makes it (api-client.ts) or the library's
 * worker does (the listing's transport): the request's defaults, the error an answer becomes, and what
 * an answer says about the access gate and the server. It imports no React and no DOM-only global, so a
 * worker imports it too; what the page does about an answer (asking for the token, watching the
 * connection) is `reportAnswer` in api-client.ts, reached from a worker through its messages.
 */

/** A non-2xx answer from the API, with the server's own message when it sent one. */
export class ApiError extends Error {
  override name = 'ApiError'

  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
    /** The server sent no message of its own: `message` is the spec's 'HTTP error! status: N'. */
    readonly wordless = false,
  ) {
    super(message)
  }
}

/** The API's error body, `{ error, details? }` (`errorBodySchema` in the contract). */
export interface ErrorBody {
  error: string
  details?: unknown
}

/**
 * The error a non-2xx answer is: the server's own message when its body was the API's error body
 * (`body`, checked by the caller with the contract's schema), else the spec's 'HTTP error! status: N',
 * with whatever the body held as its details.
 */
export function answerError(status: number, body: ErrorBody | null, payload: unknown): ApiError {
  if (body !== null) return new ApiError(status, body.error, body.details)
  return new ApiError(status, `HTTP error! status: ${String(status)}`, payload, true)
}

/** The error for an answer the contract's schema refused. */
export function unreadableAnswer(status: number, details?: unknown): ApiError {
  return new ApiError(status, ERROR_WORDS.unreadable, details)
}

/** Statuses a proxy or gateway sends when the functions behind it are not there. */
export const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504])

/** A gateway's answer for functions that are down: no JSON error of the server's own came with it. */
export function isGatewayFailure(status: number, serverSentError: boolean): boolean {
  return GATEWAY_STATUSES.has(status) && !serverSentError
}

export interface ApiInit {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  /** Sent as JSON. */
  body?: unknown
  /** Headers beyond the JSON ones, such as an `Idempotency-Key` or `If-None-Match`. */
  headers?: Record<string, string>
  signal?: AbortSignal
  cache?: RequestCache
}

/**
 * The request of every API call, from the page or a worker: JSON accepted (and sent, with a body), with
 * same-origin credentials (spec section 6).
 */
export function apiRequestInit({
  method = 'GET',
  body,
  headers: extraHeaders = {},
  signal,
  cache,
}: ApiInit = {}): RequestInit {
  const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json' }
  const init: RequestInit = { headers, credentials: 'same-origin' }
  if (method !== 'GET') init.method = method
  if (body !== undefined) {
    init.body = JSON.stringify(body)
    headers['Content-Type'] = 'application/json'
  }
  if (signal) init.signal = signal
  if (cache) init.cache = cache
  return init
}

/** The one fetch of the API, from the page or a worker; `send` is fetch, or a test's stand-in for it. */
export function callApi(
  path: string,
  init: ApiInit = {},
  send: typeof fetch = (input, request) => fetch(input, request),
): Promise<Response> {
  return send(path, apiRequestInit(init))
}
