import { createHash } from 'node:crypto'

import { MEDIA_HOST_FOLDER } from '../../../src/contract/uploads'

export type CloudinaryResourceType = 'image' | 'video' | 'raw'

/** A Cloudinary asset as its delivery URL names it. */
export interface CloudinaryAsset {
  cloudName: string
  resourceType: CloudinaryResourceType
  publicId: string
}

/**
 * `https://res.cloudinary.com/{cloud}/{resource_type}/upload/[v{version}/]{public_id}[.{format}]`, the
 * `secure_url` an upload answers. A URL with transformations is not an original and names no asset
 * here. Image and video public ids leave out the format; a raw file's keeps its extension.
 */
const DELIVERY_PATH = /^\/([^/]+)\/(image|video|raw)\/upload\/(?:v\d+\/)?(.+)$/

/** The asset a Cloudinary delivery URL names, or null when the URL is not one. */
export function cloudinaryAssetOf(mediaUrl: string): CloudinaryAsset | null {
  let url: URL
  try {
    url = new URL(mediaUrl)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' || url.hostname !== 'res.cloudinary.com' || url.search || url.hash)
    return null
  const match = DELIVERY_PATH.exec(url.pathname)
  if (!match) return null
  const [, cloud = '', type = '', path = ''] = match
  let segments: string[]
  try {
    segments = path.split('/').map(decodeURIComponent)
  } catch {
    return null
  }
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return null
  const resourceType = type as CloudinaryResourceType
  if (resourceType !== 'raw') {
    const last = segments.length - 1
    const name = segments[last] ?? ''
    const dot = name.lastIndexOf('.')
    if (dot > 0) segments[last] = name.slice(0, dot)
  }
  return { cloudName: decodeURIComponent(cloud), resourceType, publicId: segments.join('/') }
}

/**
 * The asset at `mediaUrl` when it is on this site's own Cloudinary account (`cloudName`, the configured
 * one), else null: another account's asset, or any other address, is one this site neither serves nor
 * vouches for, so nothing sends a visitor there (decision 0063). The one rule every redirect to
 * Cloudinary follows.
 */
export function ownCloudinaryAsset(mediaUrl: string, cloudName: string | null): CloudinaryAsset | null {
  const asset = cloudinaryAssetOf(mediaUrl)
  return asset && cloudName !== null && asset.cloudName === cloudName ? asset : null
}

/** Only assets this app uploaded (spec section 7: the folder `HIBF_assets`) may ever be destroyed. */
export function isAppAsset(publicId: string): boolean {
  return publicId.startsWith(`${MEDIA_HOST_FOLDER}/`) && publicId.length > MEDIA_HOST_FOLDER.length + 1
}

/**
 * The name a release mark (`files/release-marks.ts`) gives an asset: one path segment, the same for
 * every URL of the asset, whatever its version.
 */
export function assetReleaseId({ cloudName, publicId }: CloudinaryAsset): string {
  const digest = createHash('sha256').update(`${cloudName}\n${publicId}`).digest('base64url')
  return `cloudinary-${digest.slice(0, 32)}`
}
