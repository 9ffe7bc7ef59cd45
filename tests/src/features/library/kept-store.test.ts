import { describe, expect, it } from 'vitest'

import { memoryFiles } from '../../../../src/features/library/engine/kept-store/kept-files'
import { KEPT_MANIFEST as MANIFEST } from '../../../../src/lib/storage-names'
import {
  KEPT_VERSION,
  type KeptStoreOptions,
} from '../../../../src/features/library/engine/kept-store/kept-front'
import { KEPT_LAYOUT } from '../../../../src/features/library/engine/kept-store/kept-layout'
import {
  openKeptLibrary,
  writeKeptLibrary,
  type KeptLibrary,
} from '../../../../src/features/library/engine/kept-store/kept-library'
import { LibraryEngine } from '../../../../src/features/library/engine/library-engine'
import { LibraryHost } from '../../../../src/features/library/engine/library-host'
import type { EngineReply } from '../../../../src/features/library/engine/library-protocol'
import { DEFAULT_SORT, NO_FILTERS, type Sort } from '../../../../src/features/library/model/filters'
import type { MediaRecord } from '../../../../src/contract/record'
import { listedRecord } from '../../../support/listed-record'

/** Files 1..count with titles out of id order, ties included, and a few optional fields. */
const library = (count: number): MediaRecord[] =>
  Array.from({ length: count }, (_, i) =>
    listedRecord(i + 1, {
      title: `File ${String((i * 7919) % Math.max(1, count - 3)).padStart(5, '0')}`,
      ...(i % 5 === 0 ? { focal_point: { x: 0.25, y: 0.75 } } : {}),
      ...(i % 11 === 0 ? { rotate: 90 as const } : {}),
    }),
  )

/** The ETags of the two pages of a library under 25,000 ids, as the server sent them. */
const ETAGS = ['"first"', '"second"']

const DESCENDING: Sort = { key: 'title', direction: 'desc' }

/** The engine's own answer over `records`, as the kept library must give it. */
function engineAnswer(records: readonly MediaRecord[], sort: Sort, from: number, to: number) {
  const engine = new LibraryEngine()
  engine.setRecords(records)
  const reply = engine.receive({ type: 'query', ask: 0, filters: NO_FILTERS, sort, from, to })
  const ids = engine.ids(0, records.length)
  return { reply, ids }
}

async function opened(files: ReturnType<typeof memoryFiles>): Promise<KeptLibrary> {
  const result = await openKeptLibrary(files)
  if (result.kind !== 'open') throw new Error(`the kept library did not open: ${result.kind}`)
  return result.library
}

const encoder = new TextEncoder()

describe('the kept library', () => {
  it('answers the title order both ways, its ids and places, as the engine does', async () => {
    const records = library(1_234)
    const files = memoryFiles()
    await writeKeptLibrary(files, records, ETAGS)
    const kept = await opened(files)
    expect(kept.count).toBe(1_234)
    for (const sort of [DEFAULT_SORT, DESCENDING]) {
      const ascending = sort.direction === 'asc'
      const { reply, ids } = engineAnswer(records, sort, 0, 1_234)
      if (reply.type !== 'answer') throw new Error('no answer')
      expect(await kept.rows(0, 60, ascending)).toEqual(reply.rows.slice(0, 60))
      const end = engineAnswer(records, sort, 1_200, 1_300).reply
      expect(await kept.rows(1_200, 1_300, ascending)).toEqual(end.type === 'answer' ? end.rows : [])
      expect(await kept.idsIn(0, 1_234, ascending)).toEqual(ids)
      const id = ids[700] ?? -1
      expect(await kept.placeOf(id, ascending)).toBe(700)
    }
    expect(await kept.placeOf(99_999, true)).toBe(-1)
  })

  it("gives the whole library back as the listing's pages, each in id order under its ETag", async () => {
    // Ids across three pages (0: 1-499, 1: 500-24,999, 2: 25,000-49,999), titles out of id order.
    const records = [...library(600), listedRecord(30_000, { title: 'A far file' })]
    const files = memoryFiles()
    await writeKeptLibrary(files, records, ['"p0"', '"p1"', '"p2"'])
    const { pages } = await (await opened(files)).pages()
    expect(pages.map(({ etag }) => etag)).toEqual(['"p0"', '"p1"', '"p2"'])
    expect(pages.map((page) => page.records)).toEqual([
      records.slice(0, 499),
      records.slice(499, 600),
      records.slice(600),
    ])
    // A file added since the pages were sent, on a page they did not have: that page has no ETag.
    await writeKeptLibrary(files, [...records, listedRecord(60_000)], ['"p0"', '"p1"', '"p2"'])
    const grown = await (await opened(files)).pages()
    expect(grown.pages.map(({ etag, records: page }) => [etag, page.length])).toEqual([
      ['"p0"', 499],
      ['"p1"', 101],
      ['"p2"', 1],
      ['', 1],
    ])
  })

  it('writes and reads back a library of many slices a slice at a time, and closes the reader it read by', async () => {
    const records = library(12_345)
    const files = memoryFiles()
    await writeKeptLibrary(files, records, ETAGS)
    const kept = await opened(files)
    const { pages } = await kept.pages()
    expect(pages.map(({ etag }) => etag)).toEqual(ETAGS)
    expect(pages.flatMap((page) => page.records)).toEqual(records)
    kept.close()
    expect(files.open.size).toBe(0)
  })

  it('refuses rows that are not as written, and the worker then drops the library', async () => {
    const files = memoryFiles()
    const generation = await writeKeptLibrary(files, library(40), ETAGS)
    const kept = await opened(files)
    const rows = files.files.get(`${generation}/rows`) ?? new Uint8Array()
    const broken = rows.slice()
    broken[broken.length - 1] = 32
    files.files.set(`${generation}/rows`, broken)
    await expect(kept.pages()).rejects.toThrow(/cut short/)
    files.files.set(`${generation}/rows`, rows.subarray(0, rows.length - 1))
    await expect(kept.pages()).rejects.toThrow(/not whole/)
    const { host: worker } = host(files)
    expect(await worker.keptPages()).toBeNull()
    expect(await files.list()).toEqual([])
  })

  it('keeps nothing for an empty library but its count', async () => {
    const files = memoryFiles()
    await writeKeptLibrary(files, [], ETAGS)
    const kept = await opened(files)
    expect(kept.count).toBe(0)
    expect(await kept.rows(0, 60, true)).toEqual([])
  })

  it('does not open a manifest of another layout, a broken one, or a generation cut short', async () => {
    expect((await openKeptLibrary(memoryFiles())).kind).toBe('none')

    const files = memoryFiles()
    const generation = await writeKeptLibrary(files, library(50), ETAGS)
    const manifest = JSON.parse(new TextDecoder().decode(files.files.get(MANIFEST))) as { layout: string }
    expect(manifest.layout).toBe(KEPT_LAYOUT)

    const other = memoryFiles()
    other.files.set(MANIFEST, encoder.encode(JSON.stringify({ ...manifest, layout: '0-00000000' })))
    for (const [path, bytes] of files.files) if (path !== MANIFEST) other.files.set(path, bytes)
    expect((await openKeptLibrary(other)).kind).toBe('unreadable')

    other.files.set(MANIFEST, encoder.encode('{"layout":'))
    expect((await openKeptLibrary(other)).kind).toBe('unreadable')

    const cut = files.files.get(`${generation}/rows`) ?? new Uint8Array()
    files.files.set(`${generation}/rows`, cut.subarray(0, cut.length - 10))
    expect((await openKeptLibrary(files)).kind).toBe('unreadable')
    expect(files.open.size).toBe(0)
  })

  it('opens the previous generation when a write stops before the manifest, and removes the leftovers later', async () => {
    let failing = false
    const files = memoryFiles((path) => failing && path === MANIFEST)
    const first = library(30)
    const firstGeneration = await writeKeptLibrary(files, first, ETAGS)
    failing = true
    await expect(writeKeptLibrary(files, library(40), ETAGS)).rejects.toThrow()
    expect((await files.list()).filter((name) => name.startsWith('g'))).toHaveLength(2)

    const kept = await opened(files)
    expect(kept.count).toBe(30)
    expect(kept.generation).toBe(firstGeneration)
    const { reply } = engineAnswer(first, DEFAULT_SORT, 0, 30)
    expect(await kept.rows(0, 30, true)).toEqual(reply.type === 'answer' ? reply.rows : [])

    // A later write removes every other generation, except one this tab still reads.
    failing = false
    const third = await writeKeptLibrary(files, library(20), ETAGS)
    expect((await files.list()).sort()).toEqual([firstGeneration, third, MANIFEST].sort())
    kept.close()
    await writeKeptLibrary(files, library(20), ETAGS)
    expect((await files.list()).filter((name) => name.startsWith('g'))).toHaveLength(1)
  })
})

/** A worker's host over a kept store in memory, with every reply it posts. */
function host(files: ReturnType<typeof memoryFiles>, writer = true) {
  const replies: EngineReply[] = []
  const written: number[] = []
  const options: KeptStoreOptions = {
    files,
    whileWriter: async (write) => {
      if (!writer) return false
      await write()
      written.push(1)
      return true
    },
  }
  const made = new LibraryHost((reply) => replies.push(reply), options)
  return { host: made, replies, written }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the worker with a kept library', () => {
  it('says the kept library is whole, answers the first query from disk, then the engine once the pages are whole', async () => {
    const records = library(300)
    const files = memoryFiles()
    await writeKeptLibrary(files, records, ETAGS)
    const { host: worker, replies } = host(files)
    await settle()
    // Opened, it tells the page the library as last seen: every file, whole, before any page decodes.
    expect(replies).toEqual([
      { type: 'changed', version: KEPT_VERSION, held: 300, complete: true, kept: true },
    ])
    worker.receive({ type: 'query', ask: 1, filters: NO_FILTERS, sort: DEFAULT_SORT, from: 0, to: 100 })
    worker.listing({ type: 'layout', pages: 2, expected: null })
    await settle()
    const first = replies.find((reply) => reply.type === 'answer')
    expect(first).toMatchObject({ kept: true, count: 300, total: 300, version: KEPT_VERSION })
    const expected = engineAnswer(records, DEFAULT_SORT, 0, 100).reply
    if (first?.type !== 'answer' || expected.type !== 'answer') throw new Error('no answer')
    expect(first.rows).toEqual(expected.rows)
    // While the pages decode the page hears nothing of them (no drawing again for each), scrolls through
    // rows read from disk, and its questions about the whole library wait for the engine to hold it.
    const heard = replies.length
    const half = records.slice(0, 150)
    worker.listing({ type: 'records', page: 0, records: half, first: true, last: true, kept: true })
    expect(replies).toHaveLength(heard)
    worker.receive({ type: 'rows', ask: 2, from: 280, to: 300 })
    worker.receive({ type: 'facts', ask: 3 })
    worker.receive({
      type: 'matching',
      ask: 4,
      filters: NO_FILTERS,
      sort: DEFAULT_SORT,
      except: [],
      records: false,
    })
    await settle()
    const tail = engineAnswer(records, DEFAULT_SORT, 280, 300).reply
    expect(replies.slice(heard)).toEqual([
      {
        type: 'rows',
        ask: 2,
        version: KEPT_VERSION,
        from: 280,
        rows: tail.type === 'answer' ? tail.rows : [],
      },
    ])
    // The library whole: the engine's status with its own version, then the questions that waited.
    worker.listing({
      type: 'records',
      page: 1,
      records: records.slice(150),
      first: true,
      last: true,
      kept: true,
    })
    const after = replies.slice(heard + 1)
    expect(after[0]).toMatchObject({ type: 'changed', held: 300, complete: true })
    expect(after[0]?.type === 'changed' && after[0].version >= 0 && after[0].kept).toBe(undefined)
    expect(after.find((reply) => reply.type === 'facts')).toMatchObject({ ask: 3 })
    expect(after.find((reply) => reply.type === 'matching')).toMatchObject({ ask: 4, total: 300, last: true })
    worker.receive({ type: 'query', ask: 5, filters: NO_FILTERS, sort: DEFAULT_SORT, from: 0, to: 100 })
    await settle()
    const last = replies.at(-1)
    expect(last).toMatchObject({ type: 'answer', ask: 5, count: 300 })
    expect(last?.type === 'answer' && last.kept).toBeUndefined()
    expect(last?.type === 'answer' && last.rows).toEqual(expected.rows)
    expect(files.open.size).toBe(0)
  })

  it('retires for a search: the engine answers over what it holds, then the page hears its status', async () => {
    const files = memoryFiles()
    await writeKeptLibrary(files, library(100), ETAGS)
    const { host: worker, replies } = host(files)
    await settle()
    worker.listing({ type: 'layout', pages: 1, expected: null })
    worker.listing({
      type: 'records',
      page: 0,
      records: library(100).slice(0, 40),
      first: true,
      last: false,
      kept: true,
    })
    const filters = { ...NO_FILTERS, query: 'file' }
    worker.receive({ type: 'query', ask: 1, filters, sort: DEFAULT_SORT, from: 0, to: 60 })
    await settle()
    expect(replies.slice(1)).toMatchObject([
      { type: 'answer', ask: 1, count: 40 },
      { type: 'changed', held: 40, complete: false },
    ])
  })

  it('leaves a search to the engine, over what it holds so far', async () => {
    const files = memoryFiles()
    await writeKeptLibrary(files, library(100), ETAGS)
    const { host: worker, replies } = host(files)
    const filters = { ...NO_FILTERS, query: 'file' }
    worker.receive({ type: 'query', ask: 1, filters, sort: DEFAULT_SORT, from: 0, to: 60 })
    await settle()
    expect(replies.find((reply) => reply.type === 'answer')).toMatchObject({ count: 0 })
  })

  it('answers as before when the kept library is of another layout, and drops it', async () => {
    const files = memoryFiles()
    await writeKeptLibrary(files, library(10), ETAGS)
    files.files.set(MANIFEST, encoder.encode('{"layout":"0-x"}'))
    const { host: worker, replies } = host(files)
    worker.receive({ type: 'query', ask: 1, filters: NO_FILTERS, sort: DEFAULT_SORT, from: 0, to: 60 })
    await settle()
    await settle()
    expect(replies.find((reply) => reply.type === 'answer')).toMatchObject({ count: 0 })
    expect(await files.list()).toEqual([])
  })

  it('writes the library once the listing is whole and as the server has it, and not again unchanged', async () => {
    const records = library(80)
    const files = memoryFiles()
    const first = host(files)
    first.host.listing({ type: 'layout', pages: 2, expected: null })
    first.host.listing({ type: 'records', page: 0, records, first: true, last: true })
    first.host.listing({ type: 'records', page: 1, records: [], first: true, last: true })
    first.host.listing({ type: 'settled', request: 1, ok: true, etags: ETAGS })
    await settle()
    expect(first.written).toHaveLength(1)
    expect((await opened(files)).count).toBe(80)
    expect((await opened(files)).etags).toEqual(ETAGS)

    // A reload whose pages all came from the kept library (the server's ETags unchanged): nothing to write.
    const second = host(files)
    const kept = await second.host.keptPages()
    expect(kept?.pages.map(({ etag }) => etag)).toEqual(ETAGS)
    second.host.listing({ type: 'layout', pages: 2, expected: null })
    kept?.pages.forEach(({ records: page }, at) => {
      second.host.listing({ type: 'records', page: at, records: page, first: true, last: true, kept: true })
    })
    second.host.listing({ type: 'settled', request: 1, ok: true, etags: ETAGS })
    await settle()
    expect(second.written).toHaveLength(0)

    // The same records under another ETag (a page touched and put back): the ETags are written anew.
    const third = host(files)
    third.host.listing({ type: 'layout', pages: 2, expected: null })
    third.host.listing({ type: 'records', page: 0, records, first: true, last: true, kept: true })
    third.host.listing({ type: 'records', page: 1, records: [], first: true, last: true, kept: true })
    third.host.listing({ type: 'settled', request: 1, ok: true, etags: ['"first, again"', '"second"'] })
    await settle()
    expect(third.written).toHaveLength(1)
    expect((await opened(files)).etags).toEqual(['"first, again"', '"second"'])
  })

  it('writes nothing while another tab holds the writer lock', async () => {
    const files = memoryFiles()
    const { host: worker, written } = host(files, false)
    worker.listing({ type: 'layout', pages: 1, expected: null })
    worker.listing({ type: 'records', page: 0, records: library(5), first: true, last: true })
    worker.listing({ type: 'settled', request: 1, ok: true })
    await settle()
    expect(written).toHaveLength(0)
    expect(files.files.size).toBe(0)
  })

  it('drops the kept library when the listing is refused', async () => {
    const files = memoryFiles()
    await writeKeptLibrary(files, library(10), ETAGS)
    const { host: worker } = host(files)
    await settle()
    worker.listing({ type: 'failed', status: 401, message: 'Sign in', wordless: false })
    await settle()
    await settle()
    expect(files.files.size).toBe(0)
  })
})
