import { describe, expect, it, vi } from 'vitest'

import { REASK_WHILE_ARRIVING_MS, ROW_BLOCK } from '../../../../../src/features/library/engine/client-state'
import { EngineClient, type EnginePort } from '../../../../../src/features/library/engine/engine-results'
import { LibraryEngine } from '../../../../../src/features/library/engine/library-engine'
import {
  factsDelay,
  FACTS_WHILE_LOADING_MS,
} from '../../../../../src/features/library/engine/use-library-engine'
import { LibraryHost } from '../../../../../src/features/library/engine/library-host'
import type { EngineReply, EngineRequest } from '../../../../../src/features/library/engine/library-protocol'
import { DEFAULT_SORT, NO_FILTERS, type Filters } from '../../../../../src/features/library/model/filters'
import { allIds, rangeIn } from '../../../../../src/features/library/model/library-results'
import { withoutRecords, withPatch } from '../../../../../src/lib/record-changes'
import type { ListingReply } from '../../../../../src/features/library/listing/listing-protocol'
import { listedRecord } from '../../../../support/listed-record'

/** The engine's host run on the page itself: each request handled after the current task, as a message is. */
function engineOnPage(handle: (request: EngineRequest) => void): EnginePort {
  let closed = false
  return {
    post: (request) => {
      queueMicrotask(() => {
        if (!closed) handle(request)
      })
    },
    close: () => {
      closed = true
    },
  }
}

/** Files 1..count titled so that the title order is the reverse of the id order. */
const library = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    listedRecord(i + 1, {
      title: `File ${String(count - i).padStart(6, '0')}`,
      tags: i % 2 === 0 ? ['even'] : [],
    }),
  )

/** An engine and a client talking through the page's microtask port, with every request counted. */
function connected(count: number) {
  const requests: EngineRequest[] = []
  let deliver: (reply: EngineReply) => void = () => undefined
  const engine = new LibraryEngine((reply) => {
    deliver(reply)
  })
  const client = new EngineClient((receive) => {
    deliver = receive
    const port = engineOnPage((request) => {
      if (request.type === 'matching') for (const reply of engine.matching(request)) receive(reply)
      else if (request.type !== 'change' && request.type !== 'settle') receive(engine.receive(request))
    })
    return {
      post: (request) => {
        requests.push(request)
        port.post(request)
      },
      close: () => {
        port.close()
      },
    }
  })
  engine.setRecords(library(count))
  return { engine, client, requests }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the library engine and its client', () => {
  it('answers a query with its count and the first rows only, and a scroll with the block it reaches', async () => {
    const { client, requests } = connected(1_000)
    client.query(NO_FILTERS, DEFAULT_SORT)
    await settled()
    const first = client.getSnapshot()
    expect(first?.count).toBe(1_000)
    expect(first?.total).toBe(1_000)
    expect(first?.recordAt(0)?.id).toBe(1_000)
    expect(first?.recordAt(ROW_BLOCK - 1)?.id).toBe(1_000 - ROW_BLOCK + 1)
    // Not sent yet: drawn as a placeholder until its block arrives.
    expect(first?.recordAt(500)).toBeUndefined()
    first?.want(480, 520)
    first?.want(480, 520)
    await settled()
    const after = client.getSnapshot()
    expect(after).not.toBe(first)
    expect(after?.recordAt(500)?.id).toBe(500)
    expect(requests.filter((request) => request.type === 'rows')).toHaveLength(2)
  })

  it("says which published results answer the person's own query, not the library changing or a scroll", async () => {
    const { engine, client } = connected(1_000)
    const heard: boolean[] = []
    client.subscribe(() => heard.push(client.answersInput()))
    client.query(NO_FILTERS, DEFAULT_SORT)
    await settled()
    expect(heard).toEqual([true])
    client.getSnapshot()?.want(480, 520)
    await settled()
    // The library changed: the same query is asked again by the client itself.
    engine.setRecords(library(1_001))
    await settled()
    client.query({ ...NO_FILTERS, query: 'file 0001' }, DEFAULT_SORT)
    await settled()
    expect(heard).toEqual([true, false, false, false, true])
    // Between publishes, nothing answers the person.
    expect(client.answersInput()).toBe(false)
  })

  it('filters and sorts in the engine as the page index does', async () => {
    const { client } = connected(10)
    const even: Filters = { ...NO_FILTERS, tag: 'even' }
    client.query(even, { key: 'size', direction: 'desc' })
    await settled()
    const results = client.getSnapshot()
    expect(results?.count).toBe(5)
    expect(results?.ids(0, 5)).toEqual([9, 7, 5, 3, 1])
  })

  it('answers ranges, places and files not in hand through the engine, in batches', async () => {
    const { client, requests } = connected(1_200)
    client.query(NO_FILTERS, DEFAULT_SORT)
    await settled()
    const results = client.getSnapshot()
    if (results === null) throw new Error('no answer')
    const all = allIds(results)
    expect(all).toBeInstanceOf(Promise)
    const ids = await all
    expect(ids).toHaveLength(1_200)
    expect(ids.slice(0, 3)).toEqual([1_200, 1_199, 1_198])
    expect(requests.filter((request) => request.type === 'ids')).toHaveLength(3)
    expect(await results.placeOf(3)).toBe(1_197)
    expect(await results.placeOf(5_000)).toBe(-1)
    // In hand: answered at once.
    expect(results.placeOf(1_200)).toBe(0)
    expect(await rangeIn(results, 1_200, 1_198)).toEqual([1_200, 1_199, 1_198])
    const records = await results.recordsOf([2, 1, 9_999])
    expect(records.map((record) => record.id)).toEqual([2, 1])
    expect(results.record(2)?.id).toBe(2)
  })

  it('asks again when the library changes, and drops what was sent for the results before', async () => {
    const { engine, client } = connected(300)
    client.query(NO_FILTERS, DEFAULT_SORT)
    await settled()
    const before = client.getSnapshot()
    before?.want(200, 250)
    // The library changes before the block arrives: the block is of the old results.
    engine.setRecords(engine.records.slice(0, 100))
    await settled()
    const after = client.getSnapshot()
    expect(after?.count).toBe(100)
    expect(after?.recordAt(200)).toBeUndefined()
    // The screen, scrolled back within the fewer files, asks for what it shows.
    after?.want(0, 50)
    await settled()
    expect(client.getSnapshot()?.recordAt(0)?.id).toBe(100)
  })

  it('resolves a select-all in the engine in batches of 500, with progress, less the exceptions', async () => {
    const { client, requests } = connected(1_201)
    client.query(NO_FILTERS, DEFAULT_SORT)
    await settled()
    const results = client.getSnapshot()
    if (results === null) throw new Error('no answer')
    expect(results.query).toEqual({ filters: NO_FILTERS, sort: DEFAULT_SORT })
    const heard: [number, number][] = []
    const even: Filters = { ...NO_FILTERS, tag: 'even' }
    // Another query than the one shown: run once for it, the shown results untouched.
    const records = await results.recordsMatching(
      { filters: even, sort: DEFAULT_SORT },
      new Set([1, 3, 2]),
      (done, total) => {
        heard.push([done, total])
      },
    )
    expect(records).toHaveLength(599)
    expect(records.every((record) => record.tags.includes('even'))).toBe(true)
    expect(records.map((record) => record.id)).not.toContain(1)
    expect(heard).toEqual([
      [500, 599],
      [599, 599],
    ])
    expect(requests.filter((request) => request.type === 'matching')).toHaveLength(1)
    expect(client.getSnapshot()?.count).toBe(1_201)
    const ids = await results.idsMatching({ filters: NO_FILTERS, sort: DEFAULT_SORT }, new Set([1_201]))
    expect(ids).toHaveLength(1_200)
    expect(ids.slice(0, 2)).toEqual([1_200, 1_199])
  })

  it('asks its query again as a library still arriving grows at most every few seconds, and at once when it is whole', async () => {
    vi.useFakeTimers()
    try {
      const { engine, client, requests } = connected(0)
      const queries = () => requests.filter((request) => request.type === 'query').length
      const arrive = async (count: number, complete: boolean) => {
        engine.setRecords(library(count), complete)
        await vi.advanceTimersByTimeAsync(0)
      }
      client.query(NO_FILTERS, DEFAULT_SORT)
      await vi.advanceTimersByTimeAsync(0)
      expect(queries()).toBe(1)
      // The first files to show: asked again at once.
      await arrive(10, false)
      expect(queries()).toBe(2)
      expect(client.getSnapshot()?.count).toBe(10)
      // More arrive soon after: the count of files in is said at once, the rows wait.
      await arrive(20, false)
      await arrive(30, false)
      expect(queries()).toBe(2)
      expect(client.getStatus().held).toBe(30)
      expect(client.answersLatest()).toBe(false)
      await vi.advanceTimersByTimeAsync(REASK_WHILE_ARRIVING_MS)
      expect(queries()).toBe(3)
      expect(client.getSnapshot()?.count).toBe(30)
      // A person's own query goes at once, and takes the place of the one waiting.
      await arrive(40, false)
      client.query({ ...NO_FILTERS, tag: 'even' }, DEFAULT_SORT)
      await vi.advanceTimersByTimeAsync(0)
      expect(queries()).toBe(4)
      expect(client.getSnapshot()?.count).toBe(20)
      await vi.advanceTimersByTimeAsync(REASK_WHILE_ARRIVING_MS / 2)
      expect(queries()).toBe(4)
      // The last page: at once, where the page before it waits.
      await arrive(50, false)
      expect(queries()).toBe(4)
      await arrive(60, true)
      expect(queries()).toBe(5)
      expect(client.getSnapshot()?.count).toBe(30)
      expect(client.answersLatest()).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it('answers a select-all over no files with one empty batch', async () => {
    const { client } = connected(3)
    client.query({ ...NO_FILTERS, query: 'nothing matches this' }, DEFAULT_SORT)
    await settled()
    const results = client.getSnapshot()
    const heard: number[] = []
    const query = { filters: { ...NO_FILTERS, query: 'nothing matches this' }, sort: DEFAULT_SORT }
    expect(await results?.recordsMatching(query, new Set(), (done) => heard.push(done))).toEqual([])
    expect(heard).toEqual([0])
  })

  it('keeps the object of a file sent again unchanged, so its memoised card is not drawn again', async () => {
    // As through a worker: every reply a fresh copy.
    let deliver: (reply: EngineReply) => void = () => undefined
    const engine = new LibraryEngine((reply) => {
      deliver(structuredClone(reply))
    })
    const client = new EngineClient((receive) => {
      deliver = receive
      return engineOnPage((request) => {
        if (request.type === 'query' || request.type === 'rows')
          receive(structuredClone(engine.receive(request)))
      })
    })
    engine.setRecords(library(10))
    client.query(NO_FILTERS, DEFAULT_SORT)
    await settled()
    const shown = () => {
      const results = client.getSnapshot()
      const byId = new Map<number, unknown>()
      for (let place = 0; place < (results?.count ?? 0); place++) {
        const record = results?.recordAt(place)
        if (record) byId.set(record.id, record)
      }
      return byId
    }
    const before = shown()
    expect(before.size).toBe(10)
    // More files arrive and one of those shown changes: the count changes, the rest stays.
    const changed = engine.records.map((record) =>
      record.id === 4 ? { ...record, description: 'Changed' } : record,
    )
    engine.setRecords([...changed, listedRecord(11, { title: 'File 000000' })])
    await settled()
    const after = shown()
    expect(after.size).toBe(11)
    for (const id of [1, 2, 3, 5, 10]) expect(after.get(id)).toBe(before.get(id))
    expect(after.get(4)).not.toBe(before.get(4))
    expect(after.get(4)).toMatchObject({ description: 'Changed' })
  })

  it("answers a file by id as this page's own changes left it: deleted, gone; edited, as edited; rolled back, asked again", async () => {
    const { client } = connected(10)
    client.query(NO_FILTERS, DEFAULT_SORT)
    await settled()
    const record = (id: number) => client.getSnapshot()?.record(id)
    expect(record(2)?.id).toBe(2)

    client.change(1, withoutRecords([2]))
    expect(record(2)).toBeUndefined()
    client.change(2, withPatch([3], { title: 'Renamed' }))
    expect(record(3)?.title).toBe('Renamed')
    client.settle(2, withPatch([3], { title: 'Renamed' }))
    expect(record(3)?.title).toBe('Renamed')

    // A change the server refused: its file is not answered as the change made it, but asked again.
    client.change(3, withPatch([4], { title: 'Refused' }))
    client.settle(3, null)
    expect(record(4)).toBeUndefined()
    expect(record(5)?.id).toBe(5)
  })

  it('answers a file read by id as the library now is once it changed elsewhere: edited, as edited; gone, gone', async () => {
    const { engine, client } = connected(500)
    // The page's first list, drawn from a kept library: file 501 was deleted since, in another tab.
    client.remember([listedRecord(501, { title: 'Deleted elsewhere' })])
    client.query(NO_FILTERS, DEFAULT_SORT)
    await settled()
    // A file out of the rows in view, read by id (Details open on it).
    await client.recordsOf([400])
    const record = (id: number) => client.getSnapshot()?.record(id)
    expect(record(400)?.title).toBe('File 000101')
    expect(record(501)?.title).toBe('Deleted elsewhere')
    const before = client.getSnapshot()

    // The library as the server now has it: 400 renamed elsewhere, 501 not there.
    const changed = library(500).map((each) => (each.id === 400 ? { ...each, title: 'Renamed' } : each))
    engine.setRecords(changed)
    await vi.waitFor(() => {
      expect(record(400)?.title).toBe('Renamed')
    })
    expect(record(501)).toBeUndefined()
    // New results: the screen reads them again.
    expect(client.getSnapshot()).not.toBe(before)
  })

  it('keeps the objects of the first page the page drew itself when the worker’s first answer sends them again', async () => {
    const engine = new LibraryEngine(() => undefined)
    const client = new EngineClient((receive) =>
      engineOnPage((request) => {
        if (request.type === 'query' || request.type === 'rows')
          receive(structuredClone(engine.receive(request)))
      }),
    )
    // The page's own copy of the first page, decoded apart from the worker's.
    const drawn = library(4)
    client.remember(drawn)
    const workers = structuredClone(drawn).map((record) =>
      record.id === 2 ? { ...record, title: 'Renamed meanwhile' } : record,
    )
    engine.setRecords(workers)
    client.query(NO_FILTERS, DEFAULT_SORT)
    await settled()
    const results = client.getSnapshot()
    const sent = new Map<number, unknown>()
    for (let place = 0; place < (results?.count ?? 0); place++) {
      const record = results?.recordAt(place)
      if (record) sent.set(record.id, record)
    }
    expect(sent.size).toBe(4)
    for (const record of drawn) {
      // A file as the page drew it keeps its object; one that changed since is the worker's.
      if (record.id === 2) expect(sent.get(2)).toMatchObject({ title: 'Renamed meanwhile' })
      else expect(sent.get(record.id)).toBe(record)
    }
  })

  it('prepares the search text in tasks of its own once the library is whole, answering meanwhile', async () => {
    performance.clearMeasures('listing:prepared')
    const prepared = () => performance.getEntriesByName('listing:prepared')
    const engine = new LibraryEngine()
    const records = library(5_000)
    engine.setRecords(records.slice(0, 2_000), false)
    await settled()
    // Not while pages still arrive.
    expect(prepared()).toHaveLength(0)
    engine.setRecords(records, true)
    // A question between two slices is answered, over the library as it is.
    const search = { ...NO_FILTERS, query: 'file 0049' }
    const ask = () =>
      engine.receive({ type: 'query', ask: 0, filters: search, sort: DEFAULT_SORT, from: 0, to: 5 })
    await new Promise((resolve) => setImmediate(resolve))
    const during = ask()
    for (let task = 0; task < 200 && prepared().length === 0; task++) await settled()
    expect(prepared().map((entry) => (entry as PerformanceMeasure).detail as unknown)).toEqual([5_000])
    // Each query is a version of its own: the rest of the answer is the same.
    expect({ ...ask(), version: 0 }).toEqual({ ...during, version: 0 })
    expect(during).toMatchObject({ count: 100 })
  })

  it('asks the controls’ facts at once when whole, and at most every 2 s while pages arrive', () => {
    expect(factsDelay(true, 1_000, 1_100)).toBe(0)
    expect(factsDelay(false, null, 1_100)).toBe(0)
    expect(factsDelay(false, 1_000, 1_500)).toBe(FACTS_WHILE_LOADING_MS - 500)
    expect(factsDelay(false, 1_000, 1_000 + FACTS_WHILE_LOADING_MS + 1)).toBe(0)
  })

  it('shows only the latest of two queries asked one after the other', async () => {
    const { client } = connected(20)
    client.query({ ...NO_FILTERS, tag: 'even' }, DEFAULT_SORT)
    client.query(NO_FILTERS, DEFAULT_SORT)
    await settled()
    expect(client.getSnapshot()?.count).toBe(20)
  })
})

/** A host fed the listing's replies by hand, with a client asking it through the page's port. */
function hosted() {
  let deliver: (reply: EngineReply) => void = () => undefined
  const passed: ListingReply[] = []
  const host = new LibraryHost((reply) => {
    deliver(reply)
  })
  const client = new EngineClient((receive) => {
    deliver = receive
    return engineOnPage((request) => {
      host.receive(request)
    })
  })
  const listing = (reply: ListingReply) => {
    const onward = host.listing(reply)
    if (onward !== null) passed.push(onward)
  }
  const post = (request: EngineRequest) => {
    host.receive(request)
  }
  return { host, client, listing, passed, post }
}

const slice = (page: number, ids: number[], first: boolean, last: boolean): ListingReply => ({
  type: 'records',
  page,
  records: ids.map((id) => listedRecord(id, { title: `File ${String(id).padStart(6, '0')}` })),
  first,
  last,
})

describe('the library host', () => {
  it('keeps the records the listing sends, passing on only what the page still needs', async () => {
    const { host, client, listing, passed } = hosted()
    client.query(NO_FILTERS, DEFAULT_SORT)
    listing({ type: 'layout', pages: 2, expected: 5 })
    listing(slice(0, [1, 2], true, false))
    listing(slice(0, [3], false, true))
    listing(slice(1, [2_001, 2_002], true, true))
    listing({ type: 'settled', request: 0, ok: true })
    await settled()
    expect(host.records.map((record) => record.id)).toEqual([1, 2, 3, 2_001, 2_002])
    expect(passed.map((reply) => reply.type)).toEqual(['layout', 'settled'])
    expect(client.getSnapshot()?.count).toBe(5)
  })

  it('replaces a page held already only once its new version has fully arrived', () => {
    const { host, listing } = hosted()
    listing({ type: 'layout', pages: 1, expected: null })
    listing(slice(0, [1, 2, 3], true, true))
    listing(slice(0, [1], true, false))
    expect(host.records).toHaveLength(3)
    listing(slice(0, [2], false, true))
    expect(host.records.map((record) => record.id)).toEqual([1, 2])
  })

  it('lays changes in flight over the library, keeps what the server confirmed and drops the rest', () => {
    const { host, listing, post } = hosted()
    listing({ type: 'layout', pages: 1, expected: null })
    listing(slice(0, [1, 2, 3], true, true))
    post({ type: 'change', key: 1, change: withoutRecords([2]) })
    post({ type: 'change', key: 2, change: withPatch([3], { title: 'Renamed' }) })
    expect(host.records.map((record) => record.id)).toEqual([1, 3])
    expect(host.records[1]?.title).toBe('Renamed')
    // The delete is confirmed; the rename fails and rolls back.
    post({ type: 'settle', key: 1, confirmed: withoutRecords([2]) })
    post({ type: 'settle', key: 2, confirmed: null })
    expect(host.records.map((record) => record.id)).toEqual([1, 3])
    expect(host.records[1]?.title).toBe('File 000003')
  })

  it('drops everything when the listing is refused, and tells the page', () => {
    const { host, listing, passed } = hosted()
    listing({ type: 'layout', pages: 1, expected: null })
    listing(slice(0, [1], true, true))
    listing({ type: 'failed', status: 401, message: 'Sign in', wordless: false })
    expect(host.records).toHaveLength(0)
    expect(passed.at(-1)?.type).toBe('failed')
  })

  it('answers the controls’ facts and an upload’s duplicate check from the whole library', async () => {
    const replies: EngineReply[] = []
    const host = new LibraryHost((reply) => replies.push(reply))
    host.listing({ type: 'layout', pages: 1, expected: null })
    host.listing({
      type: 'records',
      page: 0,
      records: [
        listedRecord(1, { folder_path: '/Press', file_type: 'image/png', sha256: 'a'.repeat(64) }),
        listedRecord(2, { folder_path: '/Press', file_type: 'video/mp4' }),
        listedRecord(3, { folder_path: '/' }),
      ],
      first: true,
      last: true,
    })
    host.receive({ type: 'facts', ask: 7 })
    host.receive({ type: 'by-fingerprint', ask: 8, sha256: 'a'.repeat(64) })
    await settled()
    expect(replies.find((reply) => reply.type === 'facts')).toEqual({
      type: 'facts',
      ask: 7,
      fileTypes: ['image/png', 'video/mp4'],
      folderPaths: ['/Press'],
      folderCounts: [
        ['/Press', 2],
        ['/', 1],
      ],
    })
    const found = replies.find((reply) => reply.type === 'records')
    expect(found?.type === 'records' && found.records.map((record) => record.id)).toEqual([1])
    expect(replies.filter((reply) => reply.type === 'changed').at(-1)).toMatchObject({
      held: 3,
      complete: true,
    })
  })
})
