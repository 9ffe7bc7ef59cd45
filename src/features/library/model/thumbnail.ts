import { isPdf } from '../../../contract/file-types'
import type { MediaRecord } from '../../../contract/record'
import { safeUrl } from '../../../lib/safe-url'

/** Spec section 9: thumbnails are 150x150 with a filled crop. */
export const THUMBNAIL_SIZE = 150

/**
 * The image a card shows, or null for a placeholder icon. Images on this site go through the Netlify
 * Image CDN; images elsewhere use the stored thumbnail, else the file itself; PDFs and videos use the
 * thumbnail rendered at upload when there is one; everything else gets an icon.
 */
export function thumbnailSrc(
  record: Pick<MediaRecord, 'file_type' | 'media_url' | 'thumbnail'>,
): string | null {
  const mime = record.file_type
  if (mime.startsWith('image/')) {
    const url = safeUrl(record.media_url)
    if (url?.startsWith('/')) {
      const size = String(THUMBNAIL_SIZE)
      return `/.netlify/images?url=${encodeURIComponent(url)}&w=${size}&h=${size}&fit=cover`
    }
    return safeUrl(record.thumbnail) ?? url
  }
  if (isPdf(mime) || mime.startsWith('video/')) return safeUrl(record.thumbnail)
  return null
}
