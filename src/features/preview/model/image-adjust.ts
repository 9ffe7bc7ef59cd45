import { containedSize, COPY_WIDTHS, type ImageFormat } from '../../../contract/image-renditions'
import {
  imageUrl,
  type FocalPoint,
  type ImageCrop,
  type ImageRotation,
  type ImageSettings,
} from '../../../contract/image-settings'

export interface Size {
  width: number
  height: number
}

/** The crop presets Details offers: the shape of the delivered picture, width to height. */
export const CROP_PRESETS = [
  { label: '1:1', ratio: 1 },
  { label: '4:3', ratio: 4 / 3 },
  { label: '16:9', ratio: 16 / 9 },
] as const

const clamp01 = (value: number) => Math.min(1, Math.max(0, value))
/** Four decimals: a ten-thousandth of the picture, finer than any pixel the screen shows. */
const round = (value: number) => Math.round(value * 10_000) / 10_000

/** A point on the picture as the settings write it, from a place in its box on the screen. */
export function pointIn(
  box: { left: number; top: number; width: number; height: number },
  x: number,
  y: number,
) {
  if (box.width <= 0 || box.height <= 0) return null
  return { x: round(clamp01((x - box.left) / box.width)), y: round(clamp01((y - box.top) / box.height)) }
}

/** The crop a rectangle dragged between two points makes, or null when it is too small to mean one. */
export function dragCrop(from: FocalPoint, to: FocalPoint): ImageCrop | null {
  const x = Math.min(from.x, to.x)
  const y = Math.min(from.y, to.y)
  const width = round(Math.abs(to.x - from.x))
  const height = round(Math.abs(to.y - from.y))
  return width < 0.02 || height < 0.02 ? null : { x, y, width, height }
}

/**
 * The largest crop of an image `size` whose delivered picture (after the turn) is `ratio` wide to
 * high, centred on the focal point as far as the edges allow.
 */
export function presetCrop(size: Size, ratio: number, rotate: ImageRotation, focal?: FocalPoint): ImageCrop {
  const turned = rotate === 90 || rotate === 270
  const stored = turned ? 1 / ratio : ratio
  const wide = size.width / size.height > stored
  const width = wide ? (size.height * stored) / size.width : 1
  const height = wide ? 1 : size.width / stored / size.height
  const centre = focal ?? { x: 0.5, y: 0.5 }
  const place = (at: number, extent: number) => round(Math.min(1 - extent, Math.max(0, at - extent / 2)))
  return { x: place(centre.x, width), y: place(centre.y, height), width: round(width), height: round(height) }
}

/*
 * The settings are fractions of the picture as stored, and delivery crops it first, then turns it
 * (decision 0047). The editor shows the picture turned, as it will be delivered, so what is drawn on it
 * is mapped back to the stored picture before it is saved, and what is saved is mapped onto it to show.
 * A crop of the turned picture is the turned crop of the stored one, so the two orders agree.
 */

/** Where a point of the stored picture shows once the picture is turned `rotate` degrees clockwise. */
export function turnedPoint(point: FocalPoint, rotate: ImageRotation): FocalPoint {
  const { x, y } = point
  switch (rotate) {
    case 90:
      return { x: round(1 - y), y: x }
    case 180:
      return { x: round(1 - x), y: round(1 - y) }
    case 270:
      return { x: y, y: round(1 - x) }
    default:
      return point
  }
}

/** The point of the stored picture shown at `point` of the picture turned `rotate` degrees clockwise. */
export function storedPoint(point: FocalPoint, rotate: ImageRotation): FocalPoint {
  return turnedPoint(point, ((360 - rotate) % 360) as ImageRotation)
}

function cropThrough(crop: ImageCrop, map: (point: FocalPoint) => FocalPoint): ImageCrop {
  const a = map({ x: crop.x, y: crop.y })
  const b = map({ x: round(crop.x + crop.width), y: round(crop.y + crop.height) })
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: round(Math.abs(b.x - a.x)),
    height: round(Math.abs(b.y - a.y)),
  }
}

/** A crop of the stored picture as it shows on the picture turned `rotate` degrees clockwise. */
export function turnedCrop(crop: ImageCrop, rotate: ImageRotation): ImageCrop {
  return cropThrough(crop, (point) => turnedPoint(point, rotate))
}

/** The crop of the stored picture that a crop drawn on the picture turned `rotate` degrees makes. */
export function storedCrop(crop: ImageCrop, rotate: ImageRotation): ImageCrop {
  return cropThrough(crop, (point) => storedPoint(point, rotate))
}

/** The size of a picture `size` turned `rotate` degrees. */
export function turnedSize(size: Size, rotate: ImageRotation): Size {
  return rotate === 90 || rotate === 270 ? { width: size.height, height: size.width } : size
}

/** The rotation a quarter turn left (-1) or right (+1) of `rotate`. */
export function turned(rotate: ImageRotation | undefined, by: 1 | -1): ImageRotation {
  return (((((rotate ?? 0) + by * 90) % 360) + 360) % 360) as ImageRotation
}

/** The focal point moved by an arrow key: 5% a press, 1% with Shift. Null for any other key. */
export function movedFocal(focal: FocalPoint | undefined, key: string, fine: boolean): FocalPoint | null {
  const step = fine ? 0.01 : 0.05
  const from = focal ?? { x: 0.5, y: 0.5 }
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  }
  const move = moves[key]
  if (!move) return null
  return { x: round(clamp01(from.x + move[0])), y: round(clamp01(from.y + move[1])) }
}

const percent = (value: number) => `${String(Math.round(value * 100))}%`

/** The settings in words, for the line under the picture and for screen readers. */
export function settingsWords(settings: ImageSettings): string {
  const words: string[] = []
  if (settings.crop)
    words.push(`Cropped to ${percent(settings.crop.width)} x ${percent(settings.crop.height)}`)
  if (settings.rotate)
    words.push(`turned ${settings.rotate === 270 ? '90° left' : `${String(settings.rotate)}° right`}`)
  if (settings.focal_point) {
    words.push(
      `focal point ${percent(settings.focal_point.x)} from the left, ${percent(settings.focal_point.y)} from the top`,
    )
  }
  if (words.length === 0) return 'Shown as uploaded: no crop, rotation or focal point.'
  const sentence = words.join('; ')
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`
}

/** The formats Details offers to copy, as the list names them. */
export const COPY_FORMATS: readonly { value: ImageFormat; label: string }[] = [
  { value: 'auto', label: 'Auto (WebP where supported)' },
  { value: 'webp', label: 'WebP' },
  { value: 'avif', label: 'AVIF' },
  { value: 'jpg', label: 'JPEG' },
]

type DeliveredRecord = ImageSettings & {
  id: number
  media_url: string
  width: number | null
  height: number | null
}

/**
 * How wide the picture is delivered at its own size: after the crop and the turn, within the route's
 * output limits; null when unknown.
 */
export function deliveredWidth(record: DeliveredRecord): number | null {
  if (record.width === null || record.height === null) return null
  const crop = record.crop ?? { x: 0, y: 0, width: 1, height: 1 }
  const turned = record.rotate === 90 || record.rotate === 270
  const cropped = {
    width: Math.max(1, Math.round(crop.width * record.width)),
    height: Math.max(1, Math.round(crop.height * record.height)),
  }
  const shown = turned ? { width: cropped.height, height: cropped.width } : cropped
  return containedSize(shown, { width: null, height: null }).width
}

/** The widths worth offering for a picture `width` wide (unknown: all of them): none wider than it. */
export function copyWidths(width: number | null): number[] {
  return COPY_WIDTHS.filter((each) => width === null || each < width)
}

/** The absolute address of the picture at `width` (null: its own size) in `format`. */
export function copyUrl(
  record: DeliveredRecord,
  origin: string,
  width: number | null,
  format: ImageFormat,
): string {
  const path = imageUrl(record, {
    ...(width === null ? {} : { w: width }),
    ...(format === 'auto' ? {} : { fm: format }),
  })
  return new URL(path, origin).href
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * A ready `<img>`: `src` at `width` (or the largest offered), `srcset` at every width offered (and the
 * picture's own size), `sizes` saying it is at most that wide, and the record's alt text.
 */
export function imgTag(
  record: DeliveredRecord & { alt_text: string },
  origin: string,
  width: number | null,
  format: ImageFormat,
): string {
  const own = deliveredWidth(record)
  const widths = copyWidths(own)
  const candidates = widths.map((each) => `${copyUrl(record, origin, each, format)} ${String(each)}w`)
  if (own !== null) candidates.push(`${copyUrl(record, origin, null, format)} ${String(own)}w`)
  const largest = width ?? own ?? widths.at(-1) ?? null
  const src = copyUrl(record, origin, width, format)
  const sizes = largest === null ? '100vw' : `(max-width: ${String(largest)}px) 100vw, ${String(largest)}px`
  return `<img src="${attribute(src)}" srcset="${attribute(candidates.join(', '))}" sizes="${sizes}" alt="${attribute(record.alt_text)}">`
}
