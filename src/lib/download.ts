import { extensionOf } from '../contract/file-types'
import type { MediaRecord } from '../contract/record'
import { FILES_PREFIX } from '../contract/upload-paths'
import { fileRequest } from './api-client'
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
  if (!url.startsWith(FILES_PREFIX)) {
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

/** A file the server would not hand over: `status` is its answer (404 for a file that is gone). */
export class DownloadStatusError extends Error {
  constructor(readonly status: number) {
    super(`Download failed with status: ${String(status)}`)
    this.name = 'DownloadStatusError'
  }
}

/** Reads a file with consecutive `Range` requests and returns it whole. */
export async function fetchInRanges(url: string, size: number, rangeBytes = RANGE_BYTES): Promise<Blob> {
  const parts: Blob[] = []
  let type = ''
  for (let start = 0; start < size; start += rangeBytes) {
    const response = await fetchRange(url, start, Math.min(start + rangeBytes, size))
    type ||= response.headers.get('content-type') ?? ''
    const part = await response.blob()
    parts.push(part)
    if (response.status === 200) break
  }
  return new Blob(parts, { type })
}

interface StreamOptions {
  signal?: AbortSignal
  /** The most one response carries. */
  rangeBytes?: number
}

/**
 * The streaming form of `fetchInRanges`: asks for the first window at once (so a file that is gone
 * fails here, before anything of it is used), then hands its bytes on as they arrive and asks for
 * each next window only once the one before has been read. At most one window's response is open;
 * nothing is kept. A size of 0 or less is read with one plain request.
 */
export async function openInRanges(
  url: string,
  size: number,
  { signal, rangeBytes = RANGE_BYTES }: StreamOptions = {},
): Promise<ReadableStream<Uint8Array>> {
  if (size <= 0) return bodyOf(await fetchRange(url, 0, null, signal))
  let next = Math.min(rangeBytes, size)
  const first = await fetchRange(url, 0, next, signal)
  // The server's own total wins over the record's size, which may be out of date.
  const total = first.status === 200 ? 0 : (totalOf(first) ?? size)
  let reader = bodyOf(first).getReader()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const { done, value } = await reader.read()
        if (!done) {
          controller.enqueue(value)
          return
        }
        if (next >= total) {
          controller.close()
          return
        }
        const end = Math.min(next + rangeBytes, total)
        const response = await fetchRange(url, next, end, signal)
        next = end
        reader = bodyOf(response).getReader()
      }
    },
    cancel(reason) {
      return reader.cancel(reason)
    },
  })
}

/** Bytes `start` up to (not including) `end`, or the whole file for a null `end`. */
async function fetchRange(url: string, start: number, end: number | null, signal?: AbortSignal) {
  const response = await fileRequest(url, { range: end === null ? undefined : { start, end }, signal })
  if (response.status !== 206 && !(response.status === 200 && start === 0)) {
    await response.body?.cancel()
    throw new DownloadStatusError(response.status)
  }
  return response
}

/** The file's whole size from a `Content-Range: bytes 0-99/1234` answer. */
function totalOf(response: Response): number | null {
  const total = /\/(\d+)\s*$/.exec(response.headers.get('content-range') ?? '')?.[1]
  return total === undefined ? null : Number(total)
}

function bodyOf(response: Response): ReadableStream<Uint8Array> {
  return (
    response.body ??
    new ReadableStream({
      start: (controller) => {
        controller.close()
      },
    })
  )
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
