import { LIMITS } from '../../../src/contract/limits'
import type { ByteStore } from '../storage/byte-store'
import { PdfObjects, type Window } from './pdf-objects'
import { BudgetSpentError, entryOf, intOf, nameOf, ReadBudget } from './pdf-syntax'
import type { StoredChunk } from './upload-documents'

/**
 * A PDF's page count, read from at most its first and its last 256 KB without a PDF library: the
 * trailer's `/Root` names the catalog, whose `/Pages` names the page tree's root, whose `/Count` is the
 * number of pages. Objects are found as written (`12 0 obj`) or inside a compressed object stream
 * (`/Type /ObjStm`, FlateDecode) within those windows (`pdf-objects.ts`); nothing past them is read. A
 * count outside 1..`LIMITS.pdfPagesMax`, or fewer than the root's own `/Kids`, is taken for a lie.
 *
 * The whole read, from asking for the bytes to the last check, runs within one `ReadBudget`: 1 s and
 * a number of work units proportional to the bytes it may read and inflate. An upload waits on it no
 * longer than that; a file that spends it is stored with its page count unknown (decision 0064).
 */

/** How much of each end of the file is read (the whole file when it is at most twice this). */
export const PDF_WINDOW_BYTES = LIMITS.fileMetadataWindowBytes

/** The most an upload waits for its page count. */
export const PDF_TIME_LIMIT_MS = 1_000

/**
 * Work units a read may spend: each byte of the windows may be passed a few times (the scans for
 * objects, the parse of the few that matter) and each byte inflated twice (inflated, then parsed). A
 * well-formed PDF spends a small part of it.
 */
export const PDF_WORK_UNITS = 8 * 2 * PDF_WINDOW_BYTES + 2 * LIMITS.pdfInflatedBytes

/** A budget for one read, starting now. */
export const pdfReadBudget = () => new ReadBudget(PDF_WORK_UNITS, Date.now() + PDF_TIME_LIMIT_MS)

/** The bytes of the file from `start` to `end` (exclusive). */
export type ReadBytes = (start: number, end: number) => Promise<Uint8Array>

/**
 * The page count of the PDF of `size` bytes that `read` reads, or null when it cannot tell (not a PDF,
 * cut off, encrypted streams, a Pages root outside the windows, a count that lies, the budget spent).
 * Never throws. `budget.spent` tells afterwards how much work the read did.
 */
export async function readPdfPageCount(
  size: number,
  read: ReadBytes,
  budget: ReadBudget = pdfReadBudget(),
): Promise<number | null> {
  try {
    return await pageCount(size, read, budget)
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
  budget: ReadBudget = pdfReadBudget(),
): Promise<number | null> {
  const cache = new Map<string, Uint8Array>()
  const chunkBytes = async (chunk: StoredChunk): Promise<Uint8Array> => {
    if (held?.offset === chunk.start && held.bytes.length === chunk.size) return held.bytes
    const kept = cache.get(chunk.key) ?? (await bytes.get(chunk.key))
    if (kept?.length !== chunk.size) throw new Error(`Chunk ${chunk.key} could not be read`)
    cache.set(chunk.key, kept)
    return kept
  }
  return readPdfPageCount(
    file.length,
    async (start, end) => {
      const out = new Uint8Array(end - start)
      for (const chunk of file.chunks) {
        const chunkEnd = chunk.start + chunk.size
        if (chunkEnd <= start || chunk.start >= end) continue
        const data = await chunkBytes(chunk)
        const from = Math.max(start, chunk.start)
        out.set(data.subarray(from - chunk.start, Math.min(end, chunkEnd) - chunk.start), from - start)
      }
      return out
    },
    budget,
  )
}

async function pageCount(size: number, read: ReadBytes, budget: ReadBudget): Promise<number | null> {
  if (size < 16) return null
  const ranges: [number, number][] =
    size <= 2 * PDF_WINDOW_BYTES
      ? [[0, size]]
      : [
          [0, PDF_WINDOW_BYTES],
          [size - PDF_WINDOW_BYTES, size],
        ]
  const windows: Window[] = []
  for (const [start, end] of ranges) {
    const bytes = await withinDeadline(read(start, end), budget.deadline)
    budget.spend(bytes.length)
    windows.push({
      start,
      text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'),
    })
  }
  budget.checkClock()
  if (!/%PDF-\d/.test(windows[0]?.text.slice(0, 1024) ?? '')) return null
  const pdf = new PdfObjects(windows, budget)
  const root = pdf.lastRef('Root')
  const pagesRef = root && entryOf(pdf.object(root), 'Pages')
  const pages = pagesRef?.kind === 'ref' ? pdf.object(pagesRef) : null
  if (nameOf(entryOf(pages, 'Type')) !== 'Pages') return null
  // A /Count given twice reads as neither (which would a reader believe?).
  const total = intOf(entryOf(pages, 'Count'))
  if (total === null || total < 1 || total > LIMITS.pdfPagesMax) return null
  const kids = entryOf(pages, 'Kids')
  if (kids?.kind === 'array') {
    const listed = kids.items.filter((kid) => kid.kind === 'ref').length
    if (listed === 0 || listed > total) return null
  } else if (kids !== undefined && kids.kind !== 'ref') return null
  // Work spent in small amounts may not have looked at the clock yet.
  budget.checkClock()
  return total
}

/** `reading`, unless the deadline comes first; a read left behind settles unwatched. */
async function withinDeadline<T>(reading: Promise<T>, deadline: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        reject(new BudgetSpentError('Out of time while reading'))
      },
      Math.max(0, deadline - Date.now()),
    )
  })
  reading.catch(() => undefined)
  try {
    return await Promise.race([reading, late])
  } finally {
    clearTimeout(timer)
  }
}
