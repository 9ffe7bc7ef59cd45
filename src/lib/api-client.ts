import type { z } from 'zod'

import { reportAccessAnswer } from './access'
import { answerError, ApiError, callApi, isGatewayFailure, unreadableAnswer, type ApiInit } from './api-call'
import type { AnswerSchemas } from './answer-schemas'
import { reportUnreachable, SLOW_ANSWER_MS } from './connectivity'

export { ApiError }

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
  /** Hears the headers of an answer that succeeded (a record's `ETag`, say) before its body is returned. */
  onHeaders?: (headers: Headers) => void
  /**
   * The endpoint answers the schema's shape at error statuses too (the Webflow connection test answers
   * 502 when Webflow refused): such an answer is returned, and is the server's, not a gateway's.
   */
  everyStatus?: boolean
}

/** The one fetch of the app: JSON in, JSON out, same-origin credentials (spec section 6). */
export async function apiRequest<S extends z.ZodType | AnswerName>(
  path: string,
  { method = 'GET', body, schema, signal, headers = {}, everyStatus = false, onHeaders }: RequestOptions<S>,
): Promise<AnswerOf<S>> {
  const schemas = answerSchemas()
  // Read once the answer is in; a failed load before that is the answer's failure, not an unhandled one.
  schemas.catch(() => undefined)
  const checkOf = (checks: AnswerSchemas): z.ZodType => {
    const given: z.ZodType | AnswerName = schema
    return typeof given === 'string' ? checks[given] : given
  }
  const { response, payload } = await send(
    path,
    { method, body, signal, headers },
    schemas,
    (checks, answer) => (everyStatus ? checkOf(checks).safeParse(answer).success : false),
  )
  const checks = await schemas
  const check = checkOf(checks)
  if (!response.ok) {
    const answer = everyStatus ? check.safeParse(payload) : null
    if (answer?.success) return answer.data as AnswerOf<S>
    const parsed = checks.errorBody.safeParse(payload)
    throw answerError(response.status, parsed.success ? parsed.data : null, payload)
  }
  const parsed = check.safeParse(payload)
  if (!parsed.success) throw unreadableAnswer(response.status, parsed.error)
  onHeaders?.(response.headers)
  return parsed.data as AnswerOf<S>
}

/**
 * What an answer says beyond itself, told here for every call of the page and of the library's worker
 * (whose listing passes its failures on): what it says about signing in goes to `reportAccessAnswer`;
 * no answer at all (`status` 0), or a gateway's 502/503/504 without the server's own error, means the
 * server could not be reached.
 */
export function reportAnswer(status: number, fromServer: boolean): void {
  reportAccessAnswer(status)
  if (status === 0 || isGatewayFailure(status, fromServer)) reportUnreachable()
}

/** Bytes `start` up to (not including) `end` of a file. */
export interface ByteRange {
  start: number
  end: number
}

/**
 * File bytes (downloads, previews): not JSON, so no schema reads them, and the status is the caller's to
 * judge; but what their answer says about signing in is told as every call's is.
 */
export async function fileRequest(
  url: string,
  { range, signal }: { range?: ByteRange; signal?: AbortSignal } = {},
): Promise<Response> {
  const headers: Record<string, string> =
    range === undefined ? {} : { Range: `bytes=${String(range.start)}-${String(range.end - 1)}` }
  const response = await fetch(url, { headers, signal, credentials: 'same-origin' })
  reportAccessAnswer(response.status, url)
  return response
}

/**
 * The request and its body, telling the connectivity watch when the server could not be reached: no
 * answer at all (fetch's TypeError), a gateway's 502/503/504, or no answer yet after `SLOW_ANSWER_MS`.
 */
async function send(
  path: string,
  init: ApiInit,
  schemas: Promise<AnswerSchemas>,
  alsoFromServer: (checks: AnswerSchemas, payload: unknown) => boolean,
): Promise<{ response: Response; payload: unknown }> {
  const slow = setTimeout(reportUnreachable, SLOW_ANSWER_MS)
  try {
    const response = await callApi(path, init)
    const payload = await readPayload(response)
    const checks = await schemas
    const fromServer = checks.errorBody.safeParse(payload).success || alsoFromServer(checks, payload)
    reportAnswer(response.status, fromServer)
    return { response, payload }
  } catch (error) {
    // A cancelled request says nothing about the server.
    if (!init.signal?.aborted) reportAnswer(0, false)
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
