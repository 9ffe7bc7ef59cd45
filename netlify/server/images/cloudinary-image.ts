import type { ImageSettings } from '../../../src/contract/image-settings'
import type { CloudinaryAsset } from '../cloudinary/cloudinary-url'
import { cropRegion, deliveredFocalPoint, rotatedSize, type Size } from './image-geometry'
import type { ImageQuery } from './image-query'

/**
 * A fraction as Cloudinary reads a relative size or offset: always with a decimal point, since `w_1`
 * is one pixel and `w_1.0` the whole width.
 */
function relative(value: number): string {
  const text = String(Math.round(value * 1_000_000) / 1_000_000)
  return text.includes('.') ? text : `${text}.0`
}

const FITS = { contain: 'c_limit', cover: 'c_fill', fill: 'c_scale' } as const
const FORMATS = { auto: 'f_auto', webp: 'f_webp', avif: 'f_avif', jpg: 'f_jpg' } as const

/**
 * The Cloudinary delivery URL of `asset` with the record's settings and the query as chained
 * transformations (Cloudinary orients by EXIF first, as the settings assume): `c_crop` (in pixels when
 * the record knows its size, else relative), `a_<angle>`, then the sizing (`c_fill` with `g_xy_center`
 * on the focal point in pixels when the size is known, `c_limit` or `c_scale`), then `f_<format>` and
 * `q_auto`. Parameters are in alphabetical order within a component, as Cloudinary's SDKs write them.
 */
export function cloudinaryImageUrl(
  asset: CloudinaryAsset,
  settings: ImageSettings,
  query: ImageQuery,
  storedSize: Size | null,
): string {
  const rotate = settings.rotate ?? 0
  const components: string[] = []
  const { crop } = settings
  if (crop) {
    if (storedSize) {
      const region = cropRegion(storedSize, crop)
      components.push(
        `c_crop,h_${String(region.height)},w_${String(region.width)},x_${String(region.left)},y_${String(region.top)}`,
      )
    } else {
      components.push(
        `c_crop,h_${relative(crop.height)},w_${relative(crop.width)},x_${relative(crop.x)},y_${relative(crop.y)}`,
      )
    }
  }
  if (rotate !== 0) components.push(`a_${String(rotate)}`)

  const { w, h, fit } = query
  if (w !== null || h !== null) {
    const focused = fit === 'cover' && w !== null && h !== null && settings.focal_point && storedSize
    const sizing: string[] = [FITS[w !== null && h !== null ? fit : 'contain']]
    if (focused) sizing.push('g_xy_center')
    if (h !== null) sizing.push(`h_${String(h)}`)
    if (w !== null) sizing.push(`w_${String(w)}`)
    if (focused) {
      const delivered = rotatedSize(cropRegion(storedSize, crop), rotate)
      const focal = deliveredFocalPoint(settings.focal_point, crop, rotate)
      sizing.push(
        `x_${String(Math.round(focal.x * delivered.width))}`,
        `y_${String(Math.round(focal.y * delivered.height))}`,
      )
    }
    components.push(sizing.join(','))
  }
  components.push(`${FORMATS[query.fm]},q_auto`)

  const path = asset.publicId.split('/').map(encodeURIComponent).join('/')
  return `https://res.cloudinary.com/${encodeURIComponent(asset.cloudName)}/image/upload/${components.join('/')}/${path}`
}
