import { isOffice, isPdf, isText } from '../../../contract/file-types'

/** Spec section 2's preview rules, by MIME type; anything else has no preview. */
export type PreviewKind = 'image' | 'video' | 'pdf' | 'office' | 'text' | 'none'

export function previewKind(mime: string): PreviewKind {
  if (mime.startsWith('image/')) return 'image'
  if (mime.startsWith('video/')) return 'video'
  if (isPdf(mime)) return 'pdf'
  if (isOffice(mime)) return 'office'
  if (isText(mime)) return 'text'
  return 'none'
}

// Shared with the server, which sends the viewer signed links behind the access gate.
export { officeViewerUrl } from '../../../contract/access'
