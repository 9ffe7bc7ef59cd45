import { fileRequest } from '../../../lib/api-client'

/** A text preview shows at most this much of the file. */
export const TEXT_PREVIEW_BYTES = 100 * 1024

export interface TextHead {
  text: string
  /** The file is longer than what is shown. */
  cut: boolean
}

/**
 * The first `TEXT_PREVIEW_BYTES` of a text file, decoded as UTF-8. It asks for that range; a server
 * that ignores `Range` sends the whole file, which is read only up to the limit. File bytes are not an
 * API answer, so this reads them with the client's `fileRequest`, as downloads do.
 */
export async function readTextHead(
  url: string,
  { knownSize, signal }: { knownSize: number; signal?: AbortSignal },
): Promise<TextHead> {
  const response = await fileRequest(url, { range: { start: 0, end: TEXT_PREVIEW_BYTES }, signal })
  // An empty file has no first byte: the range is unsatisfiable.
  if (response.status === 416) return { text: '', cut: false }
  if (!response.ok) throw new Error(`The file could not be read (status ${String(response.status)})`)
  const { bytes, more } = await readAtMost(response, TEXT_PREVIEW_BYTES)
  // A whole answer (200) that ended is the whole file; a range answer says how long the file is, or,
  // when another site does not expose that header, the record's size does.
  const total = response.status === 200 ? bytes.length : (totalSize(response) ?? knownSize)
  const cut = more || total > bytes.length
  // `stream: true` holds back a character cut in half at the end instead of showing a replacement mark.
  return { text: new TextDecoder('utf-8').decode(bytes, { stream: cut }), cut }
}

/** The file's size from `Content-Range: bytes 0-99/1234`, when the server sent it and may show it. */
function totalSize(response: Response): number | null {
  const total = /\/(\d+)\s*$/.exec(response.headers.get('content-range') ?? '')?.[1]
  return total === undefined ? null : Number(total)
}

/** Reads up to `limit` bytes of the body and stops; `more` when the body went on past them. */
async function readAtMost(response: Response, limit: number): Promise<{ bytes: Uint8Array; more: boolean }> {
  const bytes = new Uint8Array(limit)
  let length = 0
  let more = false
  const reader = response.body?.getReader()
  if (!reader) return { bytes: bytes.subarray(0, 0), more }
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    const room = limit - length
    bytes.set(value.subarray(0, room), length)
    length += Math.min(value.length, room)
    if (value.length > room || length === limit) {
      more = value.length > room
      await reader.cancel()
      break
    }
  }
  return { bytes: bytes.subarray(0, length), more }
}
