/**
 * What a stored file's bytes are, read from their signature: the raster types `GET /api/image/{id}`
 * transforms (decision 0070). The record's type is the uploader's claim; sharp picks its loader from the
 * bytes, so bytes of an SVG, a PDF or anything else stored under an image's name must be refused here,
 * before sharp sees them, or its SVG loader would render them.
 */

export type RasterFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'tiff'

/** sharp's `metadata().format` for each: what the decoder that read the bytes must say it was. */
export const SHARP_FORMATS: Record<RasterFormat, string> = {
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  avif: 'heif',
  tiff: 'tiff',
}

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length))

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, index) => bytes[index] === byte)

/**
 * An ISO base media file whose `ftyp` box names AVIF as its major or a compatible brand. HEIC and other
 * HEIF files are not served (isTransformableImage), so their brands are not enough.
 */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return false
  const boxSize =
    (((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0)) >>> 0
  const end = Math.min(bytes.length, boxSize, 256)
  const brands = [ascii(bytes, 8, 4)]
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, 4))
  return brands.some((brand) => brand === 'avif' || brand === 'avis')
}

/** The raster type the bytes begin as, or null for anything else (SVG, PDF, HEIC, text, nothing). */
export function rasterFormatOf(bytes: Uint8Array): RasterFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp'
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'tiff'
  if (isAvif(bytes)) return 'avif'
  return null
}
