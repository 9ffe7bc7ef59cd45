import * as z from 'zod'

/**
 * `POST /api/cloudinary-signature`: the fields of one signed Cloudinary upload. The screen posts every
 * field of `fields` with the file (and with each chunk of a chunked upload) and nothing else, since
 * Cloudinary checks the signature against every parameter sent except `file`, `cloud_name`,
 * `resource_type` and `api_key`.
 */
export const cloudinarySignatureSchema = z.object({
  /** The account that signed: the upload goes to `{api base}/v1_1/{cloud_name}/auto/upload`. */
  cloud_name: z.string().min(1),
  fields: z
    .object({
      api_key: z.string().min(1),
      timestamp: z.string().regex(/^\d+$/),
      signature: z.string().regex(/^[0-9a-f]{40}$/),
      folder: z.string().min(1),
    })
    .catchall(z.string()),
})
export type CloudinarySignature = z.infer<typeof cloudinarySignatureSchema>

/** The answer of the signature route when the functions have no Cloudinary credentials. */
export const CLOUDINARY_SIGNING_OFF =
  'Signed Cloudinary uploads are not configured: set CLOUDINARY_API_KEY and CLOUDINARY_API_SECRET (and CLOUDINARY_CLOUD_NAME or VITE_CLOUDINARY_CLOUD_NAME) for the functions'
