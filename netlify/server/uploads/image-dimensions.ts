import type { IImage } from 'image-size/types/interface'
import { BMP } from 'image-size/types/bmp'
import { GIF } from 'image-size/types/gif'
import { HEIF } from 'image-size/types/heif'
import { JPG } from 'image-size/types/jpg'
import { PNG } from 'image-size/types/png'
import { SVG } from 'image-size/types/svg'
import { WEBP } from 'image-size/types/webp'

/**
 * The formats read, each `image-size`'s own reader (imported one by one, so the functions carry these
 * and not its twenty others): the image types the built-in host serves, and SVG.
 */
const READERS: readonly IImage[] = [PNG, JPG, GIF, WEBP, HEIF, BMP, SVG]

/**
 * How much of a file's start is read for its dimensions: every format's header sits within it, a JPEG's
 * frame header too behind EXIF data of up to 64 KB (one APP1 segment's most). The upload's first chunk
 * holds it, or the whole file when smaller; nothing past it is read.
 */
export const DIMENSION_WINDOW_BYTES = 64 * 1024

/** The most pixels along a side a record may hold (`dimensionSchema` in src/contract/record.ts). */
const MAX_SIDE = 1_000_000

export interface ImageDimensions {
  width: number
  height: number
}

/**
 * The width and height an image is shown at, read from its header within the first
 * `DIMENSION_WINDOW_BYTES`: PNG, JPEG, GIF, WebP, AVIF and HEIF, BMP, and SVG's width and height or
 * viewBox. A JPEG whose EXIF orientation turns it a quarter (5 to 8) has
 * its sides swapped, as a browser shows it. Null when the header cannot be read within the window, or
 * gives a side outside 1 to 1,000,000.
 */
export function imageDimensions(bytes: Uint8Array): ImageDimensions | null {
  const window = bytes.subarray(0, DIMENSION_WINDOW_BYTES)
  let size: ReturnType<IImage['calculate']> | undefined
  try {
    size = READERS.find((reader) => reader.validate(window))?.calculate(window)
  } catch {
    // Not an image it knows, or a header cut off by the window.
    return null
  }
  if (!size) return null
  const { width, height, orientation } = size
  if (!isSide(width) || !isSide(height)) return null
  const turned = orientation !== undefined && orientation >= 5 && orientation <= 8
  return turned ? { width: height, height: width } : { width, height }
}

function isSide(value: number | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 && value <= MAX_SIDE
}
