import { uploadResponseSchema } from '../../../contract/api'
import { ENDPOINTS } from '../../../contract/endpoints'
import type { MediaRecord, RecordCreate } from '../../../contract/record'
import { apiRequest, ApiError } from '../../../lib/api-client'
import { newIdempotencyKey, sendRetryingLostAnswers } from '../../../lib/idempotent-send'
import { isAbortError, UPLOAD_MESSAGES, UPLOAD_WORDS, UploadError } from '../messages'
import { untilServerAnswers, type ServerWait } from '../wait-for-server'

/** The body of `POST /api/upload` as the client sends it (before the server's parsing). */
export type RecordBody = { [K in keyof RecordCreate]?: RecordCreate[K] | undefined } & { media_url: string }

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
      () => sendRetryingLostAnswers((key) => sendCreate(body, key, signal), idempotencyKey, signal),
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

function sendCreate(body: RecordBody, idempotencyKey: string, signal?: AbortSignal) {
  return apiRequest(ENDPOINTS.upload, {
    method: 'POST',
    body,
    schema: uploadResponseSchema,
    headers: { 'Idempotency-Key': idempotencyKey },
    ...(signal ? { signal } : {}),
  })
}
