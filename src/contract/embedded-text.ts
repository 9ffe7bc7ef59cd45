import { DIRECTION_CONTROLS, withoutRefusedCharacters } from './labels'
import { LIMITS } from './limits'

/**
 * Text embedded in a file (EXIF, IPTC, XMP, as exifr reads it) made fit to keep (decision 0044). Apart
 * from the label rules, which the first route loads: only code that reads a file's metadata (the
 * server's reader, the Upload dialog's) uses it, and the dialog loads it lazily.
 */
/**
 * IPTC text as written: exifr reads its bytes as Latin-1, but they are UTF-8 in nearly every file
 * today, so text whose bytes are valid UTF-8 is read as UTF-8. Anything else is returned as given.
 */
export function iptcText(value: unknown): unknown {
  // eslint-disable-next-line no-control-regex -- any character outside Latin-1 means it was not bytes
  if (typeof value !== 'string' || !/[\u0080-\u00ff]/.test(value) || /[^\u0000-\u00ff]/.test(value)) {
    return value
  }
  try {
    const bytes = Uint8Array.from(value, (char) => char.charCodeAt(0))
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return value
  }
}

/** An XMP language alternative (`{ lang, value }`), as exifr reads one, as its text. */
export function xmpText(value: unknown): unknown {
  if (value && typeof value === 'object' && 'value' in value) return value.value
  return value
}

/**
 * Text read from a file's embedded metadata, made fit to keep, or null when nothing is left: well-formed
 * Unicode in NFC, trimmed, at most `maxChars` characters (UTF-16 units, never cutting a pair). Never refused, since
 * the person uploading did not write it: a line (`lines` false) has its control and line-break runs read
 * as one space and every character a label refuses dropped; a caption (`lines` true) keeps its line
 * breaks and tabs but drops the other control characters and the direction controls.
 */
export function fileText(value: unknown, maxChars: number, lines = false): string | null {
  if (typeof value !== 'string') return null
  let cleaned = value.toWellFormed().normalize('NFC')
  if (lines) {
    cleaned = cleaned
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- the point is to drop control characters
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
      .replace(new RegExp(DIRECTION_CONTROLS.source, 'gu'), '')
  } else {
    cleaned = withoutRefusedCharacters(cleaned.replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' '))
  }
  // Cut in UTF-16 units, as lengths are counted everywhere, but never between a surrogate pair.
  let kept = cleaned.trim().slice(0, maxChars)
  if (/[\ud800-\udbff]$/.test(kept)) kept = kept.slice(0, -1)
  kept = kept.trim()
  return kept === '' ? null : kept
}

/** The first of `values` that cleans to some text (`fileText`): a field the file may say in several places. */
export function firstText(values: unknown[], maxChars: number, lines: boolean): string | undefined {
  for (const value of values) {
    const text = fileText(value, maxChars, lines)
    if (text !== null) return text
  }
  return undefined
}

/** A value or list of values as a list: IPTC repeats a field as an array, XMP gives a Bag or Seq. */
export function valuesOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.slice(0, LIMITS.fileMetadataKeywords * 4)
  return value === undefined || value === null ? [] : [xmpText(value)]
}

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/
const ZONE = /^[+-](?:0\d|1[0-4]):[0-5]\d$/

/**
 * An EXIF date ('2024:05:01 10:20:30') as ISO 8601 ('2024-05-01T10:20:30'), with its offset when the
 * file gives one ('+02:00'); null when it is not a real date and time.
 */
export function takenAt(value: unknown, offset: unknown): string | null {
  if (typeof value !== 'string') return null
  const match = EXIF_DATE.exec(value.trim())
  if (!match) return null
  const [, year, month, day, hour, minute, second] = match.map(Number)
  const calendar = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 0))
  const real =
    (year ?? 0) >= 1800 &&
    calendar.getUTCFullYear() === year &&
    calendar.getUTCMonth() === (month ?? 0) - 1 &&
    calendar.getUTCDate() === day &&
    (hour ?? 24) < 24 &&
    (minute ?? 60) < 60 &&
    (second ?? 60) < 60
  if (!real) return null
  const local = `${match[1] ?? ''}-${match[2] ?? ''}-${match[3] ?? ''}T${match[4] ?? ''}:${match[5] ?? ''}:${match[6] ?? ''}`
  const zone = typeof offset === 'string' && ZONE.test(offset.trim()) ? offset.trim() : ''
  return local + zone
}
