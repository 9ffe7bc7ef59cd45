import { uploadResponseSchema } from '../../../contract/api'
import { ENDPOINTS } from '../../../contract/endpoints'
import type { ImportRequest } from '../../../contract/imports'
import type { MediaRecord } from '../../../contract/record'
import { apiRequest, ApiError } from '../../../lib/api-client'
import { describeFailure } from '../../../lib/api-errors'
import { sendRetryingLostAnswers } from '../../../lib/idempotent-send'
import { IMPORT_WORDS } from '../messages'

/**
 * Asks the server to fetch the file at `body.url` and store its record (`POST /api/import`), with an
 * `Idempotency-Key`: an answer lost on the way is asked for again, and the server answers with the
 * record the first attempt made rather than importing the file twice. Throws an `Error` whose message is
 * the sentence to show: the server's reason for a refused address, or, when the call never reached the
 * server (offline, the server down), that it could not be reached: never a reason about the address.
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
    const described = describeFailure(error)
    if (described !== null) throw new Error(described, { cause: error })
    throw error
  }
}
