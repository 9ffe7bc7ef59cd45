import type { z } from 'zod'

import { uploadResponseSchema } from '../../../contract/api'
import { ENDPOINTS } from '../../../contract/endpoints'
import type { MediaRecord, RecordCreate } from '../../../contract/record'
import { apiRequest, ApiError } from '../../../lib/api-client'
import { isAbortError, UPLOAD_MESSAGES, UPLOAD_WORDS, UploadError } from '../messages'
import { untilServerAnswers, type ServerWait } from '../wait-for-server'

/** The body of `POST /api/upload` as the client sends it (before the server's parsing). */
export type RecordBody = { [K in keyof RecordCreate]?: RecordCreate[K] | undefined } & { media_url: string }

/**
 * Waits before sending a create again whose answer never came (the connection dropped). The same
 * `Idempotency-Key` goes with each attempt, so the server returns the record the first one made
 * instead of making a second.
 */
const LOST_ANSWER_RETRY_DELAYS = [300, 1_000]

export interface CreateRecordOptions extends ServerWait {
  /** One key per file: every attempt at its record sends the same one. */
  idempotencyKey?: string
}

/**
 * Stores the record of a file already on a media host, under one idempotency key for this file. While the
 * server cannot be reached it waits for it (`onWaiting`), then sends again. Spec section 8's backend save
 * errors.
 */
export async function createRecord(
  body: RecordBody,
  options: CreateRecordOptions = {},
): Promise<MediaRecord> {
  const { idempotencyKey = newIdempotencyKey(), signal } = options
  try {
    const answer = await untilServerAnswers(
      () => sendRetryingLostAnswers(body, idempotencyKey, signal),
      options,
    )
    if (!answer.success) throw new UploadError(answer.error || UPLOAD_MESSAGES.saveFailed)
    return answer.record
  } catch (error) {
    if (error instanceof UploadError || isAbortError(error)) throw error
    if (error instanceof ApiError)
      throw new UploadError(UPLOAD_MESSAGES.backendError(error.status, error.message))
    throw new UploadError(UPLOAD_MESSAGES.saveFailed, UPLOAD_WORDS.gaveUp)
  }
}

/** A random UUID; `crypto.randomUUID` exists only in secure contexts, so plain http gets the same shape. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

async function sendRetryingLostAnswers(
  body: RecordBody,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<z.infer<typeof uploadResponseSchema>> {
  for (const delay of [...LOST_ANSWER_RETRY_DELAYS, null]) {
    try {
      return await sendCreate(body, idempotencyKey, signal)
    } catch (error) {
      // fetch rejects with a TypeError when no answer arrived; any answer is final.
      if (delay === null || !(error instanceof TypeError) || signal?.aborted) throw error
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
  }
  throw new Error('unreachable')
}

function sendCreate(body: RecordBody, idempotencyKey: string, signal?: AbortSignal) {
  return apiRequest(ENDPOINTS.upload, {
    method: 'POST',
    body,
    schema: uploadResponseSchema,
    headers: { 'Idempotency-Key': idempotencyKey },
    ...(signal ? { signal } : {}),
  })
}
