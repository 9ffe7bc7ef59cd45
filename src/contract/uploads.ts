import * as z from 'zod'

export { builtInFileUrl, FILES_PREFIX, UPLOADS_PATH } from './upload-paths'

/** The largest PATCH body: a Netlify request carries about 4.5 MB of raw bytes (DESIGN section 3). */
export const MAX_CHUNK_BYTES = 4 * 1024 * 1024

/**
 * The smallest chunk but the last (decision 0032). Each chunk is stored as a blob of its own and read
 * on its own when the file is served, so tiny chunks would multiply both. A creation that carries data
 * (creation-with-upload) is a chunk too. The screen sends `MAX_CHUNK_BYTES`.
 */
export const MIN_CHUNK_BYTES = 1024 * 1024

/**
 * The most chunks an upload of `length` bytes may hold: what the minimum allows, so serving any
 * 8 MiB window of a file reads at most 9 of them. Checked on its own as well, so the bound holds for
 * an upload whatever its chunks were.
 */
export function maxChunksFor(length: number): number {
  return Math.max(1, Math.ceil(length / MIN_CHUNK_BYTES))
}

/** The default largest file; the server's `MAX_UPLOAD_BYTES` overrides it. */
export const DEFAULT_MAX_UPLOAD_BYTES = 500 * 1024 * 1024

/** Spec section 7: uploads go to the folder 'HIBF_assets'; public ids read the same on either host. */
export const MEDIA_HOST_FOLDER = 'HIBF_assets'

/**
 * `Upload-Metadata` keys the client sends at creation. `filename` and `filetype` are tus-js-client's
 * own; the rest are what the browser measured, echoed back in the result.
 */
export const uploadMetadataSchema = z.object({
  filename: z.string().min(1).max(255),
  filetype: z.string().max(255).optional(),
  sha256: z
    .string()
    .regex(/^[a-f0-9]{64}$/)
    .optional(),
  width: z.coerce.number().int().min(0).max(1_000_000).optional(),
  height: z.coerce.number().int().min(0).max(1_000_000).optional(),
  duration: z.coerce.number().min(0).max(10_000_000).optional(),
})
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>

/** Spec section 7: what a media host answers for a stored file (Cloudinary's field names). */
export const mediaHostResultSchema = z.object({
  secure_url: z.string(),
  public_id: z.string(),
  resource_type: z.enum(['image', 'video', 'raw']),
  format: z.string(),
  bytes: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  duration: z.number().nullable(),
})
export type MediaHostResult = z.infer<typeof mediaHostResultSchema>

/** `GET /api/uploads/{id}`: a finished upload's result, or how far an unfinished one has come. */
export const uploadStatusSchema = z.discriminatedUnion('complete', [
  z.object({ complete: z.literal(true), result: mediaHostResultSchema, sha256: z.string().nullable() }),
  z.object({ complete: z.literal(false), offset: z.number(), length: z.number(), expires_at: z.string() }),
])
export type UploadStatus = z.infer<typeof uploadStatusSchema>
export type CompleteUploadStatus = Extract<UploadStatus, { complete: true }>

/**
 * The answer that completes an upload (a creation carrying the whole file, or the last PATCH) carries
 * what `GET /api/uploads/{id}` would answer, as base64url JSON in this header, so the client needs no
 * further call. Generic tus clients ignore it and ask the status endpoint.
 */
export const UPLOAD_RESULT_HEADER = 'Upload-Result'

export function encodeUploadResult(status: CompleteUploadStatus): string {
  const bytes = new TextEncoder().encode(JSON.stringify(status))
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The header's status, or null when it is absent or not a complete upload's status. */
export function decodeUploadResult(header: string | null | undefined): CompleteUploadStatus | null {
  if (!header) return null
  try {
    const binary = atob(header.replace(/-/g, '+').replace(/_/g, '/'))
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
    const status = uploadStatusSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)))
    return status.success && status.data.complete ? status.data : null
  } catch {
    // A header that is not base64url JSON reads as absent: the status endpoint answers instead.
    return null
  }
}
