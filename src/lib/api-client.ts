import type { z } from 'zod'

import { errorBodySchema } from '../contract/api'
import { reportAccessRefused } from './access'
import { isGatewayFailure, reportUnreachable, SLOW_ANSWER_MS } from './connectivity'
import { ERROR_WORDS } from './error-words'

/** A non-2xx answer from the API, with the server's own message when it sent one. */
export class ApiError extends Error {
  override name = 'ApiError'

  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
  }
}

interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  body?: unknown
  /** Validates the answer, so the screen only ever sees data of the contract's shape. */
  schema: S
  signal?: AbortSignal
  /** Headers beyond the JSON ones, such as an `Idempotency-Key`. */
  headers?: Record<string, string>
}

/** The one fetch of the app: JSON in, JSON out, same-origin credentials (spec section 6). */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  { method = 'GET', body, schema, signal, headers: extraHeaders = {} }: RequestOptions<S>,
): Promise<z.infer<S>> {
  const headers = new Headers({ ...extraHeaders, Accept: 'application/json' })
  const init: RequestInit = { method, credentials: 'same-origin', headers }
  if (body !== undefined) {
    init.body = JSON.stringify(body)
    headers.set('Content-Type', 'application/json')
  }
  if (signal) init.signal = signal
  const { response, payload } = await send(path, init)
  // The server's access gate wants the token: the screen asks for it once, then revalidates.
  if (response.status === 401) reportAccessRefused()
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(payload)
    const message = parsed.success ? parsed.data.error : `HTTP error! status: ${String(response.status)}`
    throw new ApiError(response.status, message, parsed.success ? parsed.data.details : payload)
  }
  const parsed = schema.safeParse(payload)
  if (!parsed.success) throw new ApiError(response.status, ERROR_WORDS.unreadable, parsed.error)
  return parsed.data
}

/**
 * The request and its body, telling the connectivity watch when the server could not be reached: no
 * answer at all (fetch's TypeError), a gateway's 502/503/504, or no answer yet after `SLOW_ANSWER_MS`.
 */
async function send(path: string, init: RequestInit): Promise<{ response: Response; payload: unknown }> {
  const slow = setTimeout(reportUnreachable, SLOW_ANSWER_MS)
  try {
    const response = await fetch(path, init)
    const payload = await readPayload(response)
    if (isGatewayFailure(response.status, errorBodySchema.safeParse(payload).success)) reportUnreachable()
    return { response, payload }
  } catch (error) {
    // A cancelled request says nothing about the server.
    if (!init.signal?.aborted) reportUnreachable()
    throw error
  } finally {
    clearTimeout(slow)
  }
}

async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}
