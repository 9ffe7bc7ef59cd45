import sharp, { type Sharp, type SharpOptions } from 'sharp'

import type { ImageFormat, ImageSettings } from '../../../src/contract/image-settings'
import { LIMITS } from '../../../src/contract/limits'
import { UnsupportedMediaTypeError } from '../errors'
import { coverCut, cropRegion, deliveredFocalPoint, rotatedSize, type Size } from './image-geometry'
import type { ImageQuery } from './image-query'

/** The formats an answer is encoded in, and their types. */
type OutputFormat = Exclude<ImageFormat, 'auto'>
const CONTENT_TYPES: Record<OutputFormat, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  png: 'image/png',
}

export interface RenderedImage {
  body: Buffer
  contentType: string
  width: number
  height: number
}

export const IMAGE_TOO_LARGE_MESSAGE = `This image is too large to transform (at most ${String(
  LIMITS.imageInputPixels / 1_000_000,
)} megapixels and ${String(LIMITS.imageInputBytes / 1024 / 1024)} MB); open the original file instead.`
export const IMAGE_UNREADABLE_MESSAGE =
  'This file could not be read as an image; open the original file instead.'

/**
 * Every read of the stored bytes: the pixel limit stops a hostile image (a small file that declares a
 * huge canvas) before it is decoded; EXIF orientation is applied, so settings mean what a browser shows;
 * an animation is read as its first frame.
 */
const INPUT: SharpOptions = {
  limitInputPixels: LIMITS.imageInputPixels,
  autoOrient: true,
  failOn: 'error',
  animated: false,
}

/** `fm=auto`: WebP when the browser takes it, else PNG for an image with transparency, else JPEG. */
export function negotiatedFormat(fm: ImageFormat, accept: string | null, hasAlpha: boolean): OutputFormat {
  if (fm !== 'auto') return fm
  if (accept !== null && /\bimage\/webp\b/i.test(accept)) return 'webp'
  return hasAlpha ? 'png' : 'jpg'
}

function encode(image: Sharp, format: OutputFormat): Sharp {
  switch (format) {
    case 'webp':
      return image.webp({ quality: 80 })
    // AVIF is slow to encode; a low effort keeps one answer within a second for a large picture.
    case 'avif':
      return image.avif({ quality: 55, effort: 2 })
    case 'jpg':
      return image.jpeg({ quality: 82, progressive: true })
    case 'png':
      return image.png({ compressionLevel: 8 })
  }
}

function readFailure(error: unknown): Error {
  const message = error instanceof Error ? error.message : ''
  return new UnsupportedMediaTypeError(
    /pixel limit/i.test(message) ? IMAGE_TOO_LARGE_MESSAGE : IMAGE_UNREADABLE_MESSAGE,
  )
}

/**
 * The image with the record's settings applied, sized as the query asks: cropped, turned clockwise,
 * then fitted to `w` and `h` (`cover` cuts around the focal point), encoded as `format`. Metadata
 * (EXIF, GPS) is not carried over. A file sharp cannot read, or one past the pixel limit, is a 415.
 */
export async function renderImage(
  input: Uint8Array,
  settings: ImageSettings,
  query: ImageQuery,
  accept: string | null,
): Promise<RenderedImage> {
  try {
    const metadata = await sharp(input, INPUT).metadata()
    const stored: Size = metadata.autoOrient
    const rotate = settings.rotate ?? 0
    const region = cropRegion(stored, settings.crop)
    const format = negotiatedFormat(query.fm, accept, metadata.hasAlpha)

    // Crop and turn first, into raw pixels, so the sizing below works on the delivered picture.
    let image = sharp(input, INPUT)
    let size: Size = stored
    if (settings.crop || rotate !== 0) {
      const { data, info } = await image
        .extract(region)
        .rotate(rotate)
        .raw()
        .toBuffer({ resolveWithObject: true })
      size = rotatedSize(region, rotate)
      image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    }

    const { w, h, fit } = query
    if (w !== null && h !== null && fit === 'cover') {
      const focal = deliveredFocalPoint(settings.focal_point, settings.crop, rotate)
      const cut = coverCut(size, { width: w, height: h }, focal)
      image = image.resize({ ...cut.scaled, fit: 'fill' }).extract(cut.region)
    } else if (w !== null && h !== null && fit === 'fill') {
      image = image.resize({ width: w, height: h, fit: 'fill' })
    } else if (w !== null || h !== null) {
      image = image.resize({
        ...(w === null ? {} : { width: w }),
        ...(h === null ? {} : { height: h }),
        fit: 'inside',
        withoutEnlargement: true,
      })
    }
    const { data, info } = await encode(image, format).toBuffer({ resolveWithObject: true })
    return { body: data, contentType: CONTENT_TYPES[format], width: info.width, height: info.height }
  } catch (error) {
    throw readFailure(error)
  }
}
