import type { FocalPoint, ImageCrop, ImageRotation } from '../../../src/contract/image-settings'

export interface Size {
  width: number
  height: number
}

export interface Region extends Size {
  left: number
  top: number
}

/** The crop in pixels of an image `size`: at least one pixel, and inside it. */
export function cropRegion(size: Size, crop: ImageCrop | undefined): Region {
  if (!crop) return { left: 0, top: 0, ...size }
  const left = Math.min(size.width - 1, Math.round(crop.x * size.width))
  const top = Math.min(size.height - 1, Math.round(crop.y * size.height))
  return {
    left,
    top,
    width: Math.max(1, Math.min(size.width - left, Math.round(crop.width * size.width))),
    height: Math.max(1, Math.min(size.height - top, Math.round(crop.height * size.height))),
  }
}

export function rotatedSize(size: Size, rotate: ImageRotation): Size {
  return rotate === 90 || rotate === 270 ? { width: size.height, height: size.width } : size
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value))

/**
 * The focal point (0..1 of the image as stored) in the image after the crop and the clockwise turn,
 * still 0..1; a point outside the crop moves to its nearest edge. The centre when there is none.
 */
export function deliveredFocalPoint(
  focal: FocalPoint | undefined,
  crop: ImageCrop | undefined,
  rotate: ImageRotation,
): FocalPoint {
  if (!focal) return { x: 0.5, y: 0.5 }
  const x = crop ? clamp01((focal.x - crop.x) / crop.width) : focal.x
  const y = crop ? clamp01((focal.y - crop.y) / crop.height) : focal.y
  switch (rotate) {
    case 90:
      return { x: 1 - y, y: x }
    case 180:
      return { x: 1 - x, y: 1 - y }
    case 270:
      return { x: y, y: 1 - x }
    default:
      return { x, y }
  }
}

/**
 * A `fit=cover` cut of an image `size` to `target`: the size to scale the image to, and the region of
 * it to keep, centred on `focal` as far as the edges allow. Never enlarges: asked for more than the
 * image holds, the cut keeps the target's shape at the image's own scale.
 */
export function coverCut(size: Size, target: Size, focal: FocalPoint): { scaled: Size; region: Region } {
  let scale = Math.max(target.width / size.width, target.height / size.height)
  let { width, height } = target
  if (scale > 1) {
    width = Math.max(1, Math.min(size.width, Math.round(width / scale)))
    height = Math.max(1, Math.min(size.height, Math.round(height / scale)))
    scale = 1
  }
  const scaled = {
    width: Math.max(width, Math.round(size.width * scale)),
    height: Math.max(height, Math.round(size.height * scale)),
  }
  const place = (centre: number, whole: number, part: number) =>
    Math.min(whole - part, Math.max(0, Math.round(centre * whole - part / 2)))
  return {
    scaled,
    region: {
      left: place(focal.x, scaled.width, width),
      top: place(focal.y, scaled.height, height),
      width,
      height,
    },
  }
}
