import type { MediaRecord } from '../contract/record'

/**
 * Whether the file is an image without alt text, so the screen can say so: a screen reader has nothing
 * to read for it where it is shown on a web page. Other files are never flagged.
 */
export function lacksAltText(record: Pick<MediaRecord, 'file_type' | 'alt_text'>): boolean {
  return record.file_type.startsWith('image/') && record.alt_text.trim() === ''
}

/** The hint on a card and in Details. */
export const NO_ALT_TEXT = 'No alt text'
