import { ENDPOINTS } from '../../../contract/endpoints'
import { cloudinarySignatureSchema, type CloudinarySignature } from '../../../contract/cloudinary-signature'
import { ApiError, apiRequest } from '../../../lib/api-client'
import { isAbortError, UPLOAD_MESSAGES, UploadError } from '../messages'

/**
 * The signed fields of one Cloudinary upload, from the site's own function (behind the access gate, which
 * `apiRequest` reports a 401 of). A refusal is the spec's upload message with the server's words.
 */
export async function requestUploadSignature(signal?: AbortSignal): Promise<CloudinarySignature> {
  try {
    return await apiRequest(ENDPOINTS.cloudinarySignature, {
      method: 'POST',
      schema: cloudinarySignatureSchema,
      signal,
    })
  } catch (error) {
    if (error instanceof ApiError) {
      throw new UploadError(UPLOAD_MESSAGES.failedWithStatus(error.status), error.message)
    }
    if (isAbortError(error)) throw error
    throw new UploadError(UPLOAD_MESSAGES.networkError, error instanceof Error ? error.message : undefined)
  }
}
