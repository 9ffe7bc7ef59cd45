import {
  CARD_PICTURE_WIDTHS,
  cardPicturePurpose,
  fileLinkPath,
  imageCdnThumbnail,
  THUMBNAIL_SIZE,
} from '../../../contract/access'
import { isPdf } from '../../../contract/file-types'
import { deliversWithSettings, imageUrl } from '../../../contract/image-settings'
import type { MediaRecord } from '../../../contract/record'
import { safeUrl } from '../../../lib/safe-url'

export { THUMBNAIL_SIZE } from '../../../contract/access'

/** What the pictures are drawn from: the file, and its delivery settings when the record has any. */
type PictureRecord = Pick<MediaRecord, 'file_type' | 'media_url' | 'thumbnail'> &
  Partial<Pick<MediaRecord, 'id' | 'focal_point' | 'crop' | 'rotate' | 'deleted_at'>>

/**
 * A record whose picture is drawn by `/api/image` (decision 0047): an image with a crop, rotation or
 * focal point, on this site or Cloudinary. Same-site, so the sign-in cookie goes with it behind the gate.
 */
function withSettings(record: PictureRecord): (PictureRecord & { id: number }) | null {
  const { id } = record
  return id !== undefined && deliversWithSettings({ ...record, id }) ? { ...record, id } : null
}

interface ThumbnailOptions {
  /**
   * The server's access gate is closed: the Image CDN fetches its source without the visitor's cookie,
   * so images of the built-in host go through `/api/file-link/...`, which redirects to the CDN with a
   * signed link to the file.
   */
  gated?: boolean
}

/**
 * The image a card shows, or null for a placeholder icon. Images on this site go through the Netlify
 * Image CDN; images elsewhere use the stored thumbnail, else the file itself; PDFs and videos use the
 * thumbnail rendered at upload when there is one; everything else gets an icon.
 */
export function thumbnailSrc(record: PictureRecord, { gated = false }: ThumbnailOptions = {}): string | null {
  const adjusted = withSettings(record)
  if (adjusted) return imageUrl(adjusted, { w: THUMBNAIL_SIZE, h: THUMBNAIL_SIZE, fit: 'cover' })
  const mime = record.file_type
  if (mime.startsWith('image/')) {
    const url = safeUrl(record.media_url)
    if (url?.startsWith('/'))
      return (gated ? fileLinkPath(url, 'thumbnail') : null) ?? imageCdnThumbnail(url, mime)
    return safeUrl(record.thumbnail) ?? url
  }
  if (isPdf(mime) || mime.startsWith('video/')) return safeUrl(record.thumbnail)
  return null
}

/**
 * The card's picture at each of its widths, for `srcset`: only for images on this site, which the Image
 * CDN can draw at any size (through a signed file link when the gate is closed); null for the rest, which
 * keep their one picture.
 */
export function cardPictureSrcSet(
  record: PictureRecord,
  { gated = false }: ThumbnailOptions = {},
): string | null {
  const adjusted = withSettings(record)
  if (adjusted) {
    return CARD_PICTURE_WIDTHS.map(
      (width) => `${imageUrl(adjusted, { w: width, h: (width * 3) / 4, fit: 'cover' })} ${String(width)}w`,
    ).join(', ')
  }
  const mime = record.file_type
  const url = mime.startsWith('image/') ? safeUrl(record.media_url) : null
  if (!url?.startsWith('/')) return null
  const candidates = CARD_PICTURE_WIDTHS.map((width) => {
    const src =
      (gated ? fileLinkPath(url, cardPicturePurpose(width)) : null) ?? imageCdnThumbnail(url, mime, width)
    return `${src} ${String(width)}w`
  })
  return candidates.join(', ')
}
