import type { z } from 'zod'

import { reportAccessRefused } from './access'
import type { AnswerSchemas } from './answer-schemas'
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

/** The name of one of the contract's answer schemas (answer-schemas.ts). */
export type AnswerName = keyof AnswerSchemas

/** What a call answers once checked: the output of the schema given, or of the one named. */
export type AnswerOf<S extends z.ZodType | AnswerName> = S extends AnswerName
  ? z.output<AnswerSchemas[S]>
  : S extends z.ZodType
    ? z.output<S>
    : never

let loadingSchemas: Promise<AnswerSchemas> | null = null

/**
 * The contract's answer schemas, with zod: loaded by the first call, beside its request, and not part of
 * the first route (decision 0042). A load that failed is tried again by the next call.
 */
export function answerSchemas(): Promise<AnswerSchemas> {
  if (loadingSchemas === null) {
    const loading = import('./answer-schemas').then((loaded) => loaded.ANSWER_SCHEMAS)
    loading.catch(() => {
      if (loadingSchemas === loading) loadingSchemas = null
    })
    loadingSchemas = loading
  }
  return loadingSchemas
}

interface RequestOptions<S extends z.ZodType | AnswerName> {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  body?: unknown
  /**
   * Validates the answer, so the screen only ever sees data of the contract's shape: the name of a
   * contract schema (answer-schemas.ts), or a schema where the caller has zod loaded already.
   */
  schema: S
  signal?: AbortSignal
  /** Headers beyond the JSON ones, such as an `Idempotency-Key`. */
  headers?: Record<string, string>
  /**
   * The endpoint answers the schema's shape at error statuses too (the Webflow connection test answers
   * 502 when Webflow refused): such an answer is returned, and is the server's, not a gateway's.
   */
  everyStatus?: boolean
}

/** The one fetch of the app: JSON in, JSON out, same-origin credentials (spec section 6). */
export async function apiRequest<S extends z.ZodType | AnswerName>(
  path: string,
  {
    method = 'GET',
    body,
    schema,
    signal,
    headers: extraHeaders = {},
    everyStatus = false,
  }: RequestOptions<S>,
): Promise<AnswerOf<S>> {
  const schemas = answerSchemas()
  // Read once the answer is in; a failed load before that is the answer's failure, not an unhandled one.
  schemas.catch(() => undefined)
  const headers = new Headers({ ...extraHeaders, Accept: 'application/json' })
  const init: RequestInit = { method, credentials: 'same-origin', headers }
  if (body !== undefined) {
    init.body = JSON.stringify(body)
    headers.set('Content-Type', 'application/json')
  }
  if (signal) init.signal = signal
  const checkOf = (checks: AnswerSchemas): z.ZodType => {
    const given: z.ZodType | AnswerName = schema
    return typeof given === 'string' ? checks[given] : given
  }
  const { response, payload } = await send(path, init, schemas, (checks, answer) =>
    everyStatus ? checkOf(checks).safeParse(answer).success : false,
  )
  const checks = await schemas
  const check = checkOf(checks)
  // The server's access gate wants the token: the screen asks for it once, then revalidates.
  if (response.status === 401) reportAccessRefused()
  if (!response.ok) {
    const answer = everyStatus ? check.safeParse(payload) : null
    if (answer?.success) return answer.data as AnswerOf<S>
    const parsed = checks.errorBody.safeParse(payload)
    const message = parsed.success ? parsed.data.error : `HTTP error! status: ${String(response.status)}`
    throw new ApiError(response.status, message, parsed.success ? parsed.data.details : payload)
  }
  const parsed = check.safeParse(payload)
  if (!parsed.success) throw new ApiError(response.status, ERROR_WORDS.unreadable, parsed.error)
  return parsed.data as AnswerOf<S>
}

/** Bytes `start` up to (not including) `end` of a file. */
export interface ByteRange {
  start: number
  end: number
}

/**
 * File bytes (downloads, previews): not JSON, so no schema reads them, and the status is the caller's to
 * judge; but they pass the same door as every call. A 401 from this site tells the access gate; another
 * host's 401 (a file on Cloudinary) is that host's and says nothing about signing in here.
 */
export async function fileRequest(
  url: string,
  { range, signal }: { range?: ByteRange; signal?: AbortSignal } = {},
): Promise<Response> {
  const headers: Record<string, string> =
    range === undefined ? {} : { Range: `bytes=${String(range.start)}-${String(range.end - 1)}` }
  const response = await fetch(url, { headers, signal, credentials: 'same-origin' })
  if (response.status === 401 && sameSite(url)) reportAccessRefused()
  return response
}

function sameSite(url: string): boolean {
  const here = globalThis.location as Location | undefined
  return here === undefined || new URL(url, here.href).origin === here.origin
}

/**
 * The request and its body, telling the connectivity watch when the server could not be reached: no
 * answer at all (fetch's TypeError), a gateway's 502/503/504, or no answer yet after `SLOW_ANSWER_MS`.
 */
async function send(
  path: string,
  init: RequestInit,
  schemas: Promise<AnswerSchemas>,
  alsoFromServer: (checks: AnswerSchemas, payload: unknown) => boolean,
): Promise<{ response: Response; payload: unknown }> {
  const slow = setTimeout(reportUnreachable, SLOW_ANSWER_MS)
  try {
    const response = await fetch(path, init)
    const payload = await readPayload(response)
    const checks = await schemas
    const fromServer = checks.errorBody.safeParse(payload).success || alsoFromServer(checks, payload)
    if (isGatewayFailure(response.status, fromServer)) reportUnreachable()
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
