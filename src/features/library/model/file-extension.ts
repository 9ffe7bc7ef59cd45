import { extensionOf } from '../../../contract/file-types'
import type { MediaRecord } from '../../../contract/record'

/**
 * The extension shown after a file's title in the grid and the list, so clip.mp4 and clip.webm tell
 * apart: from the file's URL, else the format its host reported.
 */
export function fileExtension(record: MediaRecord): string {
  return extensionOf(record.media_url) || (record.format?.toLowerCase() ?? '')
}
