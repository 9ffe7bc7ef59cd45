/**
 * Engine (a): the screen's MediaIndex moved into a worker over a columnar store in OPFS. Import derives
 * the columns with MediaIndex (derive.ts) and the three orders with its own radix sort, then writes one
 * file per column under a new generation directory and points `manifest.json` at it. Open reads only
 * the title order and where each row starts (12 bytes a record); the first screen reads its 60 rows
 * through a read-only sync access handle (which other tabs may hold too), and the other columns (ids,
 * dates, dictionary codes: 19 bytes a record) and the search text are read after it. An edit is an
 * overlay, kept in `patches.json` beside the generation until the next import rewrites it.
 */
import { endOfDay, startOfDay } from '../../../src/features/library/model/filters.ts'
import { RecentQueries } from '../../../src/features/library/model/recent-queries.ts'
import { orderByStrings } from '../../../src/contract/string-order.ts'
import { titleSortKey } from '../../../src/contract/title-key.ts'
import { pagesOf } from './derive.ts'
import {
  ROWS_IN_VIEW,
  SELECTION_BATCH,
  type Answer,
  type Engine,
  type Query,
  type Row,
  type SortKey,
} from './protocol.ts'

const ROOT = 'library-columnar'
/** Bumped when the layout changes: a manifest of another version is dropped and the library imported again. */
const STORE_VERSION = 1
/** Between two records' search texts: no query holds it, so no match spans two records. */
const SEPARATOR = '\u0000'

interface Manifest {
  version: number
  generation: string
  count: number
  categories: string[]
  folders: string[]
  types: string[]
}

interface Patch {
  /** The record's place in the generation the patch applies to. */
  position: number
  id: number
  row: Row
  haystack: string
  titleKey: string
}

/** What this file uses of a sync access handle (the project compiles with the DOM library, not the worker's). */
interface SyncAccessHandle {
  read(buffer: Uint8Array, options: { at: number }): number
  close(): void
}
type SyncHandleMaker = FileSystemFileHandle & {
  createSyncAccessHandle(options: { mode: 'read-only' }): Promise<SyncAccessHandle>
}

/** A typed array's bytes, as a file is written from. */
const bytesOf = (view: ArrayBufferView): Uint8Array<ArrayBuffer> =>
  new Uint8Array(view.buffer as ArrayBuffer, view.byteOffset, view.byteLength)

const encoder = new TextEncoder()
const decoder = new TextDecoder()

async function directory(create = true): Promise<FileSystemDirectoryHandle> {
  const root = await navigator.storage.getDirectory()
  return root.getDirectoryHandle(ROOT, { create })
}

async function writeFile(dir: FileSystemDirectoryHandle, name: string, data: BufferSource | string) {
  const handle = await dir.getFileHandle(name, { create: true })
  const writable = await handle.createWritable()
  await writable.write(data)
  await writable.close()
}

async function readFile(dir: FileSystemDirectoryHandle, name: string): Promise<File> {
  return (await dir.getFileHandle(name)).getFile()
}

/** Dictionary codes of a column with few distinct values. */
class Dictionary {
  readonly values: string[] = []
  private readonly codes = new Map<string, number>()
  code(value: string): number {
    let code = this.codes.get(value)
    if (code === undefined) {
      code = this.values.length
      this.values.push(value)
      this.codes.set(value, code)
    }
    return code
  }
}

/** Strings joined by SEPARATOR, with each one's start (UTF-16 units) and a final end. */
function joined(values: readonly string[]): { text: string; offsets: Uint32Array } {
  const offsets = new Uint32Array(values.length + 1)
  let at = 0
  values.forEach((value, i) => {
    offsets[i] = at
    at += value.length + 1
  })
  offsets[values.length] = at
  return { text: values.join(SEPARATOR) + SEPARATOR, offsets }
}

export class ColumnarEngine implements Engine {
  private manifest: Manifest | null = null
  private dir: FileSystemDirectoryHandle | null = null
  private ids = new Float64Array(0)
  private created = new Float64Array(0)
  private categoryCodes = new Uint8Array(0)
  private folderCodes = new Uint16Array(0)
  private orders = new Map<SortKey, Uint32Array>()
  private rowOffsets = new Float64Array(0)
  private rowFile: File | null = null
  /** A read-only sync handle on the rows: many tabs may hold one, and a read costs microseconds. */
  private rowHandle: SyncAccessHandle | null = null
  private haystack: { text: string; offsets: Uint32Array } | null = null
  private titleKeys: { text: string; offsets: Uint32Array } | null = null
  private patches = new Map<number, Patch>()
  private recent = new RecentQueries()
  private hits = new Uint8Array(0)
  /** The columns filters, selections and edits read, read after the first screen. */
  private rest: Promise<void> | null = null
  private haystackRead: Promise<void> | null = null

  /** Reads the columns the first screen did not need, once. */
  private readRest(): Promise<void> {
    this.rest ??= (async () => {
      const dir = this.requireDir()
      const buffer = async (name: string) => (await readFile(dir, name)).arrayBuffer()
      const [ids, created, category, folder] = await Promise.all([
        buffer('ids'),
        buffer('created'),
        buffer('category'),
        buffer('folder'),
      ])
      this.ids = new Float64Array(ids)
      this.created = new Float64Array(created)
      this.categoryCodes = new Uint8Array(category)
      this.folderCodes = new Uint16Array(folder)
    })()
    return this.rest
  }

  private readHaystack(): Promise<void> {
    this.haystackRead ??= this.joinedColumn('haystack', 'haystack-offsets').then((haystack) => {
      this.haystack = haystack
    })
    return this.haystackRead
  }

  async import(size: number, pages: number): Promise<void> {
    const categories = new Dictionary()
    const folders = new Dictionary()
    const types = new Dictionary()
    const ids = new Float64Array(size)
    const created = new Float64Array(size)
    const sizes = new Float64Array(size)
    const categoryCodes = new Uint8Array(size)
    const folderCodes = new Uint16Array(size)
    const typeCodes = new Uint16Array(size)
    const haystacks: string[] = []
    const titleKeys: string[] = []
    const rowOffsets = new Float64Array(size + 1)
    let bytes = 0
    let at = 0
    const generation = `g${String(Date.now())}`
    const root = await directory()
    const dir = await root.getDirectoryHandle(generation, { create: true })
    // The rows are written as their pages arrive: a million of them are 650 MB.
    const rows = await (await dir.getFileHandle('rows', { create: true })).createWritable()
    for await (const page of pagesOf(size, pages)) {
      const json = page.records.map((record) => JSON.stringify(record))
      page.records.forEach((record, i) => {
        ids[at] = record.id
        created[at] = page.created[i] ?? Number.NaN
        sizes[at] = record.file_size
        categoryCodes[at] = categories.code(page.categories[i] ?? '')
        folderCodes[at] = folders.code(page.folders[i] ?? '')
        typeCodes[at] = types.code(record.file_type)
        haystacks.push(page.haystacks[i] ?? '')
        titleKeys.push(page.titleKeys[i] ?? '')
        rowOffsets[at] = bytes
        bytes += encoder.encode(json[i] ?? '').length
        at++
      })
      await rows.write(encoder.encode(json.join('')))
    }
    await rows.close()
    rowOffsets[at] = bytes
    const title = orderByStrings(titleKeys)
    const rank = new Uint32Array(size)
    title.forEach((position, place) => {
      rank[position] = place
    })
    // As MediaIndex orders dates and sizes: ties by title rank; an unreadable date first.
    const byValue = (values: Float64Array) =>
      Uint32Array.from(title).sort((a, b) => {
        const left = Number.isNaN(values[a] ?? 0) ? -Infinity : (values[a] ?? 0)
        const right = Number.isNaN(values[b] ?? 0) ? -Infinity : (values[b] ?? 0)
        return left - right || (rank[a] ?? 0) - (rank[b] ?? 0)
      })
    const hay = joined(haystacks)
    const keys = joined(titleKeys)
    await Promise.all([
      writeFile(dir, 'ids', bytesOf(ids)),
      writeFile(dir, 'created', bytesOf(created)),
      writeFile(dir, 'sizes', bytesOf(sizes)),
      writeFile(dir, 'category', bytesOf(categoryCodes)),
      writeFile(dir, 'folder', bytesOf(folderCodes)),
      writeFile(dir, 'type', bytesOf(typeCodes)),
      writeFile(dir, 'order-title', bytesOf(title)),
      writeFile(dir, 'order-date', bytesOf(byValue(created))),
      writeFile(dir, 'order-size', bytesOf(byValue(sizes))),
      writeFile(dir, 'haystack', hay.text),
      writeFile(dir, 'haystack-offsets', bytesOf(hay.offsets)),
      writeFile(dir, 'title-keys', keys.text),
      writeFile(dir, 'title-offsets', bytesOf(keys.offsets)),
      writeFile(dir, 'row-offsets', bytesOf(rowOffsets)),
    ])
    const manifest: Manifest = {
      version: STORE_VERSION,
      generation,
      count: size,
      categories: categories.values,
      folders: folders.values,
      types: types.values,
    }
    // The manifest names the new generation only once every column is written: a reload in between
    // opens the previous one.
    await writeFile(root, 'manifest.json', JSON.stringify(manifest))
    await writeFile(root, 'patches.json', '[]')
    this.closeRows()
    for await (const [name] of root.entries()) {
      // Another tab may still read an older generation: it goes at a later import.
      if (name !== generation && name.startsWith('g'))
        await root.removeEntry(name, { recursive: true }).catch(() => undefined)
    }
    if (!(await this.open())) throw new Error('the store just written did not open')
  }

  async open(): Promise<boolean> {
    let root: FileSystemDirectoryHandle
    let manifest: Manifest
    try {
      root = await directory(false)
      manifest = JSON.parse(await (await readFile(root, 'manifest.json')).text()) as Manifest
    } catch {
      return false
    }
    if (manifest.version !== STORE_VERSION) return false
    const dir = await root.getDirectoryHandle(manifest.generation)
    const buffer = async (name: string) => (await readFile(dir, name)).arrayBuffer()
    // Only what the first screen of the default sort needs: its order and where each row starts.
    const [title, rowOffsets, rowFile, patches] = await Promise.all([
      buffer('order-title'),
      buffer('row-offsets'),
      readFile(dir, 'rows'),
      readFile(root, 'patches.json').then((file) => file.text()),
    ])
    this.manifest = manifest
    this.dir = dir
    this.rest = null
    this.haystackRead = null
    this.orders = new Map([['title', new Uint32Array(title)]])
    this.rowOffsets = new Float64Array(rowOffsets)
    this.rowFile = rowFile
    this.closeRows()
    const rowsHandle = (await dir.getFileHandle('rows')) as SyncHandleMaker
    this.rowHandle = await rowsHandle.createSyncAccessHandle({ mode: 'read-only' }).catch(() => null)
    this.haystack = null
    this.titleKeys = null
    this.recent = new RecentQueries()
    this.hits = new Uint8Array(manifest.count)
    this.patches = new Map((JSON.parse(patches) as Patch[]).map((patch) => [patch.position, patch]))
    return true
  }

  /** The order by `key`, read from the store the first time it is used. */
  private async order(key: SortKey): Promise<Uint32Array> {
    let order = this.orders.get(key)
    if (order === undefined) {
      const file = await readFile(this.requireDir(), `order-${key}`)
      order = new Uint32Array(await file.arrayBuffer())
      this.orders.set(key, order)
    }
    return order
  }

  private async joinedColumn(text: string, offsets: string) {
    const dir = this.requireDir()
    const [t, o] = await Promise.all([readFile(dir, text), readFile(dir, offsets)])
    return { text: await t.text(), offsets: new Uint32Array(await o.arrayBuffer()) }
  }

  private requireDir(): FileSystemDirectoryHandle {
    if (this.dir === null) throw new Error('no library is open')
    return this.dir
  }

  private positionOf(id: number): number {
    let low = 0
    let high = this.ids.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((this.ids[middle] ?? 0) < id) low = middle + 1
      else high = middle
    }
    if (this.ids[low] !== id) throw new Error(`no record ${String(id)}`)
    return low
  }

  /** Positions passing `query`, in its order (ascending: the order is walked backwards for descending). */
  private async matching(query: Query): Promise<Uint32Array> {
    const text = query.text.trim().toLowerCase()
    const order = await this.order(query.sort)
    const filtered =
      query.category !== 'all' || query.folder !== null || query.from !== null || query.to !== null
    // Nothing to filter: the order itself.
    if (text === '' && !filtered) return order
    await Promise.all([filtered ? this.readRest() : null, text !== '' ? this.readHaystack() : null])
    const manifest = this.manifest
    if (manifest === null) throw new Error('no library is open')
    const category = query.category === 'all' ? -1 : manifest.categories.indexOf(query.category)
    const folder = query.folder === null ? -1 : manifest.folders.indexOf(query.folder)
    const from = startOfDay(query.from)
    const to = endOfDay(query.to)
    const scope = JSON.stringify([query.category, query.folder, query.from, query.to, query.sort])
    return this.recent.answer(scope, text, (within) => {
      if (text !== '') this.search(text)
      if (within !== null) return within.filter((position) => this.hits[position] === 1)
      const { categoryCodes, folderCodes, created, hits } = this
      const out = new Uint32Array(order.length)
      let found = 0
      for (const position of order) {
        if (category !== -1 && categoryCodes[position] !== category) continue
        if (query.category !== 'all' && category === -1) continue
        if (folder !== -1 && folderCodes[position] !== folder) continue
        if (query.folder !== null && folder === -1) continue
        if (from !== null || to !== null) {
          const time = created[position] ?? Number.NaN
          if (from !== null && !(time >= from)) continue
          if (to !== null && !(time <= to)) continue
        }
        if (text !== '' && hits[position] !== 1) continue
        out[found++] = position
      }
      return out.slice(0, found)
    })
  }

  /** Marks in `hits` every record whose search text holds `text`: one scan of the joined text. */
  private search(text: string): void {
    const { hits } = this
    const hay = this.haystack
    if (hay === null) throw new Error('the search text is not read')
    hits.fill(0)
    let record = 0
    let at = hay.text.indexOf(text)
    while (at !== -1) {
      while ((hay.offsets[record + 1] ?? Infinity) <= at) record++
      hits[record] = 1
      at = hay.text.indexOf(text, hay.offsets[record + 1] ?? Infinity)
    }
    for (const [position, patch] of this.patches) hits[position] = patch.haystack.includes(text) ? 1 : 0
  }

  private closeRows(): void {
    this.rowHandle?.close()
    this.rowHandle = null
  }

  private async rows(positions: readonly number[]): Promise<Row[]> {
    const file = this.rowFile
    if (file === null) throw new Error('no library is open')
    const handle = this.rowHandle
    if (handle !== null) {
      return positions.map((position) => {
        const patch = this.patches.get(position)
        if (patch !== undefined) return patch.row
        const start = this.rowOffsets[position] ?? 0
        const bytes = new Uint8Array((this.rowOffsets[position + 1] ?? 0) - start)
        handle.read(bytes, { at: start })
        return JSON.parse(decoder.decode(bytes)) as Row
      })
    }
    return Promise.all(
      positions.map(async (position) => {
        const patch = this.patches.get(position)
        if (patch !== undefined) return patch.row
        const slice = file.slice(this.rowOffsets[position], this.rowOffsets[position + 1])
        return JSON.parse(decoder.decode(await slice.arrayBuffer())) as Row
      }),
    )
  }

  async query(query: Query): Promise<Answer> {
    const matches = await this.matching(query)
    const count = matches.length
    const shown = Math.min(ROWS_IN_VIEW, count)
    const view = Array.from({ length: shown }, (_, i) =>
      query.ascending ? (matches[i] ?? 0) : (matches[count - 1 - i] ?? 0),
    )
    const rows = await this.rows(view)
    // The rest is read while the screen draws the first rows, ready for the first filter or search.
    setTimeout(() => {
      void this.readRest().then(() => this.readHaystack())
    }, 0)
    return { count, rows }
  }

  async select(query: Query, batch: (ids: Float64Array) => void): Promise<number> {
    await this.readRest()
    const matches = await this.matching(query)
    const count = matches.length
    for (let start = 0; start < count; start += SELECTION_BATCH) {
      const ids = new Float64Array(Math.min(SELECTION_BATCH, count - start))
      for (let i = 0; i < ids.length; i++) {
        const place = query.ascending ? start + i : count - 1 - start - i
        ids[i] = this.ids[matches[place] ?? 0] ?? 0
      }
      batch(ids)
    }
    return count
  }

  /** A title key: the patched one, or the kept one. */
  private keyAt(position: number): string {
    const patch = this.patches.get(position)
    if (patch !== undefined) return patch.titleKey
    const keys = this.titleKeys
    if (keys === null) throw new Error('the title keys are not read')
    return keys.text.slice(keys.offsets[position], (keys.offsets[position + 1] ?? 1) - 1)
  }

  async update(id: number, title: string, tags: string[]): Promise<void> {
    await Promise.all([this.readRest(), this.readHaystack()])
    const position = this.positionOf(id)
    const [current] = await this.rows([position])
    if (current === undefined) throw new Error(`no record ${String(id)}`)
    const row: Row = { ...current, title, tags }
    const haystack = [title, row.description, row.author, ...tags].join('\n').toLowerCase()
    this.titleKeys ??= await this.joinedColumn('title-keys', 'title-offsets')
    // The title order moves the record to its new place: out, then in where its new key sorts.
    const order = await this.order('title')
    const without = order.filter((each) => each !== position)
    this.patches.set(position, { position, id, row, haystack, titleKey: titleSortKey(title) })
    const key = titleSortKey(title)
    let low = 0
    let high = without.length
    while (low < high) {
      const middle = (low + high) >>> 1
      const other = without[middle] ?? 0
      const otherKey = this.keyAt(other)
      if (otherKey < key || (otherKey === key && other < position)) low = middle + 1
      else high = middle
    }
    const moved = new Uint32Array(order.length)
    moved.set(without.subarray(0, low))
    moved[low] = position
    moved.set(without.subarray(low), low + 1)
    this.orders.set('title', moved)
    this.recent = new RecentQueries()
    const root = await directory()
    await writeFile(root, 'patches.json', JSON.stringify([...this.patches.values()]))
  }

  memory(): Record<string, number> {
    const typed =
      this.ids.byteLength +
      this.created.byteLength +
      this.categoryCodes.byteLength +
      this.folderCodes.byteLength +
      this.rowOffsets.byteLength +
      [...this.orders.values()].reduce((sum, order) => sum + order.byteLength, 0)
    return {
      typedArrayBytes: typed,
      searchTextChars: (this.haystack?.text.length ?? 0) + (this.titleKeys?.text.length ?? 0),
      rowsBySyncHandle: this.rowHandle === null ? 0 : 1,
    }
  }

  async clear(): Promise<void> {
    const root = await navigator.storage.getDirectory()
    this.closeRows()
    await root.removeEntry(ROOT, { recursive: true }).catch(() => undefined)
    this.manifest = null
    this.dir = null
  }
}
