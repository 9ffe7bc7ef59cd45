import { createHash } from 'node:crypto'

import * as z from 'zod'

import { LIMITS } from '../../../src/contract/limits'
import type { MediaRecord } from '../../../src/contract/record'
import { cleanFileName } from '../uploads/file-names'
import { WebflowError, type WebflowApi } from './webflow-api'

/** Webflow's asset limits: images up to 4 MB, documents up to 10 MB; other files are not assets. */
const IMAGE_LIMIT = 4 * 1024 * 1024
const DOCUMENT_LIMIT = 10 * 1024 * 1024

const createAssetResponseSchema = z.object({
  id: z.string().max(LIMITS.webflowIdChars),
  uploadUrl: z.string(),
  uploadDetails: z.record(z.string(), z.string()),
  hostedUrl: z.string().optional(),
})

/** The asset as `GET`/`PATCH /v2/assets/{id}` answer it: `hostedUrl` is where Webflow serves it publicly. */
const assetResponseSchema = z.object({
  id: z.string().max(LIMITS.webflowIdChars),
  hostedUrl: z.string().optional(),
  altText: z.string().nullish(),
})

/**
 * An asset on Webflow: its id, the public URL Webflow serves it at, when Webflow gave one, and its alt
 * text (null when it has none or Webflow did not say).
 */
export interface WebflowAsset {
  id: string
  hostedUrl: string | null
  altText: string | null
}

/** The most alt text Webflow keeps on an asset. */
const ASSET_ALT_CHARS = 250

/** The alt text a record's asset carries: its own alt text, else its description, else its title. */
export function assetAltText(record: Pick<MediaRecord, 'title' | 'description' | 'alt_text'>): string {
  return (record.alt_text || record.description || record.title).slice(0, ASSET_ALT_CHARS)
}

/** An https URL, or null: only such a URL is written into an item for the public site. */
function publicUrlOf(url: string | undefined): string | null {
  if (!url) return null
  try {
    return new URL(url).protocol === 'https:' ? url : null
  } catch {
    return null
  }
}

function assetOf(answer: z.infer<typeof assetResponseSchema>): WebflowAsset {
  return { id: answer.id, hostedUrl: publicUrlOf(answer.hostedUrl), altText: answer.altText ?? null }
}

/** An asset already on Webflow, or null when Webflow no longer has it (404). */
export async function hostedAsset(api: WebflowApi, assetId: string): Promise<WebflowAsset | null> {
  try {
    return assetOf(
      assetResponseSchema.parse(await api.request('GET', `assets/${encodeURIComponent(assetId)}`)),
    )
  } catch (error) {
    if (error instanceof WebflowError && error.status === 404) return null
    throw error
  }
}

/** Whether a record's file fits Webflow's asset limits, and so is worth mirroring as an asset. */
export function fitsAssetLimits(record: Pick<MediaRecord, 'file_type' | 'file_size'>): boolean {
  const limit = assetLimit(record.file_type)
  return limit !== null && record.file_size <= limit
}

/** The largest asset Webflow takes of this type, or null when it takes none. */
export function assetLimit(type: string): number | null {
  if (type.startsWith('image/')) return IMAGE_LIMIT
  const isDocument =
    type === 'application/pdf' ||
    type.startsWith('text/') ||
    type.includes('officedocument') ||
    type.includes('msword') ||
    type.includes('ms-excel') ||
    type.includes('ms-powerpoint')
  return isDocument ? DOCUMENT_LIMIT : null
}

/**
 * Webflow's three-step asset upload (DESIGN section 7): register `fileName` and the MD5 `fileHash`, post
 * the bytes to the presigned S3 form (every `uploadDetails` field by its raw name, then `file` last),
 * then set the display name and alt text (`assetAltText`). Returns the asset with its public
 * `hostedUrl`.
 */
export async function uploadAsset(
  api: WebflowApi,
  record: Pick<MediaRecord, 'title' | 'description' | 'alt_text' | 'file_type' | 'media_url'>,
  bytes: Uint8Array,
  fileName: string,
  fetchImpl: typeof fetch = fetch,
): Promise<WebflowAsset> {
  const name = webflowFileName(fileName)
  const created = createAssetResponseSchema.parse(
    await api.request('POST', `sites/${encodeURIComponent(api.config.siteId)}/assets`, {
      fileName: name,
      fileHash: createHash('md5').update(bytes).digest('hex'),
    }),
  )
  const form = new FormData()
  for (const [field, value] of Object.entries(created.uploadDetails)) form.append(field, value)
  form.append('file', new Blob([new Uint8Array(bytes)], { type: record.file_type }), name)
  const upload = await fetchImpl(created.uploadUrl, { method: 'POST', body: form })
  if (upload.status !== 201 && !upload.ok) {
    throw new Error(`The asset upload to Webflow's storage failed with status ${String(upload.status)}`)
  }
  const altText = assetAltText(record)
  const patched = assetResponseSchema.safeParse(
    await api.request('PATCH', `assets/${encodeURIComponent(created.id)}`, { displayName: name, altText }),
  )
  const hostedUrl = (patched.success ? patched.data.hostedUrl : undefined) ?? created.hostedUrl
  return { id: created.id, hostedUrl: publicUrlOf(hostedUrl), altText }
}

/**
 * Brings an asset already on Webflow to the record's alt text (`PATCH /v2/assets/{id}` with `altText`
 * alone, so its display name stays), when what it carries differs: a later edit of the record's alt
 * text, description or title then reaches the asset, not only the item's Image field. True when the
 * asset was changed.
 */
export async function keepAssetAltText(
  api: WebflowApi,
  asset: WebflowAsset,
  record: Pick<MediaRecord, 'title' | 'description' | 'alt_text'>,
): Promise<boolean> {
  const altText = assetAltText(record)
  if (asset.altText === altText) return false
  await api.request('PATCH', `assets/${encodeURIComponent(asset.id)}`, { altText })
  return true
}

/** Webflow wants a name under 100 characters that keeps its extension. */
function webflowFileName(raw: string): string {
  const name = cleanFileName(raw)
  if (name.length < 100) return name
  const dot = name.lastIndexOf('.')
  // Anything after the last dot longer than a real extension is just part of the name.
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : ''
  return name.slice(0, 99 - extension.length) + extension
}
