/**
 * How an image is delivered (decision 0047): a record's focal point, crop and rotation, and the
 * `GET /api/image/{id}` URL that answers the image with them applied. Zod-free, so the screen's first
 * route (cards) can build these URLs; the schemas that check the fields are in record.ts.
 *
 * Every setting is in the coordinates of the stored image as a browser shows it (EXIF orientation
 * applied), before any other setting: x from the left, y from the top, each 0..1 of the width or height.
 * Delivery crops first, then rotates clockwise, then sizes; the focal point picks the centre of a
 * `fit=cover` cut.
 */

import { imageQuery, type ImageRequest } from './image-renditions'
import { routePath, routePrefix } from './routes'

export interface FocalPoint {
  x: number
  y: number
}

export interface ImageCrop {
  x: number
  y: number
  width: number
  height: number
}

export const IMAGE_ROTATIONS = [0, 90, 180, 270] as const
export type ImageRotation = (typeof IMAGE_ROTATIONS)[number]

/** The delivery settings a record may carry; each absent when not set. */
export interface ImageSettings {
  focal_point?: FocalPoint | undefined
  crop?: ImageCrop | undefined
  rotate?: ImageRotation | undefined
}

/** What a create or an edit gives for the settings: a value, null (none) or nothing (unchanged). */
export interface ImageSettingsPatchFields {
  focal_point?: FocalPoint | null | undefined
  crop?: ImageCrop | null | undefined
  rotate?: ImageRotation | null | undefined
}

/** A crop's x + width (y + height) may pass 1 by this much, for the rounding of a fraction. */
export const CROP_EDGE_TOLERANCE = 1e-9

export function hasImageSettings(record: ImageSettings): boolean {
  // A rotation of 0 is none.
  return Boolean(record.focal_point ?? record.crop ?? record.rotate)
}

/** FNV-1a, 32 bits: a short, stable digest of a string, the same in the browser and the function. */
function digest(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36)
}

/**
 * The version of what `GET /api/image/{id}` answers for a record: a digest of its file's URL and its
 * settings. The app puts it in the URL as `v=`; an answer to the current version may be cached for
 * good, since any change to the file or a setting makes a new URL.
 */
export function imageVersion(record: ImageSettings & { media_url: string }): string {
  const { focal_point: focal, crop, rotate } = record
  return digest(
    JSON.stringify([
      record.media_url,
      focal ? [focal.x, focal.y] : null,
      crop ? [crop.x, crop.y, crop.width, crop.height] : null,
      rotate ?? 0,
    ]),
  )
}

/**
 * `/api/image/{id}?w=&h=&fit=&fm=&v=`, the record's image with its settings applied, at the version the
 * record has now: one of the renditions the function serves (image-renditions.ts).
 */
export function imageUrl(
  record: ImageSettings & { id: number; media_url: string },
  request: ImageRequest = {},
): string {
  return `${routePath('image', { id: String(record.id) })}?${imageQuery(request, imageVersion(record))}`
}

/**
 * The image types `GET /api/image/{id}` transforms; any other file (an SVG, an icon, a HEIC photo, a
 * video) is answered 415, and the screen shows such files as they are.
 */
const TRANSFORMABLE_IMAGE_TYPE = /^image\/(?:jpeg|png|gif|webp|avif|tiff)$/

export function isTransformableImage(fileType: string): boolean {
  return TRANSFORMABLE_IMAGE_TYPE.test(fileType)
}

/** What says whether `/api/image` can draw a record's picture. */
interface PictureSource {
  id: number
  file_type: string
  media_url: string
  deleted_at?: string
}

/**
 * Whether `GET /api/image/{id}` can deliver this record's picture: a transformable image stored on this
 * site (`/api/files/...`) or on Cloudinary, with a real id (the sample files have none), and in the
 * library: the route answers 404 for a file in the trash, whose picture is then its file.
 */
export function isDeliverableImage(record: PictureSource): boolean {
  return (
    record.id > 0 &&
    record.deleted_at === undefined &&
    isTransformableImage(record.file_type) &&
    (record.media_url.startsWith(routePrefix('file')) ||
      record.media_url.startsWith('https://res.cloudinary.com/'))
  )
}

/** Whether the screen shows this record's picture through `/api/image`: it can, and a setting is set. */
export function deliversWithSettings(record: ImageSettings & PictureSource): boolean {
  return hasImageSettings(record) && isDeliverableImage(record)
}
