import type { CloudinarySignature } from '../../../src/contract/cloudinary-signature'
import { MEDIA_HOST_FOLDER } from '../../../src/contract/uploads'
import { signParameters, type CloudinaryCredentials } from './destroy-asset'

/**
 * The fields of one signed upload into `HIBF_assets`: the folder and the time are signed, so a caller can
 * neither choose another folder nor add a parameter (Cloudinary signs every parameter sent except `file`,
 * `cloud_name`, `resource_type` and `api_key`), and the signature is refused as stale after an hour.
 */
export function signUpload(credentials: CloudinaryCredentials, now = new Date()): CloudinarySignature {
  const signed = {
    folder: MEDIA_HOST_FOLDER,
    timestamp: String(Math.floor(now.getTime() / 1000)),
  }
  return {
    cloud_name: credentials.cloudName,
    fields: {
      ...signed,
      api_key: credentials.apiKey,
      signature: signParameters(signed, credentials.apiSecret),
    },
  }
}
