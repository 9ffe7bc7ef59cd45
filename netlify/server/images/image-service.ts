import { fileTypeLabel } from '../../../src/contract/file-types'
import { imageVersion, isTransformableImage, type ImageSettings } from '../../../src/contract/image-settings'
import { LIMITS } from '../../../src/contract/limits'
import type { MediaRecord } from '../../../src/contract/record'
import { cloudinaryAssetOf } from '../cloudinary/cloudinary-url'
import { NotFoundError, UnsupportedMediaTypeError } from '../errors'
import { FILE_CACHE_TAG_HEADER, fileCacheTag } from '../files/file-cache'
import { fileIdsInUrl } from '../files/file-references'
import { readLiveRecord } from '../records/record-shards'
import { forgetManifest, readManifest, type MediaHostStores } from '../uploads/upload-service'
import { cloudinaryImageUrl } from './cloudinary-image'
import { parseImageQuery, type ImageQuery } from './image-query'
import { IMAGE_TOO_LARGE_MESSAGE, renderImage } from './image-render'

/** An answer to the version the record has now: its URL changes with any change, so it is kept for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
const CDN_IMMUTABLE = 'public, durable, max-age=31536000, immutable'
/** Without the current version the answer may change under the same URL: revalidated on every use. */
const REVALIDATE = 'public, max-age=0, must-revalidate'

function settingsOf(record: MediaRecord): ImageSettings {
  return { focal_point: record.focal_point, crop: record.crop, rotate: record.rotate }
}

/** The caching headers: immutable on the CDN and in browsers only for the current version. */
function cacheHeaders(current: boolean, negotiated: boolean): Record<string, string> {
  return {
    'Cache-Control': current ? IMMUTABLE : REVALIDATE,
    ...(current ? { 'Netlify-CDN-Cache-Control': CDN_IMMUTABLE } : {}),
    // `fm=auto` answers WebP or not by the browser's Accept.
    ...(negotiated ? { Vary: 'Accept', 'Netlify-Vary': 'header=Accept' } : {}),
  }
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
 * `GET /api/image/{id}?w=&h=&fit=&fm=&v=` (decision 0047): the record's image with its crop, rotation
 * and focal point applied. A built-in file is read from storage and transformed here; a Cloudinary
 * image is a redirect to Cloudinary's URL for the same transformations. `v` equal to the record's
 * `imageVersion` makes the answer immutable; any other is answered the same, revalidated on each use.
 */
export async function imageResponse(
  stores: MediaHostStores,
  id: number,
  request: Request,
): Promise<Response> {
  const query: ImageQuery = parseImageQuery(new URL(request.url).searchParams)
  const record = await imageRecord(stores, id)
  const settings = settingsOf(record)
  const version = imageVersion(record)
  const current = query.v === version
  const accept = request.headers.get('accept')

  const asset = cloudinaryAssetOf(record.media_url)
  if (asset?.resourceType === 'image') {
    const size = record.width && record.height ? { width: record.width, height: record.height } : null
    return new Response(null, {
      status: 302,
      headers: {
        Location: cloudinaryImageUrl(asset, settings, query, size),
        ...cacheHeaders(current, false),
      },
    })
  }

  const [fileId] = record.media_url.startsWith('/') ? fileIdsInUrl(record.media_url) : []
  if (fileId === undefined) {
    throw new UnsupportedMediaTypeError(
      `File ${String(id)} is on another host: only images stored here or on Cloudinary can be delivered with a crop, rotation or size. Open the original file instead.`,
    )
  }
  const negotiated = query.fm === 'auto'
  const acceptsWebp = negotiated && accept !== null && /\bimage\/webp\b/i.test(accept)
  const etag = `"${[version, query.w ?? '', query.h ?? '', query.fit, query.fm, acceptsWebp ? 'webp' : ''].join('-')}"`
  const headers = {
    ...cacheHeaders(current, negotiated),
    ETag: etag,
    [FILE_CACHE_TAG_HEADER]: fileCacheTag(fileId),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'",
    // Copied <img> tags show the picture on other sites.
    'Cross-Origin-Resource-Policy': 'cross-origin',
  }
  if (matchesEtag(request.headers.get('if-none-match'), etag))
    return new Response(null, { status: 304, headers })

  const image = await renderImage(await storedBytes(stores, fileId), settings, query, accept)
  return new Response(new Uint8Array(image.body), {
    status: 200,
    headers: { ...headers, 'Content-Type': image.contentType, 'Content-Length': String(image.body.length) },
  })
}
