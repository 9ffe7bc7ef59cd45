import { uploadResponseSchema } from '../../../contract/api'
import { ENDPOINTS } from '../../../contract/endpoints'
import type { ImportRequest } from '../../../contract/imports'
import type { MediaRecord } from '../../../contract/record'
import { apiRequest, ApiError } from '../../../lib/api-client'
import { sendRetryingLostAnswers } from '../../../lib/idempotent-send'
import { IMPORT_WORDS } from '../messages'

/**
 * Asks the server to fetch the file at `body.url` and store its record (`POST /api/import`), with an
 * `Idempotency-Key`: an answer lost on the way is asked for again, and the server answers with the
 * record the first attempt made rather than importing the file twice. Throws an `Error` whose message is
 * the sentence to show: the server's reason for a refused address, or a plain one when there was no
 * answer.
 */
export async function importUrl(body: ImportRequest, signal?: AbortSignal): Promise<MediaRecord> {
  try {
    const send = (idempotencyKey: string) =>
      apiRequest(ENDPOINTS.import, {
        method: 'POST',
        body,
        schema: uploadResponseSchema,
        headers: { 'Idempotency-Key': idempotencyKey },
        ...(signal ? { signal } : {}),
      })
    const answer = await sendRetryingLostAnswers(send, undefined, signal)
    if (!answer.success) throw new Error(answer.error || IMPORT_WORDS.failed)
    return answer.record
  } catch (error) {
    if (error instanceof ApiError) throw new Error(error.message || IMPORT_WORDS.failed, { cause: error })
    if (error instanceof Error && error.name === 'AbortError') throw error
    if (error instanceof TypeError) throw new Error(IMPORT_WORDS.noAnswer, { cause: error })
    throw error
  }
}
