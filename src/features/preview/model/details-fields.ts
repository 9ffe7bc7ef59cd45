import type { MediaRecord } from '../../../contract/record'
import { FILES_PREFIX } from '../../../contract/upload-paths'

/** `1:05` or `1:02:05`, from seconds; fractions are dropped. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  const rest = String(whole % 60).padStart(2, '0')
  return hours > 0
    ? `${String(hours)}:${String(minutes).padStart(2, '0')}:${rest}`
    : `${String(minutes)}:${rest}`
}

/** `800 × 600`, when both sides are stored. */
export function formatDimensions(record: Pick<MediaRecord, 'width' | 'height'>): string | null {
  const { width, height } = record
  return width === null || height === null ? null : `${String(width)} × ${String(height)}`
}

/**
 * The name the file was uploaded under, where the record keeps it: a file of the built-in host is
 * `/api/files/{id}/{name}`. Other hosts name files by their own ids, so there is none to show.
 */
export function originalFileName(mediaUrl: string): string | null {
  if (!mediaUrl.startsWith(FILES_PREFIX)) return null
  const name = mediaUrl.slice(FILES_PREFIX.length).split(/[?#]/)[0]?.split('/')[1]
  if (name === undefined || name === '') return null
  try {
    return decodeURIComponent(name)
  } catch {
    // A malformed escape is still the stored name, as written.
    return name
  }
}
