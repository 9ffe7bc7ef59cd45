import { inflateSync, constants as zlib } from 'node:zlib'

import { LIMITS } from '../../../src/contract/limits'
import {
  BudgetSpentError,
  entryOf,
  integersIn,
  intOf,
  isDigit,
  isRegular,
  isWhitespace,
  nameOf,
  parseValue,
  type PdfValue,
  type ReadBudget,
} from './pdf-syntax'

/** Part of the file, as latin1 text (one character a byte), and where it starts in the file. */
export interface Window {
  start: number
  text: string
}

export interface Ref {
  num: number
  gen: number
}

/** An object as written in a window: where it starts in the file and where its body lies. */
interface Written extends Ref {
  position: number
  window: Window
  bodyStart: number
  bodyEnd: number
}

/** A written object stream: its dictionary and where that ends. */
interface ObjectStream {
  object: Written
  dict: PdfValue
  dictEnd: number
}

/** The objects an object stream holds: its inflated text and where each object lies in it. */
interface StreamObjects {
  text: string
  spans: Map<number, [number, number]>
}

/**
 * The objects of a PDF's windows, found as written (`12 0 obj`) or inside a compressed object stream
 * (`/Type /ObjStm`, FlateDecode). Every scan moves forward through the text and pays the budget for
 * what it passes, and each object is parsed at most once, so the work is linear in the bytes read.
 */
export class PdfObjects {
  /** The newest written copy of each object, by `num gen`. */
  private readonly written = new Map<string, Written>()
  /** Object streams, latest in the file first: an incremental update's come after those they replace. */
  private readonly streams: ObjectStream[] = []
  private readonly parsed = new Map<Written, PdfValue | null>()
  private readonly inflated = new Map<ObjectStream, StreamObjects | null>()
  private readonly parsedInStreams = new Map<string, PdfValue | null>()
  private inflatedBytes = 0

  constructor(
    private readonly windows: readonly Window[],
    private readonly budget: ReadBudget,
  ) {
    for (const window of windows) {
      const objects = this.index(window)
      const marks = this.positionsOf(window.text, '/ObjStm')
      let mark = 0
      for (const object of objects) {
        const key = `${String(object.num)} ${String(object.gen)}`
        const known = this.written.get(key)
        if (!known || known.position < object.position) this.written.set(key, object)
        // Only a body naming /ObjStm is parsed here: the rest wait until the page tree asks for them.
        while (mark < marks.length && (marks[mark] ?? 0) < object.bodyStart) mark++
        if (mark < marks.length && (marks[mark] ?? 0) < object.bodyEnd) this.noteObjectStream(object)
      }
    }
    this.streams.sort((a, b) => b.object.position - a.object.position)
  }

  /** The last `/<key> N G R` in the windows: the newest trailer's (or cross-reference stream's). */
  lastRef(key: string): Ref | null {
    let found: Ref | null = null
    for (const window of this.windows) {
      for (const at of this.positionsOf(window.text, `/${key}`))
        found = this.refAt(window.text, at + key.length + 1) ?? found
    }
    return found
  }

  /** The value of object `ref`: the newest written copy, or the newest object stream holding it. */
  object(ref: Ref): PdfValue | null {
    const written = this.written.get(`${String(ref.num)} ${String(ref.gen)}`)
    for (const stream of ref.gen === 0 ? this.streams : []) {
      if (written && stream.object.position < written.position) break
      const found = this.fromStream(stream, ref.num)
      if (found !== undefined) return found
    }
    return written ? this.parseWritten(written) : null
  }

  /**
   * Every `N G obj` in the window, each body running to its `endobj` or to the next object, whichever
   * comes first. Found from each `obj` backwards: the look back crosses only digits and spaces, so it
   * never reaches the previous `obj`, and each character is passed at most twice.
   */
  private index(window: Window): Written[] {
    const { text } = window
    const objects: Written[] = []
    const ends: number[] = []
    for (const at of this.positionsOf(text, 'obj')) {
      if (isRegular(text.charCodeAt(at + 3))) continue
      if (text.startsWith('end', at - 3)) ends.push(at - 3)
      else this.noteHeaderBefore(window, at, objects)
    }
    let end = 0
    objects.forEach((object, index) => {
      while (end < ends.length && (ends[end] ?? 0) < object.bodyStart) end++
      const next = objects[index + 1]
      object.bodyEnd = Math.min(ends[end] ?? text.length, next ? next.position - window.start : text.length)
    })
    return objects
  }

  /**
   * Adds the object whose `N G` stands before the `obj` at `at` to `objects`: 1-10 and 1-5 digits, each
   * after white space, the first after no digit.
   */
  private noteHeaderBefore(window: Window, at: number, objects: Written[]): void {
    const { text } = window
    let position = skipBack(text, at, isWhitespace, Infinity)
    if (position === at) return
    const genEnd = position
    position = skipBack(text, genEnd, isDigit, 5)
    const genStart = position
    position = skipBack(text, genStart, isWhitespace, Infinity)
    const numEnd = position
    position = skipBack(text, numEnd, isDigit, 10)
    this.budget.spend(at - position)
    if (genStart === genEnd || numEnd === genStart || position === numEnd) return
    if (isDigit(text.charCodeAt(position - 1))) return
    objects.push({
      num: Number(text.slice(position, numEnd)),
      gen: Number(text.slice(genStart, genEnd)),
      position: window.start + position,
      window,
      bodyStart: at + 3,
      bodyEnd: text.length,
    })
  }

  /** `N G R` at `at`, after white space, with nothing regular after it; null if it is not there. */
  private refAt(text: string, at: number): Ref | null {
    let position = at
    const run = (accept: (code: number) => boolean, most: number) => {
      const from = position
      while (position < text.length && position - from < most && accept(text.charCodeAt(position))) position++
      this.budget.spend(position - from)
      return text.slice(from, position)
    }
    if (!run(isWhitespace, Infinity)) return null
    const num = run(isDigit, 10)
    if (!num || !run(isWhitespace, Infinity)) return null
    const gen = run(isDigit, 5)
    if (
      !gen ||
      !run(isWhitespace, Infinity) ||
      text[position] !== 'R' ||
      isRegular(text.charCodeAt(position + 1))
    )
      return null
    return { num: Number(num), gen: Number(gen) }
  }

  /** Where `needle` occurs in `text`, in order; the search passes each character once. */
  private positionsOf(text: string, needle: string): number[] {
    const found: number[] = []
    let passed = 0
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
      this.budget.spend(at + needle.length - passed)
      passed = at + needle.length
      found.push(at)
    }
    this.budget.spend(Math.max(0, text.length - passed))
    return found
  }

  private noteObjectStream(object: Written): void {
    const parsed = parseValue(object.window.text, object.bodyStart, object.bodyEnd, this.budget)
    if (parsed && nameOf(entryOf(parsed.value, 'Type')) === 'ObjStm') {
      this.streams.push({ object, dict: parsed.value, dictEnd: parsed.end })
    }
  }

  private parseWritten(object: Written): PdfValue | null {
    if (!this.parsed.has(object)) {
      const parsed = parseValue(object.window.text, object.bodyStart, object.bodyEnd, this.budget)
      this.parsed.set(object, parsed?.value ?? null)
    }
    return this.parsed.get(object) ?? null
  }

  /** Object `num` of `stream`, parsed once; undefined when the stream does not hold it. */
  private fromStream(stream: ObjectStream, num: number): PdfValue | null | undefined {
    const objects = this.objectsOf(stream)
    const span = objects?.spans.get(num)
    if (!objects || !span) return undefined
    const key = `${String(stream.object.position)}:${String(num)}`
    if (!this.parsedInStreams.has(key)) {
      this.parsedInStreams.set(key, parseValue(objects.text, span[0], span[1], this.budget)?.value ?? null)
    }
    return this.parsedInStreams.get(key) ?? null
  }

  /** The objects an object stream holds: inflated once, within the byte bounds. */
  private objectsOf(stream: ObjectStream): StreamObjects | null {
    if (!this.inflated.has(stream)) {
      let objects: StreamObjects | null
      try {
        objects = this.inflate(stream)
      } catch (error) {
        if (error instanceof BudgetSpentError) throw error
        objects = null
      }
      this.inflated.set(stream, objects)
    }
    return this.inflated.get(stream) ?? null
  }

  private inflate({ object, dict, dictEnd }: ObjectStream): StreamObjects | null {
    this.budget.checkClock()
    const room = Math.min(LIMITS.pdfObjectStreamBytes, LIMITS.pdfInflatedBytes - this.inflatedBytes)
    if (room <= 0) return null
    const filter = entryOf(dict, 'Filter')
    const only = filter?.kind === 'array' && filter.items.length === 1 ? filter.items[0] : filter
    if (!['FlateDecode', 'Fl'].includes(nameOf(only) ?? '')) return null
    if (entryOf(dict, 'DecodeParms') !== undefined) return null
    const first = intOf(entryOf(dict, 'First'))
    const count = intOf(entryOf(dict, 'N'))
    if (first === null || count === null || first < 0 || count < 0) return null
    const { text } = object.window
    const dataStart = streamDataStart(text, dictEnd, object.bodyEnd, this.budget)
    if (dataStart === null) return null
    const length = intOf(entryOf(dict, 'Length'))
    const dataEnd = Math.min(
      object.bodyEnd,
      length === null || length < 0 ? object.bodyEnd : dataStart + length,
    )
    this.budget.spend(Math.max(0, dataEnd - dataStart))
    const data = Buffer.from(text.slice(dataStart, dataEnd), 'latin1')
    // A stream that would inflate past its room costs all of it (and throws, so it is not kept); one cut
    // off by the window gives what inflated before the cut.
    this.inflatedBytes += room
    const output = inflateSync(data, { maxOutputLength: room, finishFlush: zlib.Z_SYNC_FLUSH })
    this.inflatedBytes -= room - output.length
    this.budget.spend(output.length)
    const decoded = output.toString('latin1')
    const header = integersIn(decoded, 0, Math.min(first, decoded.length), this.budget)
    const entries: [number, number][] = []
    for (let index = 0; index + 1 < header.length && entries.length < count; index += 2) {
      entries.push([header[index] ?? 0, header[index + 1] ?? 0])
    }
    const spans = new Map<number, [number, number]>()
    entries.forEach(([num, offset], index) => {
      const next = entries[index + 1]?.[1]
      const end = next === undefined || next < offset ? decoded.length : first + next
      if (!spans.has(num))
        spans.set(num, [Math.min(first + offset, decoded.length), Math.min(end, decoded.length)])
    })
    return { text: decoded, spans }
  }
}

/** Where a run of at most `most` characters that `accept` takes, ending at `from`, starts. */
function skipBack(text: string, from: number, accept: (code: number) => boolean, most: number): number {
  let position = from
  while (position > 0 && from - position < most && accept(text.charCodeAt(position - 1))) position--
  return position
}

/** Where a stream's data starts: past white space, `stream` and its end of line, right after the dictionary. */
function streamDataStart(text: string, from: number, end: number, budget: ReadBudget): number | null {
  let position = from
  while (position < end && isWhitespace(text.charCodeAt(position))) position++
  budget.spend(position - from)
  if (!text.startsWith('stream', position)) return null
  position += 'stream'.length
  if (text.startsWith('\r\n', position)) return position + 2
  return text[position] === '\n' || text[position] === '\r' ? position + 1 : null
}
