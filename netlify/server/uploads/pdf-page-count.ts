import { inflateSync, constants as zlib } from 'node:zlib'

import { LIMITS } from '../../../src/contract/limits'
import type { ByteStore } from '../storage/byte-store'
import type { StoredChunk } from './upload-documents'

/**
 * A PDF's page count, read from at most its first and its last 256 KB without a PDF library: the
 * trailer's `/Root` names the catalog, whose `/Pages` names the page tree's root, whose `/Count` is the
 * number of pages. Objects are found as written (`12 0 obj`) or inside a compressed object stream
 * (`/Type /ObjStm`, FlateDecode) within those windows; nothing past them is read. A count outside
 * 1..`LIMITS.pdfPagesMax`, or fewer than the root's own `/Kids`, is taken for a lie.
 */

/** How much of each end of the file is read (the whole file when it is at most twice this). */
export const PDF_WINDOW_BYTES = LIMITS.fileMetadataWindowBytes

/** After this long the reader gives up: inflating is bounded by bytes, this bounds the rest. */
const TIME_LIMIT_MS = 1_000

/** The bytes of the file from `start` to `end` (exclusive). */
export type ReadBytes = (start: number, end: number) => Promise<Uint8Array>

/**
 * The page count of the PDF of `size` bytes that `read` reads, or null when it cannot tell (not a PDF,
 * cut off, encrypted streams, a Pages root outside the windows, a count that lies). Never throws.
 */
export async function readPdfPageCount(size: number, read: ReadBytes): Promise<number | null> {
  try {
    return await pageCount(size, read)
  } catch {
    return null
  }
}

/**
 * The page count of a stored PDF, read through its chunks: the windows span at most three chunks (every
 * chunk but the last is at least 1 MiB), and `held`, a chunk still in memory, is not read again.
 */
export function readStoredPdfPageCount(
  bytes: ByteStore,
  file: { length: number; chunks: readonly StoredChunk[] },
  held?: { offset: number; bytes: Uint8Array },
): Promise<number | null> {
  const cache = new Map<string, Uint8Array>()
  const chunkBytes = async (chunk: StoredChunk): Promise<Uint8Array> => {
    if (held?.offset === chunk.start && held.bytes.length === chunk.size) return held.bytes
    const kept = cache.get(chunk.key) ?? (await bytes.get(chunk.key))
    if (kept?.length !== chunk.size) throw new Error(`Chunk ${chunk.key} could not be read`)
    cache.set(chunk.key, kept)
    return kept
  }
  return readPdfPageCount(file.length, async (start, end) => {
    const out = new Uint8Array(end - start)
    for (const chunk of file.chunks) {
      const chunkEnd = chunk.start + chunk.size
      if (chunkEnd <= start || chunk.start >= end) continue
      const data = await chunkBytes(chunk)
      const from = Math.max(start, chunk.start)
      out.set(data.subarray(from - chunk.start, Math.min(end, chunkEnd) - chunk.start), from - start)
    }
    return out
  })
}

interface Window {
  start: number
  text: string
}

interface Ref {
  num: number
  gen: number
}

/** An object as written in a window: where it starts in the file and its text after `obj`. */
interface Written extends Ref {
  position: number
  window: Window
  bodyStart: number
  bodyEnd: number
}

async function pageCount(size: number, read: ReadBytes): Promise<number | null> {
  const started = Date.now()
  if (size < 16) return null
  const ranges: [number, number][] =
    size <= 2 * PDF_WINDOW_BYTES
      ? [[0, size]]
      : [
          [0, PDF_WINDOW_BYTES],
          [size - PDF_WINDOW_BYTES, size],
        ]
  const windows: Window[] = []
  for (const [start, end] of ranges) windows.push({ start, text: latin1(await read(start, end)) })
  if (!/%PDF-\d/.test(windows[0]?.text.slice(0, 1024) ?? '')) return null
  const pdf = new PdfWindows(windows, started)
  const root = pdf.lastRef('Root')
  const catalog = root && pdf.object(root)
  const pagesRef = catalog && refIn(topLevel(catalog), 'Pages')
  const pages = pagesRef && pdf.object(pagesRef)
  if (!pages) return null
  const dict = topLevel(pages)
  if (!/\/Type\s*\/Pages(?![^\s/<>[\]()%])/.test(dict)) return null
  // One /Count: a second one (which would a reader believe?) is taken for a lie too.
  const counts = [...dict.matchAll(/\/Count(?![^\s/<>[\]()%])\s*([^\s/<>[\]()%]*)/g)]
  const total = counts.length === 1 && /^\d{1,6}$/.test(counts[0]?.[1] ?? '') ? Number(counts[0]?.[1]) : NaN
  if (!Number.isInteger(total) || total < 1 || total > LIMITS.pdfPagesMax) return null
  const kids = /\/Kids\s*\[([^\]]*)\]/.exec(dict)
  if (kids) {
    const listed = (kids[1] ?? '').match(/\d+\s+\d+\s+R/g)?.length ?? 0
    if (listed === 0 || listed > total) return null
  }
  return total
}

class PdfWindows {
  private readonly written: Written[] = []
  private readonly streams: Written[] = []
  private readonly inflated = new Map<Written, Map<number, string> | null>()
  private inflatedBytes = 0

  constructor(
    private readonly windows: Window[],
    private readonly started: number,
  ) {
    for (const window of windows) {
      const found = [...window.text.matchAll(/(?<!\d)(\d{1,10})\s+(\d{1,5})\s+obj(?![^\s/<>[\]()%])/g)]
      const ends = [...window.text.matchAll(/endobj/g)].map((match) => match.index)
      let end = 0
      found.forEach((match, index) => {
        const bodyStart = match.index + match[0].length
        while (end < ends.length && (ends[end] ?? 0) < bodyStart) end++
        // An object ends at its endobj, or where the next one begins: one pass, however hostile.
        const bodyEnd = Math.min(
          ends[end] ?? window.text.length,
          found[index + 1]?.index ?? window.text.length,
        )
        const object: Written = {
          num: Number(match[1]),
          gen: Number(match[2]),
          position: window.start + match.index,
          window,
          bodyStart,
          bodyEnd,
        }
        this.written.push(object)
        if (/\/Type\s*\/ObjStm(?![^\s/<>[\]()%])/.test(topLevel(this.body(object)))) this.streams.push(object)
      })
    }
    // Latest in the file first: an incremental update's objects come after those they replace.
    this.written.sort((a, b) => b.position - a.position)
    this.streams.sort((a, b) => b.position - a.position)
  }

  /** The last `/<key> N G R` in the windows: the newest trailer's (or cross-reference stream's). */
  lastRef(key: string): Ref | null {
    let found: { ref: Ref; position: number } | null = null
    const pattern = new RegExp(`/${key}\\s+(\\d{1,10})\\s+(\\d{1,5})\\s+R(?![^\\s/<>[\\]()%])`, 'g')
    for (const window of this.windows) {
      for (const match of window.text.matchAll(pattern)) {
        const position = window.start + match.index
        if (!found || position > found.position) {
          found = { ref: { num: Number(match[1]), gen: Number(match[2]) }, position }
        }
      }
    }
    return found?.ref ?? null
  }

  /** The text of object `ref`: the newest written copy, or the newest object stream holding it. */
  object(ref: Ref): string | null {
    const written = this.written.find((object) => object.num === ref.num && object.gen === ref.gen)
    for (const stream of this.streams) {
      if (written && stream.position < written.position) break
      if (ref.gen !== 0) break
      const text = this.objectsOf(stream)?.get(ref.num)
      if (text !== undefined) return text
    }
    return written ? this.body(written) : null
  }

  private body(object: Written): string {
    return object.window.text.slice(object.bodyStart, object.bodyEnd)
  }

  /** The objects an object stream holds, by number: inflated once, within the byte and time bounds. */
  private objectsOf(stream: Written): Map<number, string> | null {
    if (this.inflated.has(stream)) return this.inflated.get(stream) ?? null
    let objects: Map<number, string> | null
    try {
      objects = this.inflate(stream)
    } catch {
      objects = null
    }
    this.inflated.set(stream, objects)
    return objects
  }

  private inflate(stream: Written): Map<number, string> | null {
    if (Date.now() - this.started > TIME_LIMIT_MS) throw new Error('Out of time')
    const room = Math.min(LIMITS.pdfObjectStreamBytes, LIMITS.pdfInflatedBytes - this.inflatedBytes)
    if (room <= 0) return null
    const body = this.body(stream)
    const dict = topLevel(body)
    const filter = /\/Filter\s*\[?\s*\/(\w+)\s*\]?/.exec(dict)?.[1]
    if (filter !== 'FlateDecode' && filter !== 'Fl') return null
    if (/\/DecodeParms/.test(dict)) return null
    const first = intIn(dict, 'First')
    const count = intIn(dict, 'N')
    if (first === null || count === null) return null
    const keyword = /\bstream(?:\r\n|\n|\r)/.exec(body.slice(dictEnd(body)))
    if (!keyword) return null
    const text = stream.window.text
    const dataStart = stream.bodyStart + dictEnd(body) + keyword.index + keyword[0].length
    const length = intIn(dict, 'Length')
    const dataEnd = Math.min(stream.bodyEnd, length === null ? stream.bodyEnd : dataStart + length)
    const data = Buffer.from(text.slice(dataStart, dataEnd), 'latin1')
    // A stream that would inflate past its room costs all of it (and throws, so it is not kept); one cut
    // off by the window gives what inflated before the cut.
    this.inflatedBytes += room
    const output = inflateSync(data, { maxOutputLength: room, finishFlush: zlib.Z_SYNC_FLUSH })
    this.inflatedBytes -= room - output.length
    const decoded = output.toString('latin1')
    const header = decoded.slice(0, first).match(/\d+/g) ?? []
    const entries: [number, number][] = []
    for (let index = 0; index + 1 < header.length && entries.length < count; index += 2) {
      entries.push([Number(header[index]), Number(header[index + 1])])
    }
    const objects = new Map<number, string>()
    entries.forEach(([num, offset], index) => {
      const next = entries[index + 1]?.[1]
      const start = first + offset
      const end = next === undefined || next < offset ? decoded.length : first + next
      if (!objects.has(num)) objects.set(num, decoded.slice(start, end))
    })
    return objects
  }
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
}

function refIn(dict: string, key: string): Ref | null {
  const match = new RegExp(`/${key}\\s+(\\d{1,10})\\s+(\\d{1,5})\\s+R(?![^\\s/<>[\\]()%])`).exec(dict)
  return match ? { num: Number(match[1]), gen: Number(match[2]) } : null
}

function intIn(dict: string, key: string): number | null {
  const match = new RegExp(`/${key}\\s+(\\d{1,10})(?![\\d.]|\\s+\\d+\\s+R)`).exec(dict)
  return match ? Number(match[1]) : null
}

/**
 * The outermost dictionary of an object's text with its nested dictionaries, strings and comments left
 * out, so a key inside a nested dictionary (or a string that looks like one) is never read as its own.
 */
function topLevel(text: string): string {
  let depth = 0
  let kept = ''
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (char === '%') {
      while (index < text.length && text[index] !== '\n' && text[index] !== '\r') index++
    } else if (char === '(') {
      index = stringEnd(text, index)
    } else if (char === '<' && text[index + 1] === '<') {
      depth++
      index++
      if (depth === 1) continue
    } else if (char === '>' && text[index + 1] === '>') {
      depth--
      index++
      if (depth === 0) return kept
    } else if (char === '<') {
      const close = text.indexOf('>', index)
      index = close === -1 ? text.length : close
    } else if (depth === 1) {
      kept += char ?? ''
    } else if (depth === 0 && !/\s/.test(char ?? '')) {
      // Something before the dictionary: the object is not a dictionary.
      return kept
    }
  }
  return kept
}

/** Where the outermost dictionary of `text` ends (past its `>>`), or 0 when it has none. */
function dictEnd(text: string): number {
  let depth = 0
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (char === '(') index = stringEnd(text, index)
    else if (char === '<' && text[index + 1] === '<') {
      depth++
      index++
    } else if (char === '>' && text[index + 1] === '>') {
      depth--
      index++
      if (depth === 0) return index + 1
    }
  }
  return 0
}

/** The index of the `)` closing the string literal opened at `open` (strings nest; `\` escapes). */
function stringEnd(text: string, open: number): number {
  let depth = 0
  for (let index = open; index < text.length; index++) {
    const char = text[index]
    if (char === '\\') index++
    else if (char === '(') depth++
    else if (char === ')' && --depth === 0) return index
  }
  return text.length
}
