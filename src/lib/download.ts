import { extensionOf } from '../contract/file-types'
import type { MediaRecord } from '../contract/record'
import { FILES_PATH } from '../contract/uploads'
import { reportAccessRefused } from './access'
import { safeUrl } from './safe-url'

/** One response of the built-in host carries at most this much (Netlify streams up to 20 MB). */
const RANGE_BYTES = 8 * 1024 * 1024

type Downloadable = Pick<MediaRecord, 'title' | 'media_url' | 'file_size'>

/** The name a downloaded file is saved under: the title, with the URL's extension when it lacks one. */
export function downloadName(record: Pick<MediaRecord, 'title' | 'media_url'>): string {
  const extension = extensionOf(record.media_url)
  // eslint-disable-next-line no-control-regex -- file names must not carry control characters
  const base = record.title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim() || 'download'
  return extension && !base.toLowerCase().endsWith(`.${extension}`) ? `${base}.${extension}` : base
}

/**
 * Saves one file under `downloadName`. A file of the built-in host is fetched range by range and saved
 * from memory, since no single response may carry a large one; anything else goes through the
 * browser's own download.
 */
export async function downloadRecord(record: Downloadable): Promise<void> {
  const url = safeUrl(record.media_url)
  if (url === null) throw new Error('This file has no address that can be downloaded')
  // A built-in file is read into memory first: a large one must come in ranges, and for any of them
  // the server's Content-Disposition would otherwise win over the name asked for here.
  if (!url.startsWith(`${FILES_PATH}/`)) {
    saveUrl(url, downloadName(record))
    return
  }
  const blob = await fetchInRanges(url, record.file_size)
  const objectUrl = URL.createObjectURL(blob)
  try {
    saveUrl(objectUrl, downloadName(record))
  } finally {
    // The click has started the save; the object URL can go once the event loop moves on.
    setTimeout(() => {
      URL.revokeObjectURL(objectUrl)
    }, 0)
  }
}

/** Reads a file with consecutive `Range` requests and returns it whole. */
export async function fetchInRanges(url: string, size: number, rangeBytes = RANGE_BYTES): Promise<Blob> {
  const parts: Blob[] = []
  let type = ''
  for (let start = 0; start < size; start += rangeBytes) {
    const end = Math.min(start + rangeBytes, size) - 1
    const response = await fetch(url, { headers: { Range: `bytes=${String(start)}-${String(end)}` } })
    if (response.status === 401) reportAccessRefused()
    if (response.status !== 206 && !(response.status === 200 && start === 0)) {
      throw new Error(`Download failed with status: ${String(response.status)}`)
    }
    type ||= response.headers.get('content-type') ?? ''
    const part = await response.blob()
    parts.push(part)
    if (response.status === 200) break
  }
  return new Blob(parts, { type })
}

function saveUrl(href: string, name: string): void {
  const link = document.createElement('a')
  link.href = href
  link.download = name
  link.rel = 'noopener noreferrer'
  // Browsers ignore `download` on another site's URL and navigate instead: never away from the app.
  if (new URL(href, window.location.href).origin !== window.location.origin) link.target = '_blank'
  document.body.append(link)
  link.click()
  link.remove()
}
