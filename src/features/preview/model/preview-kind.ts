import { isOffice, isPdf, isText } from '../../../contract/file-types'

/** How the Details dialog shows a file, by MIME type; anything else has no preview. */
export type PreviewKind = 'image' | 'svg' | 'video' | 'audio' | 'pdf' | 'office' | 'text' | 'archive' | 'none'

/** ZIP archives list their contents from their central directory; other archive formats have none to read. */
const ZIP_MIMES = new Set(['application/zip', 'application/x-zip-compressed'])

export function previewKind(mime: string): PreviewKind {
  // SVG is active content: it is served as a download and shown only as a raster copy.
  if (mime === 'image/svg+xml') return 'svg'
  if (mime.startsWith('image/')) return 'image'
  if (mime.startsWith('video/')) return 'video'
  if (mime.startsWith('audio/')) return 'audio'
  if (isPdf(mime)) return 'pdf'
  if (isOffice(mime)) return 'office'
  if (isText(mime)) return 'text'
  if (ZIP_MIMES.has(mime)) return 'archive'
  return 'none'
}

// Shared with the server, which sends the viewer signed links behind the access gate.
export { officeViewerUrl } from '../../../contract/access'
