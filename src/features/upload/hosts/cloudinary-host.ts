import * as z from 'zod'

import type { CloudinarySignature } from '../../../contract/cloudinary-signature'
import { extensionOf } from '../../../contract/file-types'
import { DEFAULT_MAX_UPLOAD_BYTES, MEDIA_HOST_FOLDER, type MediaHostResult } from '../../../contract/uploads'
import { isAbortError, UPLOAD_MESSAGES, UploadError } from '../messages'
import { validateIncomingFiles } from '../validate-files'
import { requestUploadSignature } from './cloudinary-signature'
import { cloudinaryThumbnailUrl } from './cloudinary-thumbnails'
import { errorDetail } from './error-detail'
import { isRetryableRefusal, type HostUploadOptions, type MediaHost } from './media-host'
import { xhrPost, type PostResponse, type PostWithProgress } from './xhr-post'

export const CLOUDINARY_API_BASE = 'https://api.cloudinary.com'
/** Files above this go up in chunks (DESIGN section 6); one request may carry at most 100 MB. */
export const CHUNKED_ABOVE_BYTES = 20 * 1024 * 1024
/** Every chunk but the last must be at least 5 MB; 20 MB is the SDK's own default. */
export const CHUNK_BYTES = 20_000_000
const MIN_CHUNK_BYTES = 5 * 1024 * 1024

export interface CloudinaryHostOptions {
  cloudName: string
  /**
   * An unsigned upload preset: uploads go unsigned with it. Without one, each upload is signed by `sign`
   * (the site's `POST /api/cloudinary-signature` by default) and goes to the cloud that signed it.
   */
  uploadPreset?: string
  sign?: (signal?: AbortSignal) => Promise<CloudinarySignature>
  apiBase?: string
  chunkedAboveBytes?: number
  chunkBytes?: number
  /** Waits before re-sending a chunk that got no answer or a 5xx/429; chunks can be sent again. */
  retryDelays?: number[]
  maxFileBytes?: number
  post?: PostWithProgress
}

/** The fields of Cloudinary's upload answer that a record keeps (research notes, 1.3). */
const uploadAnswerSchema = z.object({
  secure_url: z.string(),
  public_id: z.string(),
  resource_type: z.enum(['image', 'video', 'raw']),
  format: z.string().optional(),
  bytes: z.number(),
  width: z.number().nullish(),
  height: z.number().nullish(),
  duration: z.number().nullish(),
})

function toResult(body: string, file: File): MediaHostResult {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    parsed = null
  }
  const answer = uploadAnswerSchema.safeParse(parsed)
  if (!answer.success)
    throw new UploadError(UPLOAD_MESSAGES.networkError, 'Cloudinary sent an unexpected answer')
  const { data } = answer
  return {
    secure_url: data.secure_url,
    public_id: data.public_id,
    resource_type: data.resource_type,
    // Raw files have no format; their extension is part of the public id.
    format: data.format ?? (extensionOf(data.public_id) || extensionOf(file.name)),
    bytes: data.bytes,
    width: data.width ?? null,
    height: data.height ?? null,
    duration: data.duration ?? null,
  }
}

function isTransient(response: PostResponse | null): boolean {
  return response === null || isRetryableRefusal(response.status)
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function uploadId(): string {
  return globalThis.crypto.randomUUID().replaceAll('-', '')
}

/**
 * Cloudinary as the media host (DESIGN section 6): a multipart POST to `{base}/v1_1/{cloud}/auto/upload`
 * into the folder 'HIBF_assets', unsigned with the preset or signed with fields the site signs per file;
 * above 20 MB the same request (the same signed fields) per chunk with `X-Unique-Upload-Id` and
 * `Content-Range`.
 */
export function createCloudinaryHost(options: CloudinaryHostOptions): MediaHost {
  const base = (options.apiBase ?? CLOUDINARY_API_BASE).replace(/\/+$/, '')
  const uploadUrl = (cloudName: string) => `${base}/v1_1/${encodeURIComponent(cloudName)}/auto/upload`
  const sign = options.sign ?? requestUploadSignature
  const chunkedAbove = options.chunkedAboveBytes ?? CHUNKED_ABOVE_BYTES
  const chunkBytes = Math.max(options.chunkBytes ?? CHUNK_BYTES, MIN_CHUNK_BYTES)
  const retryDelays = options.retryDelays ?? [1000, 3000]
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_UPLOAD_BYTES
  const post = options.post ?? xhrPost

  /** Where a file goes and the fields that go with it (and with each of its chunks). */
  async function destination(signal: AbortSignal | undefined) {
    const { uploadPreset } = options
    if (uploadPreset) {
      const fields: Record<string, string> = { upload_preset: uploadPreset, folder: MEDIA_HOST_FOLDER }
      return { url: uploadUrl(options.cloudName), fields }
    }
    const signed = await sign(signal)
    return { url: uploadUrl(signed.cloud_name), fields: signed.fields as Record<string, string> }
  }

  async function send(
    target: { url: string; fields: Record<string, string> },
    part: Blob,
    name: string,
    headers: Record<string, string>,
    upload: HostUploadOptions & { onPartProgress: (f: number) => void },
  ) {
    const body = () => {
      const form = new FormData()
      form.append('file', part, name)
      for (const [field, value] of Object.entries(target.fields)) form.append(field, value)
      return form
    }
    for (let attempt = 0; ; attempt++) {
      let response: PostResponse | null = null
      try {
        response = await post({
          url: target.url,
          body: body(),
          headers,
          onProgress: upload.onPartProgress,
          signal: upload.signal,
        })
      } catch (error) {
        if (isAbortError(error)) throw error
      }
      const delay = retryDelays[attempt]
      if (!isTransient(response) || delay === undefined) return response
      if (response !== null) upload.onRetrying?.(response.status)
      await wait(delay)
    }
  }

  function failure(response: PostResponse | null): UploadError {
    if (response === null) return new UploadError(UPLOAD_MESSAGES.networkError)
    return new UploadError(UPLOAD_MESSAGES.failedWithStatus(response.status), errorDetail(response.body))
  }

  return {
    kind: 'cloudinary',
    maxFileBytes,
    thumbnailUrl: cloudinaryThumbnailUrl,
    async upload(file, upload = {}) {
      const [refused] = validateIncomingFiles([], [file], { maxBytes: maxFileBytes }).rejected
      if (refused) throw new UploadError(refused.error)
      const report = upload.onProgress ?? (() => undefined)
      const target = await destination(upload.signal)
      if (file.size <= chunkedAbove) {
        const response = await send(target, file, file.name, {}, { ...upload, onPartProgress: report })
        if (response?.status !== 200) throw failure(response)
        report(1)
        return toResult(response.body, file)
      }
      const id = uploadId()
      let last: PostResponse | null = null
      for (let start = 0; start < file.size; start += chunkBytes) {
        const end = Math.min(start + chunkBytes, file.size)
        const headers = {
          'X-Unique-Upload-Id': id,
          'Content-Range': `bytes ${String(start)}-${String(end - 1)}/${String(file.size)}`,
        }
        const onPartProgress = (fraction: number) => {
          report((start + fraction * (end - start)) / file.size)
        }
        last = await send(target, file.slice(start, end), file.name, headers, { ...upload, onPartProgress })
        if (last?.status !== 200) throw failure(last)
      }
      report(1)
      return toResult(last?.body ?? '', file)
    },
  }
}
