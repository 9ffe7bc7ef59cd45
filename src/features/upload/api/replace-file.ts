import { ENDPOINTS } from '../../../contract/endpoints'
import {
  replaceFileResponseSchema,
  type ReplaceFileInput,
  type ReplaceFileResponse,
} from '../../../contract/replace-file'
import { ApiError, apiRequest } from '../../../lib/api-client'
import { isAbortError, UPLOAD_MESSAGES, UPLOAD_WORDS, UploadError } from '../messages'
import { untilServerAnswers, type ServerWait } from '../wait-for-server'

/** The body of `POST /api/replace/{id}` as the client sends it. */
export type ReplaceFileBody = { [K in keyof ReplaceFileInput]?: ReplaceFileInput[K] | undefined } & {
  media_url: string
}

/**
 * Points record `id` at a file already on the media host. Sending it again is safe (a record that already
 * has the file is answered as it is), so while the server cannot be reached it waits and sends again.
 */
export async function replaceFile(
  id: number,
  body: ReplaceFileBody,
  options: ServerWait = {},
): Promise<ReplaceFileResponse> {
  const { signal } = options
  try {
    return await untilServerAnswers(
      () =>
        apiRequest(ENDPOINTS.replace(id), {
          method: 'POST',
          body,
          schema: replaceFileResponseSchema,
          ...(signal ? { signal } : {}),
        }),
      options,
    )
  } catch (error) {
    if (error instanceof UploadError || isAbortError(error)) throw error
    if (error instanceof ApiError)
      throw new UploadError(UPLOAD_MESSAGES.backendError(error.status, error.message))
    throw new UploadError(UPLOAD_MESSAGES.saveFailed, UPLOAD_WORDS.gaveUp)
  }
}
