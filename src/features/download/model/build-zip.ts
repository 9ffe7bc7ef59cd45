import { makeZip } from 'client-zip'

import { REPORT_NAME, reportText, type FileProblem } from './download-report'

/** One file to put in the archive. */
export interface ZipSource {
  /** Its name in the archive: already safe and unique (`entry-names.ts`). */
  name: string
  /** What the library calls it, for the report. */
  title: string
  /** The bytes expected, for progress; 0 when unknown. */
  size: number
  /** The entry's date. */
  lastModified: Date
  /** Starts reading the file; rejects when it cannot be read at all. */
  open: (signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>
}

export interface ZipProgress {
  bytesDone: number
  /** The bytes expected of the files still in the archive: a file that could not be read drops out. */
  bytesTotal: number
  filesDone: number
  filesTotal: number
}

export interface ZipSummary {
  /** Names of the entries written whole. */
  zipped: string[]
  /** Files missing from the archive, or cut short in it, with why. */
  problems: FileProblem[]
}

interface BuildOptions {
  signal: AbortSignal
  onProgress?: (progress: ZipProgress) => void
  /** When the report says the archive was made; the report's own entry date. */
  now?: () => Date
}

// eslint-disable-next-line @typescript-eslint/require-await -- an async iterable is what the entry takes
async function* textChunks(text: string) {
  yield text
}

/**
 * Streams a ZIP of `sources` (stored, not compressed; ZIP64 where needed) while it is read: each file
 * is opened only when the one before is written, and its bytes pass straight through, so memory holds
 * one window of one file at a time. A file that cannot be opened is left out and one that breaks off
 * is ended where it broke; either is listed in `download-report.txt`, the last entry, and in the
 * summary, which settles once every file has been tried. An abort stops every read and errors the
 * stream.
 */
export function buildZip(
  sources: readonly ZipSource[],
  { signal, onProgress, now = () => new Date() }: BuildOptions,
): { stream: ReadableStream<Uint8Array>; summary: Promise<ZipSummary> } {
  const progress: ZipProgress = {
    bytesDone: 0,
    bytesTotal: sources.reduce((sum, source) => sum + Math.max(0, source.size), 0),
    filesDone: 0,
    filesTotal: sources.length,
  }
  const tell = () => onProgress?.({ ...progress })
  const zipped: string[] = []
  const problems: FileProblem[] = []
  let settle: (summary: ZipSummary) => void = () => undefined
  let fail: (reason: unknown) => void = () => undefined
  const summary = new Promise<ZipSummary>((resolve, reject) => {
    settle = resolve
    fail = reject
  })
  // The stream's reader reports an abort; the summary must not also reject unheard.
  summary.catch(() => undefined)

  /** Passes a file's bytes on, counting them; a break ends the entry and is noted. */
  async function* counted(source: ZipSource, body: ReadableStream<Uint8Array>) {
    let read = 0
    const reader = body.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        read += value.byteLength
        progress.bytesDone += value.byteLength
        tell()
        yield value
      }
      zipped.push(source.name)
    } catch (reason) {
      if (signal.aborted) throw reason
      problems.push({ name: source.name, title: source.title, reason, bytesRead: read, size: source.size })
      progress.bytesTotal -= Math.max(0, source.size - read)
    } finally {
      reader.releaseLock()
    }
    progress.filesDone += 1
    tell()
  }

  async function* entries() {
    tell()
    for (const source of sources) {
      signal.throwIfAborted()
      let body: ReadableStream<Uint8Array>
      try {
        body = await source.open(signal)
      } catch (reason) {
        if (signal.aborted) throw reason
        problems.push({ name: source.name, title: source.title, reason, bytesRead: 0, size: source.size })
        progress.bytesTotal -= Math.max(0, source.size)
        progress.filesDone += 1
        tell()
        continue
      }
      yield { name: source.name, lastModified: source.lastModified, input: counted(source, body) }
    }
    signal.throwIfAborted()
    const made = now()
    if (problems.length > 0 && zipped.length > 0) {
      const text = reportText(zipped.length, problems, made)
      // As a stream like the files, so the text is encoded where the archive is (a string input is
      // encoded by client-zip's own realm, which test DOMs do not share).
      yield { name: REPORT_NAME, lastModified: made, input: textChunks(text) }
    }
    settle({ zipped, problems })
  }

  async function* guarded() {
    try {
      yield* entries()
    } catch (reason) {
      fail(reason)
      throw reason
    }
  }

  return { stream: makeZip(guarded(), { buffersAreUTF8: true }), summary }
}
