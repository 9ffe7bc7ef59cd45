import type { MediaHostResult } from '../../../contract/uploads'

/** Spec section 9: 150x150 with a filled crop; parameters in the SDK's alphabetical order (research 2). */
const FILL = 'c_fill,h_150,w_150'
const PDF_FIRST_PAGE = 'c_fill,h_150,pg_1,w_150'
const VIDEO_FIRST_FRAME = 'c_fill,h_150,so_0,w_150'

/** Inserts a transformation after `/upload/` and, when asked, swaps the extension for `.jpg`. */
function transform(secureUrl: string, transformation: string, asJpeg: boolean): string | null {
  const url = new URL(secureUrl)
  const marker = '/upload/'
  const at = url.pathname.indexOf(marker)
  if (at < 0) return null
  const head = url.pathname.slice(0, at + marker.length)
  let tail = url.pathname.slice(at + marker.length)
  if (asJpeg) {
    const slash = tail.lastIndexOf('/')
    const dot = tail.lastIndexOf('.')
    tail = `${dot > slash ? tail.slice(0, dot) : tail}.jpg`
  }
  url.pathname = `${head}${transformation}/${tail}`
  return url.toString()
}

/**
 * The thumbnail of a Cloudinary file as a transformation URL: images filled to 150x150, a PDF's first page
 * and a video's first frame as JPEG; audio and raw files have none (the screen shows an icon).
 */
export function cloudinaryThumbnailUrl(result: MediaHostResult, mime: string): string | null {
  try {
    if (result.resource_type === 'image') {
      return result.format === 'pdf'
        ? transform(result.secure_url, PDF_FIRST_PAGE, true)
        : transform(result.secure_url, FILL, false)
    }
    // Cloudinary stores audio as `video`; it has no frame to show.
    if (result.resource_type === 'video' && !mime.startsWith('audio/') && result.width !== null) {
      return transform(result.secure_url, VIDEO_FIRST_FRAME, true)
    }
    return null
  } catch {
    return null
  }
}
