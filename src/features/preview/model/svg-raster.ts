/** Wide enough for the dialog on a high-density screen; the Image CDN never enlarges a smaller image. */
export const SVG_RASTER_WIDTH = 1200

const CLOUDINARY_UPLOAD = /^(https:\/\/res\.cloudinary\.com\/[^/]+\/image\/upload\/)(.+)$/

/**
 * A PNG drawn from an SVG, so the drawing is shown without ever running as a document: a file on this
 * site goes through the Netlify Image CDN (which fetches it without the visitor's cookie, so not behind
 * the access gate), a Cloudinary image through Cloudinary's own conversion. Null when neither can.
 */
export function svgRasterSrc(url: string, { gated }: { gated: boolean }): string | null {
  const width = String(SVG_RASTER_WIDTH)
  if (url.startsWith('/')) {
    return gated ? null : `/.netlify/images?url=${encodeURIComponent(url)}&w=${width}&fm=png`
  }
  const cloudinary = CLOUDINARY_UPLOAD.exec(url)
  if (cloudinary) return `${cloudinary[1] ?? ''}f_png,w_${width},c_limit/${cloudinary[2] ?? ''}`
  return null
}
