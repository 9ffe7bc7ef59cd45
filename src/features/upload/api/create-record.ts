import { ENDPOINTS, uploadResponseSchema } from '../../../contract/api'
import type { MediaRecord, RecordCreate } from '../../../contract/record'
import { ApiError, apiRequest } from '../../../lib/api-client'
import { isAbortError, UPLOAD_MESSAGES, UploadError } from '../messages'

/** The body of `POST /api/upload` as the client sends it (before the server's parsing). */
export type RecordBody = { [K in keyof RecordCreate]?: RecordCreate[K] | undefined } & { media_url: string }

/** Stores the record of a file already on a media host. Spec section 8's backend save errors. */
export async function createRecord(body: RecordBody, signal?: AbortSignal): Promise<MediaRecord> {
  try {
    const answer = await apiRequest(ENDPOINTS.upload, {
      method: 'POST',
      body,
      schema: uploadResponseSchema,
      signal,
    })
    if (!answer.success) throw new UploadError(answer.error || UPLOAD_MESSAGES.saveFailed)
    return answer.record
  } catch (error) {
    if (error instanceof UploadError || isAbortError(error)) throw error
    if (error instanceof ApiError)
      throw new UploadError(UPLOAD_MESSAGES.backendError(error.status, error.message))
    throw new UploadError(UPLOAD_MESSAGES.saveFailed, error instanceof Error ? error.message : undefined)
  }
}
