import { imageUrl } from '../../../src/contract/image-settings'
import type { MediaRecord } from '../../../src/contract/record'
import { cloudinaryAssetOf } from '../cloudinary/cloudinary-url'
import { fileIdsInUrl } from '../files/file-references'
import { currentAccessGate } from '../http/access-gate'
import { cloudinaryImageUrl } from '../images/cloudinary-image'
import { isAdjusted, settingsOf } from './adjusted-image'
import type { ItemSource } from './field-mapping'
import { fitsAssetLimits } from './webflow-assets'

/**
 * What an item is made of: the record, the URL it links to (behind the access gate, the asset's public
 * one, since the public site cannot open the file's own), and the asset when its public URL is known;
 * with the reason the gated item has no URL, if it has none.
 */
export function itemSource(
  record: MediaRecord,
  siteUrl: string,
  gated: boolean,
  asset: { id: string | undefined; hostedUrl: string | null },
): { source: ItemSource; note?: string } {
  const { id, hostedUrl } = asset
  const source: ItemSource = {
    record,
    mediaUrl: gated ? (hostedUrl ?? '') : itemMediaUrl(record, siteUrl),
    asset: id && hostedUrl ? { fileId: id, url: hostedUrl } : null,
  }
  return gated && !hostedUrl ? { source, note: noPublicUrlReason(record, id) } : { source }
}

/** Why an item behind the access gate has no `media-url`: Webflow has no public copy of the file. */
function noPublicUrlReason(record: MediaRecord, assetId: string | undefined): string {
  const why = assetId
    ? 'Webflow gave no public URL for its asset'
    : fitsAssetLimits(record)
      ? 'it could not be copied to Webflow as an asset'
      : 'Webflow takes as assets only images up to 4 MB and documents up to 10 MB'
  return `No public URL: the access gate keeps the file private, and ${why}`
}

/**
 * The URL an item links to: the file's, or for a cropped or turned image, the image as delivered
 * (Cloudinary's own URL for its transformations, else `GET /api/image/{id}` at the current version).
 */
function itemMediaUrl(record: MediaRecord, siteUrl: string): string {
  if (!isAdjusted(record)) return absoluteUrl(record.media_url, siteUrl)
  const asset = cloudinaryAssetOf(record.media_url)
  if (asset?.resourceType === 'image') {
    const size = record.width && record.height ? { width: record.width, height: record.height } : null
    const query = { w: null, h: null, fit: 'contain', fm: 'auto', v: null } as const
    return cloudinaryImageUrl(asset, settingsOf(record), query, size)
  }
  return absoluteUrl(imageUrl(record), siteUrl)
}

/** Behind the access gate the public site cannot open a built-in file's URL: its item needs the asset's. */
export function isGatedFile(record: MediaRecord): boolean {
  return fileIdsInUrl(record.media_url).length > 0 && currentAccessGate().kind !== 'open'
}

/**
 * The address the record's item links to, as a sync writes it now; null for a built-in file behind the
 * access gate, whose item links to its asset on Webflow (an address the record does not keep).
 */
export function itemLinkOf(record: MediaRecord, siteUrl: string): string | null {
  return isGatedFile(record) ? null : itemMediaUrl(record, siteUrl)
}

function absoluteUrl(url: string, siteUrl: string): string {
  return new URL(url, siteUrl).toString()
}
