import * as z from 'zod'

import type { ImportFields } from '../../../src/contract/imports'
import { titleFromName } from '../../../src/contract/labels'
import type { RecordCreate } from '../../../src/contract/record'
import type { CloudinaryCredentials } from '../cloudinary/destroy-asset'
import { signUpload } from '../cloudinary/upload-signature'
import { InvalidInputError } from '../errors'
import { checkedUrl, nameLookupCheck, resolvePublic, systemResolver, type FetchSeams } from './remote-fetch'

/** What Cloudinary answers for a stored asset (research notes, cloudinary-webflow.md section 1.3). */
const uploadAnswerSchema = z.object({
  secure_url: z.string(),
  resource_type: z.enum(['image', 'video', 'raw']),
  format: z.string().optional(),
  bytes: z.number(),
  width: z.number().optional(),
  height: z.number().optional(),
  duration: z.number().optional(),
  original_filename: z.string().optional(),
})
const errorAnswerSchema = z.object({ error: z.object({ message: z.string() }) })

/**
 * Imports with Cloudinary as the media host (decision 0048): the address passes the same checks as for
 * the built-in host (https, a public address for every DNS answer), then a signed upload asks Cloudinary
 * to fetch it (`file=<url>`, into `HIBF_assets`), so the bytes never pass through the function. The
 * create body of its record comes back, from what Cloudinary answered.
 */
export async function importToCloudinary(
  url: string,
  fields: ImportFields,
  options: { credentials: CloudinaryCredentials; timeLimitMs: number; seams?: FetchSeams; now?: Date },
): Promise<RecordCreate> {
  const { credentials } = options
  const checked = checkedUrl(url)
  await resolvePublic(checked, options.seams?.resolve ?? systemResolver, nameLookupCheck(options.seams))
  const signed = signUpload(credentials, options.now)
  const body = new FormData()
  body.append('file', checked.href)
  for (const [name, value] of Object.entries(signed.fields)) body.append(name, value)
  const endpoint = `${credentials.apiBase}/v1_1/${encodeURIComponent(credentials.cloudName)}/auto/upload`
  let response: Response
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(options.timeLimitMs),
    })
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new InvalidInputError(
        `Cloudinary did not fetch the file within ${String(Math.round(options.timeLimitMs / 1000))} seconds, so it was not imported. Download it and upload it instead.`,
      )
    }
    throw error
  }
  const payload: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const said = errorAnswerSchema.safeParse(payload)
    // Cloudinary's 4xx is about the address or the file (not found, too large, not a media type).
    if (response.status >= 400 && response.status < 500 && said.success) {
      throw new InvalidInputError(
        `Cloudinary could not import that address: ${said.data.error.message.slice(0, 300)}`,
      )
    }
    throw new Error(`Cloudinary's import answered ${String(response.status)}`)
  }
  const asset = uploadAnswerSchema.parse(payload)
  const name = asset.original_filename ?? decodeURIComponent(checked.pathname.split('/').pop() ?? '')
  return {
    ...fields,
    title: fields.title?.trim() || titleFromName(name || checked.hostname),
    media_url: asset.secure_url,
    file_size: asset.bytes,
    format: asset.format ?? null,
    width: asset.width ?? null,
    height: asset.height ?? null,
    duration: asset.duration ?? null,
  }
}
