import { TooManyRequestsError } from '../errors'
import { statusOf } from './error-statuses'

const BASE_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
}

export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const merged = new Headers(BASE_HEADERS)
  new Headers(headers).forEach((value, name) => {
    merged.set(name, value)
  })
  return new Response(JSON.stringify(body), { status, headers: merged })
}

/** How an endpoint words a failure: spec section 8 names one message per endpoint. */
export interface FailureStyle {
  /** Sent when the server, not the request, failed ('Save failed', 'Batch move failed', ...). */
  message: string
  /** The body for a message; `{ error }` unless the endpoint's contract says otherwise. */
  body?: (message: string) => unknown
  /** How long a 503 asks the client to wait before retrying (`Retry-After`); 1 s unless said. */
  retryAfterSeconds?: number
}

/**
 * The answer to a thrown error, its status from the one map (error-statuses.ts): input errors keep their
 * own message, server errors the endpoint's.
 */
export function errorResponse(error: unknown, failure: FailureStyle): Response {
  const body = failure.body ?? ((message: string) => ({ error: message }))
  const status = statusOf(error)
  if (error instanceof TooManyRequestsError) {
    return json(body(error.message), status, { 'Retry-After': String(error.retryAfterSeconds) })
  }
  if (status < 500 && error instanceof Error) return json(body(error.message), status)
  console.error(`[${failure.message}]`, error)
  const headers: HeadersInit = status === 503 ? { 'Retry-After': String(failure.retryAfterSeconds ?? 1) } : {}
  return json(body(failure.message), status, headers)
}
