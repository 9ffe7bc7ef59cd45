import exifr from 'exifr'

import { LIMITS } from '../../../src/contract/limits'
import { fileMetadataSchema, type FileMetadata } from '../../../src/contract/record'
import {
  fileText,
  firstText,
  iptcText,
  takenAt,
  valuesOf,
  xmpText,
} from '../../../src/contract/embedded-text'
import { keepGpsMetadata } from '../env'

/**
 * How much of a file's start is read for its embedded metadata: the EXIF, IPTC and XMP segments of a
 * JPEG (each at most 64 KB) sit before its image data, and a HEIF's or PNG's before theirs in practice.
 * The upload's first chunk (at least 1 MiB, or the whole file) holds it; nothing past it is read.
 */
export const METADATA_WINDOW_BYTES = LIMITS.fileMetadataWindowBytes

/**
 * What exifr is asked for: the blocks that name the camera, the date, the place and the words. Errors in
 * a block are left silent (exifr's default), so a broken block gives what else could be read.
 */
const OPTIONS: Parameters<typeof exifr.parse>[1] = {
  tiff: true,
  ifd0: { pick: ['Make', 'Model', 'Orientation', 'Artist', 'Copyright', 'ImageDescription'] },
  exif: { pick: ['DateTimeOriginal', 'OffsetTimeOriginal', 'CreateDate'] },
  gps: { pick: ['GPSLatitude', 'GPSLatitudeRef', 'GPSLongitude', 'GPSLongitudeRef'] },
  ifd1: false,
  interop: false,
  makerNote: false,
  userComment: false,
  icc: false,
  jfif: false,
  ihdr: false,
  iptc: true,
  xmp: true,
  // Values as the file holds them: dates as text (an EXIF date has no zone; reading it as one would
  // move it), orientation as its number.
  translateValues: false,
  reviveValues: false,
  mergeOutput: false,
}

type Block = Record<string, unknown>

/**
 * The camera, date taken, orientation, position, keywords, caption, creator and copyright embedded in
 * the file whose first bytes are `bytes` (JPEG, TIFF, HEIF and AVIF, PNG), as a record keeps them, or
 * null when there are none. Texts are cleaned and cut to their limits (`fileText`); `keepGps` false
 * leaves the position out. Never throws: metadata it cannot read, cut off or hostile, gives what could be
 * read, or null.
 */
export async function readFileMetadata(
  bytes: Uint8Array,
  { keepGps = true }: { keepGps?: boolean } = {},
): Promise<FileMetadata | null> {
  let output: Record<string, Block | undefined> | undefined
  try {
    // A copy: exifr keeps a view of what it is given, and the chunk's bytes are stored meanwhile.
    const window = Buffer.from(bytes.subarray(0, METADATA_WINDOW_BYTES))
    output = (await exifr.parse(window, OPTIONS)) as Record<string, Block | undefined> | undefined
  } catch {
    // Not a format it reads, or metadata it cannot make sense of.
    return null
  }
  if (!output || typeof output !== 'object') return null
  try {
    return fromBlocks(output, keepGps)
  } catch {
    return null
  }
}

function fromBlocks(output: Record<string, Block | undefined>, keepGps: boolean): FileMetadata | null {
  const ifd0 = output.ifd0 ?? {}
  const exif = output.exif ?? {}
  const iptc = Object.fromEntries(
    Object.entries(output.iptc ?? {}).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.map(iptcText) : iptcText(value),
    ]),
  )
  const xmp: Block = { ...output.dc, ...output.photoshop, ...output.xmp }
  const line = (...values: unknown[]) => firstText(values, LIMITS.fileMetadataTextChars, false)
  const metadata: Record<Exclude<keyof FileMetadata, 'page_count'>, unknown> = {
    camera_make: line(ifd0.Make),
    camera_model: line(ifd0.Model),
    taken_at: takenAt(exif.DateTimeOriginal ?? exif.CreateDate, exif.OffsetTimeOriginal) ?? undefined,
    orientation: orientation(ifd0.Orientation),
    gps: keepGps ? position(output.gps) : undefined,
    keywords: keywords([...valuesOf(iptc.Keywords), ...valuesOf(xmp.subject)]),
    caption: firstText(
      [iptc.Caption, xmpText(xmp.description), ifd0.ImageDescription],
      LIMITS.fileMetadataCaptionChars,
      true,
    ),
    creator: line(...valuesOf(iptc.Byline), ...valuesOf(xmp.creator), ifd0.Artist),
    copyright: line(iptc.CopyrightNotice, xmpText(xmp.rights), ifd0.Copyright),
  }
  const present = Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== undefined))
  if (Object.keys(present).length === 0) return null
  // The contract's own check, so nothing stored can fail to read back.
  const parsed = fileMetadataSchema.safeParse(present)
  return parsed.success ? parsed.data : null
}

function keywords(values: unknown[]): string[] | undefined {
  const kept: string[] = []
  const seen = new Set<string>()
  for (const value of values) {
    const word = fileText(typeof value === 'number' ? String(value) : value, LIMITS.fileMetadataKeywordChars)
    if (word === null || seen.has(word.toLowerCase())) continue
    seen.add(word.toLowerCase())
    kept.push(word)
    if (kept.length === LIMITS.fileMetadataKeywords) break
  }
  return kept.length > 0 ? kept : undefined
}

function orientation(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 8 ? value : undefined
}

/** Degrees, minutes and seconds with their hemisphere as signed decimal degrees, rounded to 7 places. */
function position(gps: Block | undefined): FileMetadata['gps'] {
  if (!gps) return undefined
  const latitude = degrees(gps.GPSLatitude, gps.GPSLatitudeRef, 'S', 90)
  const longitude = degrees(gps.GPSLongitude, gps.GPSLongitudeRef, 'W', 180)
  if (latitude === null || longitude === null) return undefined
  return { latitude, longitude }
}

function degrees(value: unknown, ref: unknown, negative: string, max: number): number | null {
  const parts = Array.isArray(value) ? value : typeof value === 'number' ? [value] : []
  if (parts.length === 0 || parts.length > 3 || !parts.every((part) => Number.isFinite(part))) return null
  const [d = 0, m = 0, s = 0] = parts as number[]
  if (d < 0 || m < 0 || m >= 60 || s < 0 || s >= 60) return null
  const magnitude = d + m / 60 + s / 3600
  if (magnitude > max) return null
  const signed = typeof ref === 'string' && ref.trim().toUpperCase() === negative ? -magnitude : magnitude
  return Math.round(signed * 1e7) / 1e7
}

/** The reader the tus function gives the upload service, with the GPS setting applied. */
export function readUploadMetadata(bytes: Uint8Array): Promise<FileMetadata | null> {
  return readFileMetadata(bytes, { keepGps: keepGpsMetadata() })
}
