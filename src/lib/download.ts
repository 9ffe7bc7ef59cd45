import { extensionOf } from '../contract/file-types'
import type { MediaRecord } from '../contract/record'

/** The name a downloaded file is saved under: the title, with the URL's extension when it lacks one. */
export function downloadName(record: Pick<MediaRecord, 'title' | 'media_url'>): string {
  const extension = extensionOf(record.media_url)
  // eslint-disable-next-line no-control-regex -- file names must not carry control characters
  const base = record.title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim() || 'download'
  return extension && !base.toLowerCase().endsWith(`.${extension}`) ? `${base}.${extension}` : base
}

/** Saves one file through the browser's own download, under `downloadName`. */
export function downloadRecord(record: Pick<MediaRecord, 'title' | 'media_url'>): void {
  const link = document.createElement('a')
  link.href = record.media_url
  link.download = downloadName(record)
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
}
