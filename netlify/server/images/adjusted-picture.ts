import type { ImageSettings } from '../../../src/contract/image-settings'
import { renderImage } from './image-render'
import type { ImageQuery } from './image-query'

/** A picture with a record's crop and rotation applied, ready to be stored elsewhere as a file. */
export interface AdjustedPicture {
  bytes: Uint8Array
  /** `image/jpeg`, or `image/png` for a picture with transparency. */
  contentType: string
  /** The file name extension of that type, without the dot. */
  extension: 'jpg' | 'png'
  width: number
  height: number
}

/** The whole picture at its own size: `fm=auto` for a reader that takes no WebP. */
const FULL_SIZE: ImageQuery = { w: null, h: null, fit: 'contain', fm: 'auto', v: null }

/**
 * The stored image with its crop and rotation applied, at its own size, as `GET /api/image/{id}`
 * answers it without `w` and `h` to a reader that takes only JPEG and PNG (the Webflow mirror's asset).
 * Needs sharp: only functions whose bundle carries it (netlify.toml) may import this module.
 */
export async function adjustedPicture(bytes: Uint8Array, settings: ImageSettings): Promise<AdjustedPicture> {
  const image = await renderImage(bytes, settings, FULL_SIZE, null)
  return {
    bytes: image.body,
    contentType: image.contentType,
    extension: image.contentType === 'image/png' ? 'png' : 'jpg',
    width: image.width,
    height: image.height,
  }
}
