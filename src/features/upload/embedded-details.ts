import type exifr from 'exifr'

import { fileText, firstText, iptcText, takenAt, valuesOf, xmpText } from '../../contract/embedded-text'
import { LIMITS } from '../../contract/limits'
import { mimeOf } from './file-details'

/**
 * What the Upload dialog can fill in from the metadata embedded in an image: the same EXIF, IPTC and
 * XMP the server reads into a record's `metadata` (decision 0044), plus the title. Each is cleaned as
 * the server cleans file text (`fileText`) and cut to its field's limit, so a filled field always saves.
 */
export interface EmbeddedDetails {
  title?: string
  description?: string
  tags?: string[]
  author?: string
  /** When the photo was taken, as the server keeps it (`taken_at`): ISO 8601, with a zone when the file has one. */
  date?: string
}

/** Reads a file's embedded details; null when it has none (or is not an image it reads). Never throws. */
export type ReadEmbeddedDetails = (file: File) => Promise<EmbeddedDetails | null>

/** The image types exifr reads: JPEG, TIFF, HEIF and AVIF, PNG. */
const READABLE = new Set(['image/jpeg', 'image/tiff', 'image/heic', 'image/heif', 'image/avif', 'image/png'])

/** Only the blocks that name the words and the date; the camera and the position are not fields of the form. */
const OPTIONS: Parameters<typeof exifr.parse>[1] = {
  tiff: true,
  ifd0: { pick: ['Artist', 'ImageDescription'] },
  exif: { pick: ['DateTimeOriginal', 'OffsetTimeOriginal', 'CreateDate'] },
  gps: false,
  ifd1: false,
  interop: false,
  makerNote: false,
  userComment: false,
  icc: false,
  jfif: false,
  ihdr: false,
  iptc: true,
  xmp: true,
  translateValues: false,
  reviveValues: false,
  mergeOutput: false,
}

type Block = Record<string, unknown>

/**
 * The title, caption, keywords, creator and date taken embedded in `file`, from its first bytes only
 * (`LIMITS.fileMetadataWindowBytes`). exifr is loaded the first time an image is read, so it never
 * weighs on the screen's first route nor on a batch without images.
 */
export const readEmbeddedDetails: ReadEmbeddedDetails = async (file) => {
  if (!READABLE.has(mimeOf(file))) return null
  try {
    const bytes = new Uint8Array(await file.slice(0, LIMITS.fileMetadataWindowBytes).arrayBuffer())
    const { default: exifr } = await import('exifr')
    const output = (await exifr.parse(bytes, OPTIONS)) as Record<string, Block | undefined> | undefined
    return output && typeof output === 'object' ? fromBlocks(output) : null
  } catch {
    // Not a format exifr reads, or metadata it cannot make sense of: nothing is filled.
    return null
  }
}

function fromBlocks(output: Record<string, Block | undefined>): EmbeddedDetails | null {
  const ifd0 = output.ifd0 ?? {}
  const exif = output.exif ?? {}
  const iptc = output.iptc ?? {}
  const xmp: Block = { ...output.dc, ...output.photoshop, ...output.xmp }
  const line = (maxChars: number, ...values: unknown[]) => firstText(values, maxChars, false)
  const details: EmbeddedDetails = {
    title: line(
      LIMITS.titleChars,
      iptcText(iptc.ObjectName),
      xmpText(xmp.title),
      iptcText(iptc.Headline),
      xmp.Headline,
    ),
    description: firstText(
      [iptcText(iptc.Caption), xmpText(xmp.description), ifd0.ImageDescription],
      LIMITS.descriptionChars,
      true,
    ),
    tags: keywords([...valuesOf(iptc.Keywords).map(iptcText), ...valuesOf(xmp.subject)]),
    author: line(
      LIMITS.shortTextChars,
      ...valuesOf(iptc.Byline).map(iptcText),
      ...valuesOf(xmp.creator),
      ifd0.Artist,
    ),
    date: takenAt(exif.DateTimeOriginal ?? exif.CreateDate, exif.OffsetTimeOriginal) ?? undefined,
  }
  const present = Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined))
  return Object.keys(present).length > 0 ? present : null
}

/**
 * Keywords as tags: each a line of at most a tag's length, without commas (which would split it),
 * once each ignoring case, and at most as many as a record keeps of a file's keywords.
 */
function keywords(values: unknown[]): string[] | undefined {
  const kept: string[] = []
  const seen = new Set<string>()
  for (const value of values) {
    const text = typeof value === 'number' ? String(value) : value
    const word = fileText(typeof text === 'string' ? text.replaceAll(',', ' ') : text, LIMITS.tagChars)
    if (word === null || seen.has(word.toLowerCase())) continue
    seen.add(word.toLowerCase())
    kept.push(word)
    if (kept.length === LIMITS.fileMetadataKeywords) break
  }
  return kept.length > 0 ? kept : undefined
}
