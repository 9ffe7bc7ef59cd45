import type { ByteStore } from '../storage/byte-store'
import type { FileManifest, StoredChunk } from '../uploads/upload-documents'
import { contentDisposition } from '../uploads/file-names'
import { FILE_CACHE_TAG_HEADER, fileCacheTag } from './file-cache'

/**
 * The most bytes one ranged response carries. Netlify streams at most 20 MB per response, so larger
 * files are served in ranges; browsers' media elements and the download helper ask for them in turn.
 */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024

/**
 * A request without `Range` gets the whole file up to this size, so `<img>`, plain links and the Image
 * CDN (which never sends `Range`) read images of up to 16 MiB whole; a larger file gets its first range.
 */
export const MAX_WHOLE_RESPONSE_BYTES = 16 * 1024 * 1024

type ByteRange = { start: number; end: number }

/**
 * Answers GET or HEAD of a stored file: `Range` gives 206 with `Content-Range` (416 when unsatisfiable),
 * a request without one gets the whole file, or its first range when the file is larger than
 * `MAX_WHOLE_RESPONSE_BYTES`. Every response carries the file's serving policy and its cache tag. Null when the file's
 * first chunk is gone: the file was deleted after this instance cached its manifest.
 */
export async function fileResponse(
  bytes: ByteStore,
  manifest: FileManifest,
  request: Request,
): Promise<Response | null> {
  const headers = fileHeaders(manifest)
  const etag = `"${manifest.id}"`
  if (matchesEtag(request.headers.get('if-none-match'), etag))
    return new Response(null, { status: 304, headers })

  const ifRange = request.headers.get('if-range')
  const rangeHeader = ifRange === null || ifRange === etag ? request.headers.get('range') : null
  const requested = rangeHeader === null ? null : parseRange(rangeHeader, manifest.size)
  if (requested === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${String(manifest.size)}`)
    headers.set('Content-Type', 'application/json; charset=utf-8')
    headers.delete('Content-Disposition')
    const body = JSON.stringify({
      error: `Range not satisfiable: the file has ${String(manifest.size)} bytes`,
    })
    return new Response(request.method === 'HEAD' ? null : body, { status: 416, headers })
  }

  const whole = requested === null && manifest.size <= MAX_WHOLE_RESPONSE_BYTES
  const range = requested ?? { start: 0, end: manifest.size - 1 }
  if (!whole) range.end = Math.min(range.end, range.start + MAX_RESPONSE_BYTES - 1)
  const length = manifest.size === 0 ? 0 : range.end - range.start + 1
  const status = whole ? 200 : 206
  headers.set('Content-Length', String(length))
  if (!whole)
    headers.set('Content-Range', `bytes ${String(range.start)}-${String(range.end)}/${String(manifest.size)}`)
  if (request.method === 'HEAD' || length === 0) return new Response(null, { status, headers })
  const needed = manifest.chunks.filter(
    (chunk) => chunk.start <= range.end && chunk.start + chunk.size > range.start,
  )
  const [firstChunk] = needed
  const firstBytes = firstChunk ? await bytes.get(firstChunk.key) : null
  if (firstChunk && firstBytes === null) return null
  return new Response(streamRange(bytes, needed, range, firstBytes), { status, headers })
}

function fileHeaders(manifest: FileManifest): Headers {
  const headers = new Headers({
    'Content-Type': manifest.content_type,
    'Content-Disposition': contentDisposition(manifest.disposition, manifest.name),
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'bytes',
    ETag: `"${manifest.id}"`,
    // The bytes under a file id never change; removing the file purges its tag from the CDN.
    'Cache-Control': 'public, max-age=31536000, immutable',
    [FILE_CACHE_TAG_HEADER]: fileCacheTag(manifest.id),
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': manifest.sandbox
      ? "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox"
      : "frame-ancestors 'self'",
  })
  return headers
}

function matchesEtag(header: string | null, etag: string): boolean {
  return header !== null && header.split(',').some((tag) => [etag, `W/${etag}`, '*'].includes(tag.trim()))
}

/**
 * The first range of a `Range: bytes=...` header. Syntax a server may ignore (RFC 9110) reads as no
 * range; a range that starts past the end is unsatisfiable.
 */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*(?:,|$)/i.exec(header.trim())
  if (!match) return null
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return null
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(size - suffix, 0), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (last !== '' && Number(last) < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end }
}

/**
 * Streams `range` out of the chunks that overlap it, reading one chunk at a time as the client takes
 * bytes. The first chunk is already read, which showed the file still exists.
 */
function streamRange(
  bytes: ByteStore,
  needed: readonly StoredChunk[],
  range: ByteRange,
  firstBytes: Uint8Array | null,
): ReadableStream<Uint8Array> {
  let next = 0
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = needed[next]
      if (!chunk) {
        controller.close()
        return
      }
      const data = next === 0 ? firstBytes : await bytes.get(chunk.key)
      next++
      if (!data) {
        controller.error(new Error(`Chunk ${chunk.key} is missing`))
        return
      }
      const from = Math.max(range.start - chunk.start, 0)
      const to = Math.min(range.end + 1 - chunk.start, chunk.size)
      controller.enqueue(data.subarray(from, to))
    },
  })
}
