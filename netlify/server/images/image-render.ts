import sharp, { type Sharp, type SharpOptions } from 'sharp'

import { containedSize, type ImageFormat } from '../../../src/contract/image-renditions'
import type { ImageSettings } from '../../../src/contract/image-settings'
import { LIMITS } from '../../../src/contract/limits'
import { UnsupportedMediaTypeError } from '../errors'
import {
  coverCut,
  cropRegion,
  deliveredFocalPoint,
  rotatedSize,
  type Region,
  type Size,
} from './image-geometry'
import type { ImageQuery } from './image-query'
import { rasterFormatOf, SHARP_FORMATS } from './image-signature'

/** The formats an answer is encoded in (PNG only for `fm=auto`, for transparency), and their types. */
type OutputFormat = Exclude<ImageFormat, 'auto'> | 'png'
const CONTENT_TYPES: Record<OutputFormat, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  png: 'image/png',
}

/**
 * Each encoder at a bounded effort: the worst picture the route accepts (4 megapixels of noise, decoded
 * from 50 of them) is encoded within the time budget on one core (decision 0070,
 * tests/bench/image.bench.ts). AVIF's effort is its lowest and WebP's 2 of 6: at their defaults the same
 * picture took three to six times as long.
 */
const ENCODERS: Record<OutputFormat, (image: Sharp) => Sharp> = {
  webp: (image) => image.webp({ quality: 80, effort: 2 }),
  avif: (image) => image.avif({ quality: 55, effort: 0 }),
  jpg: (image) => image.jpeg({ quality: 82, progressive: true }),
  png: (image) => image.png({ compressionLevel: 6 }),
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
export const IMAGE_NOT_RASTER_MESSAGE =
  "This file's contents are not a JPEG, PNG, GIF, WebP, AVIF or TIFF image, so it cannot be delivered with a crop, rotation or size; open the original file instead."

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

/** What a render will do, known from the image's header alone, before any pixel is decoded. */
export interface RenderPlan {
  input: Uint8Array
  settings: ImageSettings
  /** The crop of the stored picture (as shown, EXIF orientation applied). */
  region: Region
  /** The picture after the crop and the turn. */
  source: Size
  /** `fit=cover`: the size to scale the source to and the part of it kept; else the size it is scaled to. */
  sizing: { cover: { scaled: Size; region: Region } } | { contain: Size }
  output: Size
  hasAlpha: boolean
  /** The work: the pixels decoded and the pixels encoded, in millions. */
  megapixels: number
}

function readFailure(error: unknown): Error {
  if (error instanceof UnsupportedMediaTypeError) return error
  const message = error instanceof Error ? error.message : ''
  return new UnsupportedMediaTypeError(
    /pixel limit/i.test(message) ? IMAGE_TOO_LARGE_MESSAGE : IMAGE_UNREADABLE_MESSAGE,
  )
}

/**
 * The plan of a render, from the header: the bytes must be a raster type the route serves (by their
 * signature, whatever the record says, and as sharp reads them), within the pixel limit. A file that is
 * not one, or cannot be read, is a 415.
 */
export async function planRender(
  input: Uint8Array,
  settings: ImageSettings,
  query: ImageQuery,
): Promise<RenderPlan> {
  const sniffed = rasterFormatOf(input)
  if (sniffed === null) throw new UnsupportedMediaTypeError(IMAGE_NOT_RASTER_MESSAGE)
  try {
    const metadata = await sharp(input, INPUT).metadata()
    if (metadata.format !== SHARP_FORMATS[sniffed])
      throw new UnsupportedMediaTypeError(IMAGE_NOT_RASTER_MESSAGE)
    const stored: Size = metadata.autoOrient
    if (stored.width * stored.height > LIMITS.imageInputPixels) {
      throw new UnsupportedMediaTypeError(IMAGE_TOO_LARGE_MESSAGE)
    }
    const rotate = settings.rotate ?? 0
    const region = cropRegion(stored, settings.crop)
    const source = rotatedSize(region, rotate)
    const { w, h, fit } = query
    let sizing: RenderPlan['sizing']
    let output: Size
    if (w !== null && h !== null && fit === 'cover') {
      const focal = deliveredFocalPoint(settings.focal_point, settings.crop, rotate)
      const cut = coverCut(source, { width: w, height: h }, focal)
      sizing = { cover: cut }
      output = { width: cut.region.width, height: cut.region.height }
    } else {
      output = containedSize(source, { width: w, height: h })
      sizing = { contain: output }
    }
    const megapixels = (stored.width * stored.height + output.width * output.height) / 1_000_000
    return { input, settings, region, source, sizing, output, hasAlpha: metadata.hasAlpha, megapixels }
  } catch (error) {
    throw readFailure(error)
  }
}

/**
 * The planned picture: cropped, turned clockwise, then sized (`cover` cuts around the focal point, else
 * scaled within the box and the output limits, never enlarged), encoded as the query's format or the one
 * `Accept` allows. Metadata (EXIF, GPS) is not carried over.
 */
export async function renderPlanned(
  plan: RenderPlan,
  fm: ImageFormat,
  accept: string | null,
): Promise<RenderedImage> {
  const { input, settings, region, source, sizing } = plan
  const rotate = settings.rotate ?? 0
  const format = negotiatedFormat(fm, accept, plan.hasAlpha)
  try {
    // Crop and turn first, into raw pixels, so the sizing below works on the delivered picture.
    let image = sharp(input, INPUT)
    if (settings.crop || rotate !== 0) {
      const { data, info } = await image
        .extract(region)
        .rotate(rotate)
        .raw()
        .toBuffer({ resolveWithObject: true })
      image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    }
    if ('cover' in sizing) {
      image = image.resize({ ...sizing.cover.scaled, fit: 'fill' }).extract(sizing.cover.region)
    } else if (sizing.contain.width !== source.width || sizing.contain.height !== source.height) {
      image = image.resize({ ...sizing.contain, fit: 'fill' })
    }
    const { data, info } = await ENCODERS[format](image).toBuffer({ resolveWithObject: true })
    return { body: data, contentType: CONTENT_TYPES[format], width: info.width, height: info.height }
  } catch (error) {
    throw readFailure(error)
  }
}

/** `planRender` then `renderPlanned`: for a caller that spends no budget between them. */
export async function renderImage(
  input: Uint8Array,
  settings: ImageSettings,
  query: ImageQuery,
  accept: string | null,
): Promise<RenderedImage> {
  return renderPlanned(await planRender(input, settings, query), query.fm, accept)
}
