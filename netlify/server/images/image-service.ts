import { fileTypeLabel } from '../../../src/contract/type-labels'
import { imageUrl, isTransformableImage, type ImageSettings } from '../../../src/contract/image-settings'
import { BYTE_BUDGETS, LIMITS } from '../../../src/contract/limits'
import type { MediaRecord } from '../../../src/contract/record'
import { ownCloudinaryAsset } from '../cloudinary/cloudinary-url'
import { NotFoundError, UnsupportedMediaTypeError } from '../errors'
import { FILE_CACHE_TAG_HEADER, fileCacheTag } from '../files/file-cache'
import { fileIdsInUrl } from '../files/file-references'
import { readLiveRecord } from '../records/record-shards'
import { forgetManifest, readManifest, type MediaHostStores } from '../uploads/upload-service'
import { cloudinaryImageUrl } from './cloudinary-image'
import { parseImageQuery, requestOf, type ImageQuery } from './image-query'
import { IMAGE_TOO_LARGE_MESSAGE, planRender, renderPlanned } from './image-render'
import { clientAddress, spendRenderBudget } from './render-budget'

/**
 * Only the current version of a rendition is rendered, so every answer is kept for good: in browsers and
 * in the CDN's durable cache, whose key covers exactly the query's parameters (and `Accept` where
 * `fm=auto` answers by it), so no other parameter makes a second copy.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable'
const CDN_IMMUTABLE = 'public, durable, max-age=31536000, immutable'
const CDN_KEY = 'query=w|h|fit|fm|v'

/** Answers larger than a buffered answer may be are streamed; Netlify carries up to 20 MB that way. */
const STREAMED_ANSWER_BYTES = 18_000_000

function settingsOf(record: MediaRecord): ImageSettings {
  return { focal_point: record.focal_point, crop: record.crop, rotate: record.rotate }
}

function cacheHeaders(negotiated: boolean): Record<string, string> {
  return {
    'Cache-Control': IMMUTABLE,
    'Netlify-CDN-Cache-Control': CDN_IMMUTABLE,
    // `fm=auto` answers WebP or not by the browser's Accept.
    ...(negotiated
      ? { Vary: 'Accept', 'Netlify-Vary': `${CDN_KEY},header=Accept` }
      : { 'Netlify-Vary': CDN_KEY }),
  }
}

/** A body the size of `bytes`: buffered when it fits a buffered answer, else streamed. */
function answerBody(bytes: Buffer): BodyInit {
  if (bytes.length <= BYTE_BUDGETS.bufferedAnswerBytes) return new Uint8Array(bytes)
  if (bytes.length > STREAMED_ANSWER_BYTES) throw new UnsupportedMediaTypeError(IMAGE_TOO_LARGE_MESSAGE)
  return new Blob([new Uint8Array(bytes)]).stream()
}

function matchesEtag(header: string | null, etag: string): boolean {
  return header !== null && header.split(',').some((tag) => [etag, `W/${etag}`, '*'].includes(tag.trim()))
}

/** The record's image, or a 404 for none (or one in the trash), a 415 for a file that is not one. */
async function imageRecord(stores: MediaHostStores, id: number): Promise<MediaRecord> {
  const record = await readLiveRecord(stores.documents, id)
  if (!record) throw new NotFoundError(`File ${String(id)} not found`)
  if (!isTransformableImage(record.file_type)) {
    throw new UnsupportedMediaTypeError(
      `File ${String(id)} (${fileTypeLabel(record.file_type)}) cannot be delivered with a crop, rotation or size: only JPEG, PNG, GIF, WebP, AVIF and TIFF images can. Open the original file instead.`,
    )
  }
  return record
}

async function storedBytes(stores: MediaHostStores, fileId: string): Promise<Uint8Array> {
  const manifest = await readManifest(stores.documents, fileId)
  if (!manifest) throw new NotFoundError('File not found')
  if (manifest.size > LIMITS.imageInputBytes) throw new UnsupportedMediaTypeError(IMAGE_TOO_LARGE_MESSAGE)
  const bytes = new Uint8Array(manifest.size)
  for (const chunk of manifest.chunks) {
    const data = await stores.bytes.get(chunk.key)
    if (!data) {
      // Deleted since this instance cached its manifest.
      forgetManifest(manifest.id)
      throw new NotFoundError('File not found')
    }
    bytes.set(data.subarray(0, chunk.size), chunk.start)
  }
  return bytes
}

/**
 * The one URL of the rendition the request asks for, at the version the record has now: a request
 * written any other way (a stale or missing `v`, a default spelled out, another order) is sent there
 * rather than rendered again.
 */
function currentLocation(record: MediaRecord, query: ImageQuery, request: Request): string | null {
  const url = new URL(request.url)
  const current = imageUrl(record, requestOf(query))
  return `${url.pathname}${url.search}` === current ? null : current
}

/**
 * Refuses a record stored where this route neither renders nor redirects: on another host, or on a
 * Cloudinary account other than the configured one (the rule share links follow too, decision 0063).
 */
function notDelivered(id: number): UnsupportedMediaTypeError {
  return new UnsupportedMediaTypeError(
    `File ${String(id)} is stored at an address this site does not serve or vouch for: only images stored here or on this site's Cloudinary account can be delivered with a crop, rotation or size. Open the original file instead.`,
  )
}

/**
 * `GET /api/image/{id}?w=&h=&fit=&fm=&v=` (decisions 0047, 0070): the record's image with its crop,
 * rotation and focal point applied, at one of the renditions the app builds. A built-in file is read
 * from storage and transformed here, within the address's render budget; an image on the configured
 * Cloudinary account (`cloudName`) is a redirect to Cloudinary's URL for the same transformations.
 */
export async function imageResponse(
  stores: MediaHostStores,
  id: number,
  request: Request,
  cloudName: string | null,
  extraParameters: readonly string[] = [],
): Promise<Response> {
  const query: ImageQuery = parseImageQuery(new URL(request.url).searchParams, extraParameters)
  const record = await imageRecord(stores, id)
  const location = currentLocation(record, query, request)
  if (location !== null) {
    return new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } })
  }
  const settings = settingsOf(record)
  const accept = request.headers.get('accept')

  const asset = ownCloudinaryAsset(record.media_url, cloudName)
  if (asset?.resourceType === 'image') {
    const size = record.width && record.height ? { width: record.width, height: record.height } : null
    return new Response(null, {
      status: 302,
      headers: { Location: cloudinaryImageUrl(asset, settings, query, size), ...cacheHeaders(false) },
    })
  }

  const [fileId] = record.media_url.startsWith('/') ? fileIdsInUrl(record.media_url) : []
  if (fileId === undefined) throw notDelivered(id)
  const negotiated = query.fm === 'auto'
  const acceptsWebp = negotiated && accept !== null && /\bimage\/webp\b/i.test(accept)
  const etag = `"${[query.v, query.w ?? '', query.h ?? '', query.fit, query.fm, acceptsWebp ? 'webp' : ''].join('-')}"`
  const headers = {
    ...cacheHeaders(negotiated),
    ETag: etag,
    [FILE_CACHE_TAG_HEADER]: fileCacheTag(fileId),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'",
    // Copied <img> tags show the picture on other sites.
    'Cross-Origin-Resource-Policy': 'cross-origin',
  }
  if (matchesEtag(request.headers.get('if-none-match'), etag))
    return new Response(null, { status: 304, headers })

  const plan = await planRender(await storedBytes(stores, fileId), settings, query)
  await spendRenderBudget(stores.documents, clientAddress(request), plan.megapixels)
  const image = await renderPlanned(plan, query.fm, accept)
  return new Response(answerBody(image.body), {
    status: 200,
    headers: { ...headers, 'Content-Type': image.contentType, 'Content-Length': String(image.body.length) },
  })
}
