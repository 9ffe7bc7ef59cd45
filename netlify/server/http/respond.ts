import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../errors'
import {
  CorruptDocumentError,
  StorageContentionError,
  StorageUnavailableError,
} from '../storage/document-store'

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
}

/** Maps every error to its status once: input errors keep their own message, server errors the endpoint's. */
export function errorResponse(error: unknown, failure: FailureStyle): Response {
  const body = failure.body ?? ((message: string) => ({ error: message }))
  const status = statusOf(error)
  if (status < 500 && error instanceof Error) return json(body(error.message), status)
  console.error(`[${failure.message}]`, error)
  const headers: HeadersInit = status === 503 ? { 'Retry-After': '1' } : {}
  return json(body(failure.message), status, headers)
}

function statusOf(error: unknown): number {
  if (error instanceof InvalidInputError) return 400
  if (error instanceof NotFoundError) return 404
  if (error instanceof ConflictError) return 409
  if (error instanceof PayloadTooLargeError) return 413
  if (error instanceof UnsupportedMediaTypeError) return 415
  if (error instanceof StorageUnavailableError || error instanceof StorageContentionError) return 503
  if (error instanceof CorruptDocumentError) return 500
  return 500
}
