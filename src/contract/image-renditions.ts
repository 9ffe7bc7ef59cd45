/**
 * The renditions `GET /api/image/{id}` serves (decision 0070): exactly the sizes and formats the app
 * builds URLs for, so each picture has one URL per rendition and nothing else is ever rendered. Zod-free,
 * so the screen's first route (cards) can build these URLs.
 *
 * A URL names a size (`w`, `h`, `fit`), a format (`fm`) and the record's version (`v`), always in that
 * order and without a parameter at its default (`fit=contain`, `fm=auto`): `imageQuery` writes it, the
 * function takes no other spelling.
 */

import { CARD_PICTURE_WIDTHS, THUMBNAIL_SIZE } from './access'

/** `fit`, as the Netlify Image CDN names them: within `w` and `h` (the default), or cut to fill them. */
export const IMAGE_FITS = ['contain', 'cover'] as const
export type ImageFit = (typeof IMAGE_FITS)[number]

/** `fm`: `auto` (the default) picks WebP when the browser takes it, else JPEG (PNG for transparency). */
export const IMAGE_FORMATS = ['auto', 'webp', 'avif', 'jpg'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]

/** The widths Details offers to copy, beside the picture's own size. */
export const COPY_WIDTHS = [320, 640, 1024, 1600] as const

/** The preview box is at most 24rem high and the dialog's width: this covers it on a 2x screen. */
export const PREVIEW_SIZE = { w: 1600, h: 1600 } as const

export interface ImageSize {
  w?: number | undefined
  h?: number | undefined
  fit?: ImageFit | undefined
}

export interface ImageRequest extends ImageSize {
  fm?: ImageFormat | undefined
}

/**
 * Every size the app asks for: the picture's own size and each copy width (Details), the preview, the
 * card's 150x150 thumbnail and its 4:3 pictures (`fit=cover`). Each may be asked in every format.
 */
export const IMAGE_SIZES: readonly ImageSize[] = [
  {},
  ...COPY_WIDTHS.map((w) => ({ w })),
  PREVIEW_SIZE,
  { w: THUMBNAIL_SIZE, h: THUMBNAIL_SIZE, fit: 'cover' },
  ...CARD_PICTURE_WIDTHS.map((w) => ({ w, h: (w * 3) / 4, fit: 'cover' as const })),
]

/**
 * The most an answer holds, whatever the size asked (its own size included): a long edge of 4,000 px and
 * 4 megapixels. Within them the slowest encoder (AVIF) turns out the worst picture in the time budget,
 * and the largest answer (a PNG of noise with transparency, 4 bytes a pixel) stays under Netlify's 20 MB
 * streamed answer (tests/bench/image.bench.ts).
 */
export const IMAGE_OUTPUT_LIMITS = { sidePixels: 4_000, pixels: 4_000_000 } as const

/** The picture's size as delivered at `box` (a missing side is no bound), never enlarged, within the limits. */
export function containedSize(
  source: { width: number; height: number },
  box: { width: number | null; height: number | null },
): { width: number; height: number } {
  const { sidePixels, pixels } = IMAGE_OUTPUT_LIMITS
  const scale = Math.min(
    1,
    (box.width ?? Infinity) / source.width,
    (box.height ?? Infinity) / source.height,
    sidePixels / Math.max(source.width, source.height),
    Math.sqrt(pixels / (source.width * source.height)),
  )
  return {
    width: Math.max(1, Math.floor(source.width * scale)),
    height: Math.max(1, Math.floor(source.height * scale)),
  }
}

/** Whether `size` is one the app asks for, written as it writes it (`fit` left out for `contain`). */
export function isServedSize(size: ImageSize): boolean {
  return IMAGE_SIZES.some((served) => served.w === size.w && served.h === size.h && served.fit === size.fit)
}

/** The query of a rendition at version `v`, in the one order and spelling the function serves. */
export function imageQuery(request: ImageRequest, v: string): string {
  const query = new URLSearchParams()
  if (request.w !== undefined) query.set('w', String(request.w))
  if (request.h !== undefined) query.set('h', String(request.h))
  if (request.fit !== undefined && request.fit !== 'contain') query.set('fit', request.fit)
  if (request.fm !== undefined && request.fm !== 'auto') query.set('fm', request.fm)
  query.set('v', v)
  return query.toString()
}

/** The sizes served, as a sentence for the 400 that refuses another. */
export function servedSizesText(): string {
  const widths = COPY_WIDTHS.join(', ')
  const covers = IMAGE_SIZES.filter((size) => size.fit === 'cover')
    .map((size) => `${String(size.w)}x${String(size.h)}`)
    .join(', ')
  return `no w or h (the picture's own size); w alone of ${widths}; w=${String(PREVIEW_SIZE.w)}&h=${String(PREVIEW_SIZE.h)}; or fit=cover at ${covers}`
}
