import { pageOfId } from '../../../../contract/media-pages'
import type { MediaRecord } from '../../../../contract/record'
import { KEPT_MANIFEST, KEPT_ROW_STARTS, KEPT_ROWS } from '../../../../lib/storage-names'
import type { KeptPages } from '../../listing/listing-protocol'
import { NO_FILTERS, type Filters, type Sort } from '../../model/filters'
import { searchText } from '../media-index'
import { orderByStrings } from '../../../../contract/string-order'
import { titleSortKey } from '../../../../contract/title-key'
import { MOST_ROWS } from '../library-protocol'
import type { KeptFiles, KeptReader } from './kept-files'
import { decoder, IDS, isManifest, KEPT_LAYOUT, recordOf, recordsOfRows, type Manifest } from './kept-layout'

/** Rows encoded per slice of a write: the worker answers the page between slices. */
const WRITE_SLICE = 5_000
/** Rows decoded per slice of a whole read (`pages`): the worker answers the page between slices. */
const READ_SLICE = 5_000

const encoder = new TextEncoder()

const bytesOf = (view: Float64Array): Uint8Array =>
  new Uint8Array(view.buffer, view.byteOffset, view.byteLength)

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * Writes `records` (the whole library, in list order, as the server sent its pages under `etags`) as a
 * new generation, then the manifest naming it: a reload before the manifest is written opens the
 * previous generation. Older generations are then removed, except one another tab still reads (removed
 * at a later write). Returns the generation. The rows are encoded a slice at a time as the file takes
 * them: the file (about 430 MB at a million files) is never in memory whole.
 */
export async function writeKeptLibrary(
  files: KeptFiles,
  records: readonly MediaRecord[],
  etags: readonly string[],
): Promise<string> {
  const count = records.length
  const order = orderByStrings(records.map((record) => titleSortKey(record.title)))
  const generation = `g${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`
  const shapes: string[][] = []
  const shapeOf = new Map<string, number>()
  const starts = new Float64Array(count + 1)
  const ids = new Float64Array(count)
  let bytes = 0
  async function* slices(): AsyncGenerator<Uint8Array> {
    for (let slice = 0; slice < count; slice += WRITE_SLICE) {
      if (slice > 0) await pause()
      yield encodedSlice(slice, Math.min(count, slice + WRITE_SLICE))
    }
  }
  /** The rows of the title order's places `slice` to `end - 1`, noting where each starts and its id. */
  function encodedSlice(slice: number, end: number): Uint8Array {
    const encoded: Uint8Array[] = []
    let size = 0
    for (let place = slice; place < end; place++) {
      const record = records[order[place] ?? 0] as MediaRecord
      const keys = Object.keys(record)
      const name = keys.join(',')
      let shape = shapeOf.get(name)
      if (shape === undefined) {
        shape = shapes.length
        shapes.push(keys)
        shapeOf.set(name, shape)
      }
      const values = record as unknown as Record<string, unknown>
      const row = encoder.encode(`${JSON.stringify([shape, ...keys.map((key) => values[key])])}\n`)
      starts[place] = bytes + size
      size += row.length
      encoded.push(row)
      ids[place] = record.id
    }
    const part = new Uint8Array(size)
    let at = 0
    for (const row of encoded) {
      part.set(row, at)
      at += row.length
    }
    bytes += size
    return part
  }
  await files.write(`${generation}/${KEPT_ROWS}`, slices())
  starts[count] = bytes
  await files.write(`${generation}/${KEPT_ROW_STARTS}`, [bytesOf(starts)])
  await files.write(`${generation}/${IDS}`, [bytesOf(ids)])
  const manifest: Manifest = { layout: KEPT_LAYOUT, generation, count, shapes, bytes, etags: [...etags] }
  await files.write(KEPT_MANIFEST, [encoder.encode(JSON.stringify(manifest))])
  for (const name of await files.list().catch(() => [])) {
    if (name !== generation && name.startsWith('g')) await files.remove(name).catch(() => undefined)
  }
  return generation
}

/** What opening found: a library to read, nothing kept, or a store to drop (another layout, broken). */
export type Opened = { kind: 'open'; library: KeptLibrary } | { kind: 'none' } | { kind: 'unreadable' }

/**
 * Opens the kept library: reads the manifest and where each row starts (8 bytes a record), and opens
 * the rows for reading by ranges. Nothing else is read until asked.
 */
export async function openKeptLibrary(files: KeptFiles): Promise<Opened> {
  let reader: KeptReader | null = null
  try {
    const text = await files.read(KEPT_MANIFEST)
    if (text === null) return { kind: 'none' }
    const manifest: unknown = JSON.parse(decoder.decode(text))
    if (!isManifest(manifest) || manifest.layout !== KEPT_LAYOUT) return { kind: 'unreadable' }
    const { generation, count } = manifest
    const starts = await files.read(`${generation}/${KEPT_ROW_STARTS}`)
    if (starts?.length !== (count + 1) * 8) return { kind: 'unreadable' }
    reader = await files.reader(`${generation}/${KEPT_ROWS}`)
    const rowStarts = new Float64Array(starts.buffer, starts.byteOffset, count + 1)
    if (reader === null || reader.size !== manifest.bytes || rowStarts[count] !== manifest.bytes) {
      reader?.close()
      return { kind: 'unreadable' }
    }
    return { kind: 'open', library: new KeptLibrary(files, manifest, rowStarts, reader) }
  } catch {
    reader?.close()
    return { kind: 'unreadable' }
  }
}

/** Whether the kept library answers this query: the whole library in the title order, either way. */
export function keptAnswers(filters: Filters, sort: Sort): boolean {
  if (sort.key !== 'title' || searchText(filters) !== '') return false
  return (Object.keys(NO_FILTERS) as (keyof Filters)[]).every(
    (key) => key === 'query' || filters[key] === NO_FILTERS[key],
  )
}

/**
 * The library as the last complete listing left it, read from disk: its count, the rows of a window of
 * the title order (one read) and the ids of a range, in either direction.
 */
export class KeptLibrary {
  private ids: Promise<Float64Array> | null = null

  constructor(
    private readonly files: KeptFiles,
    private readonly manifest: Manifest,
    private readonly starts: Float64Array,
    private readonly reader: KeptReader,
  ) {}

  get count(): number {
    return this.manifest.count
  }

  get generation(): string {
    return this.manifest.generation
  }

  /** The ETag of each page as kept. */
  get etags(): readonly string[] {
    return this.manifest.etags
  }

  /**
   * The whole library as the listing's pages, each in id order under the ETag it was sent with: what
   * the worker's engine starts from on a reload. Read and decoded a slice at a time, with a pause
   * between slices, through a reader of its own (so it goes on should the kept answers retire and close
   * theirs): the rows file (about 430 MB at a million files) is never in memory whole beside the records
   * made from it. Throws when the file is not as written.
   */
  async pages(): Promise<KeptPages> {
    const { count, shapes, etags, generation, bytes: size } = this.manifest
    const reader = await this.files.reader(`${generation}/${KEPT_ROWS}`)
    if (reader?.size !== size) {
      reader?.close()
      throw new Error('The kept rows are not whole')
    }
    const pages: MediaRecord[][] = etags.map(() => [])
    try {
      for (let low = 0; low < count; low += READ_SLICE) {
        if (low > 0) await pause()
        const high = Math.min(count, low + READ_SLICE)
        const first = this.starts[low] ?? 0
        const length = (this.starts[high] ?? 0) - first
        const rows = await reader.read(first, length)
        if (rows.length !== length) throw new Error('The kept rows are not whole')
        for (const record of recordsOfRows(rows, shapes)) {
          const page = record.id > 0 ? pageOfId(record.id) : 0
          // A file added since the pages were last sent may lie on a page they did not have: it has no
          // ETag, so the server is asked for that page.
          while (pages.length <= page) pages.push([])
          pages[page]?.push(record)
        }
      }
    } finally {
      reader.close()
    }
    for (const page of pages) page.sort((a, b) => a.id - b.id)
    return { pages: pages.map((records, page) => ({ etag: etags[page] ?? '', records })) }
  }

  /** The title order's places `from` to `to` (at most MOST_ROWS), ascending: first to last. */
  private span(from: number, to: number, ascending: boolean, most: number): { low: number; high: number } {
    const { count } = this
    const start = Math.max(0, from)
    const end = Math.min(count, to, start + most)
    if (end <= start) return { low: 0, high: 0 }
    return ascending ? { low: start, high: end } : { low: count - end, high: count - start }
  }

  /** The rows shown from `from` up to `to` (not included), read in one range. */
  async rows(from: number, to: number, ascending: boolean): Promise<MediaRecord[]> {
    const { low, high } = this.span(from, to, ascending, MOST_ROWS)
    if (high === low) return []
    const first = this.starts[low] ?? 0
    const bytes = await this.reader.read(first, (this.starts[high] ?? 0) - first)
    const rows: MediaRecord[] = []
    const { shapes } = this.manifest
    for (let place = low; place < high; place++) {
      const at = (this.starts[place] ?? 0) - first
      const row = JSON.parse(
        decoder.decode(bytes.subarray(at, (this.starts[place + 1] ?? 0) - first)),
      ) as unknown[]
      rows.push(recordOf(row, shapes))
    }
    return ascending ? rows : rows.reverse()
  }

  private idColumn(): Promise<Float64Array> {
    this.ids ??= this.files.read(`${this.manifest.generation}/${IDS}`).then((bytes) => {
      if (bytes?.length !== this.count * 8) throw new Error('The kept ids are not whole')
      return new Float64Array(bytes.buffer, bytes.byteOffset, this.count)
    })
    return this.ids
  }

  async idsIn(from: number, to: number, ascending: boolean): Promise<number[]> {
    const ids = await this.idColumn()
    const { low, high } = this.span(from, to, ascending, this.count)
    const range = Array.from(ids.subarray(low, high))
    return ascending ? range : range.reverse()
  }

  /** Where file `id` is shown (-1: it is not). */
  async placeOf(id: number, ascending: boolean): Promise<number> {
    const at = (await this.idColumn()).indexOf(id)
    return at === -1 || ascending ? at : this.count - 1 - at
  }

  close(): void {
    this.reader.close()
  }
}
