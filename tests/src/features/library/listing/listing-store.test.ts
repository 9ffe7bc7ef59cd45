import { http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { allocateFileIds } from '../../../../../netlify/server/records/id-counter'
import { listShardRange } from '../../../../../netlify/server/records/record-pages'
import { operateOnRecords } from '../../../../../netlify/server/records/record-shards'
import { MemoryByteStore } from '../../../../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../../../../netlify/server/storage/memory-store'
import { replaceDocumentStore } from '../../../../../netlify/server/store'
import { decodeMediaPage, parseShardRange } from '../../../../../src/contract/media-pages'
import { mediaPagesAnswerSchema } from '../../../../../src/contract/media-pages-schema'
import type { MediaRecord } from '../../../../../src/contract/record'
import { readKeptFirstPage } from '../../../../../src/features/library/listing/kept-first-page'
import { ListingStore, type ListingSnapshot } from '../../../../../src/features/library/listing/listing-store'
import { EARLY_LOAD } from '../../../../../src/features/library/listing/worker-handover'
import { withPatch } from '../../../../../src/lib/record-changes'
import { currentAccess, resetAccessState } from '../../../../../src/lib/access'
import { memoryCache, type ListingCache } from '../../../../../src/features/library/listing/listing-cache'
import { ListingLoader } from '../../../../../src/features/library/listing/listing-loader'
import type { FirstAnswer, ListingReply } from '../../../../../src/features/library/listing/listing-protocol'
import { routeToFunction } from '../../../../support/function-router'
import { listedRecord } from '../../../../support/listed-record'
import { MemoryStorage } from '../../../../support/memory-storage'

/**
 * The screen's listing store over the real `GET /api/media-pages` handler (msw hands each request to it,
 * on an in-memory store), so the wire format is the server's own.
 */
const ORIGIN = 'http://localhost'
const answered: { shards: string; status: number }[] = []
/** Pages the server holds back until released, by their `shards` query. */
const held = new Map<string, Promise<void>>()

const server = setupServer(
  http.get('*/api/media-pages', async ({ request }) => {
    const shards = new URL(request.url).searchParams.get('shards') ?? ''
    await held.get(shards)
    const answer = await routeToFunction(request)
    answered.push({ shards, status: answer?.status ?? 0 })
    return answer ?? undefined
  }),
)
let store: MemoryDocumentStore
const open: ListingStore[] = []

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
beforeEach(() => {
  store = new MemoryDocumentStore()
  replaceDocumentStore(store, new MemoryByteStore())
  answered.length = 0
  held.clear()
})
afterEach(() => {
  for (const listing of open.splice(0)) listing.close()
  server.resetHandlers()
  vi.unstubAllGlobals()
})
afterAll(() => {
  server.close()
})

const record = (id: number, title?: string) => listedRecord(id, title === undefined ? {} : { title })

async function seed(records: readonly MediaRecord[]): Promise<void> {
  const byId = new Map(records.map((stored) => [stored.id as number, stored]))
  // Ids are given out by the counter: it must have passed every seeded id.
  await allocateFileIds(store, Math.max(0, ...byId.keys()))
  await operateOnRecords(store, [...byId.keys()], (_current, id) => ({ record: byId.get(id), result: null }))
}

/** fetch, with the page's relative addresses made absolute (there is no page here). */
const fetchOnPage: typeof fetch = (input, init) => fetch(new URL(input as string, ORIGIN), init)

/**
 * A store over a loader of its own, every reply its (where the library runs, its host keeps the records
 * and passes the store the rest: library-worker.ts).
 */
function listing(cache: ListingCache = memoryCache()): ListingStore {
  const opened = new ListingStore((receive) => {
    const loader = new ListingLoader({ fetch: fetchOnPage, cache, post: receive })
    return {
      post: (request) => {
        loader.receive(request)
      },
      close: () => undefined,
    }
  })
  open.push(opened)
  return opened
}

/** A listing loader of its own over `cache`, and the replies it posts. */
function loaderOver(cache: ListingCache): { loader: ListingLoader; replies: ListingReply[] } {
  const replies: ListingReply[] = []
  const loader = new ListingLoader({
    fetch: fetchOnPage,
    cache,
    post: (reply) => replies.push(reply),
  })
  return { loader, replies }
}

function hold(shards: string): () => void {
  let release = () => {}
  held.set(
    shards,
    new Promise<void>((resolve) => {
      release = resolve
    }),
  )
  return release
}

function until(listed: ListingStore, done: (snapshot: ListingSnapshot) => boolean): Promise<ListingSnapshot> {
  return new Promise((resolve) => {
    const check = () => {
      const snapshot = listed.getSnapshot()
      if (!done(snapshot)) return
      stop()
      resolve(snapshot)
    }
    const stop = listed.subscribe(check)
    check()
  })
}

const ids = (snapshot: ListingSnapshot) => snapshot.records?.map((listed) => listed.id)

describe('the listing store', () => {
  it('shows the pages that have arrived and says more are coming, then the whole library', async () => {
    await seed([record(1), record(2), record(2_500), record(30_000)])
    const release = hold('50-99')
    const listed = listing()
    const loading = listed.load()
    const partial = await until(listed, (snapshot) => snapshot.records?.length === 3)
    expect(ids(partial)).toEqual([1, 2, 2_500])
    expect(partial.progress).toEqual({ loaded: 3, expected: null })
    release()
    await loading
    const whole = listed.getSnapshot()
    expect(ids(whole)).toEqual([1, 2, 2_500, 30_000])
    expect(whole.progress).toBeNull()
    // The first two pages at once, then the third once the first said there are 61 shards.
    expect(answered.map(({ shards }) => shards).sort()).toEqual(['0-0', '1-49', '50-99'])
  })

  it('on revalidation replaces only the page that changed, keeping the others as they were', async () => {
    await seed([record(1), record(2_500), record(30_000)])
    const listed = listing()
    await listed.load()
    const before = listed.getSnapshot().records ?? []
    answered.length = 0
    await seed([record(30_000, 'Renamed in another tab')])
    await listed.revalidate()
    const after = listed.getSnapshot().records ?? []
    // One request for every page's ETag, then only the page that changed (decision 0049).
    expect(answered).toEqual([
      { shards: '', status: 200 },
      { shards: '50-99', status: 200 },
    ])
    expect(after.map((listed) => listed.title)).toEqual(['File 1', 'File 2500', 'Renamed in another tab'])
    // Unchanged pages keep their objects, so the index reuses what it derived from them.
    expect(after[0]).toBe(before[0])
    expect(after[1]).toBe(before[1])
  })

  it('shows the library kept from the last visit before the server answers, then revalidates it', async () => {
    await seed([record(1), record(30_000)])
    const kept = memoryCache()
    await listing(kept).load()
    await seed([record(30_001)])
    answered.length = 0
    // '' is the request for every page's ETag (`?validators`).
    const releases = ['', '0-0', '1-49', '50-99'].map(hold)
    const again = listing(kept)
    const loading = again.load()
    const shown = await until(again, (snapshot) => snapshot.records?.length === 2)
    expect(ids(shown)).toEqual([1, 30_000])
    expect(answered).toEqual([])
    for (const release of releases) release()
    await loading
    expect(ids(again.getSnapshot())).toEqual([1, 30_000, 30_001])
    // Every page's ETag in one request, then only the page that changed (decision 0049).
    expect(answered).toEqual([
      { shards: '', status: 200 },
      { shards: '50-99', status: 200 },
    ])
  })

  it('shows the kept first page, and how many files are kept, before the rest is read from disk', async () => {
    await seed([record(1), record(2_500), record(30_000)])
    const kept = memoryCache()
    await listing(kept).load()
    const reads: number[] = []
    let readRest = () => {}
    const slowDisk: ListingCache = {
      ...kept,
      readPage: (page) => {
        reads.push(page)
        if (page === 0) return kept.readPage(0)
        return new Promise((resolve) => {
          const before = readRest
          readRest = () => {
            before()
            resolve(kept.readPage(page))
          }
        })
      },
    }
    const again = listing(slowDisk)
    const loading = again.load()
    const first = await until(again, (snapshot) => snapshot.progress?.expected === 3)
    expect(ids(first)).toEqual([1])
    expect(first.progress).toEqual({ loaded: 1, expected: 3 })
    // One page is read ahead of the one being shown, not every page at once.
    expect(reads).toEqual([0, 1])
    readRest()
    await until(again, (snapshot) => snapshot.records?.length === 2)
    readRest()
    await loading
    expect(ids(again.getSnapshot())).toEqual([1, 2_500, 30_000])
  })

  it('never shows a kept page whose text changed on disk, and asks the server for it again', async () => {
    await seed([record(1), record(2_500)])
    const kept = memoryCache()
    await listing(kept).load()
    const second = await kept.readPage(1)
    if (second === undefined) throw new Error('the second page was not kept')
    // Valid JSON, the same shape, one title changed: only the digest tells it from what arrived.
    await kept.write({ ...second, text: second.text.replace('File 2500', 'Edited on disk') })
    answered.length = 0
    const again = listing(kept)
    const titles = new Set<string>()
    again.subscribe(() => {
      for (const shown of again.getSnapshot().records ?? []) titles.add(shown.title)
    })
    await again.load()
    expect(titles).not.toContain('Edited on disk')
    expect(again.getSnapshot().records?.map((shown) => shown.title)).toEqual(['File 1', 'File 2500'])
    // Everything kept was dropped, the intact first page too: both came from the server again, and are
    // kept again.
    expect(answered.sort((a, b) => a.shards.localeCompare(b.shards))).toEqual([
      { shards: '0-0', status: 200 },
      { shards: '1-49', status: 200 },
    ])
    expect((await kept.readPage(0))?.text).toContain('File 1')
    expect((await kept.readPage(1))?.text).toContain('File 2500')
  })

  it('on a reload, where the page showed its own kept first page, still sends every kept page, the first with a copy to keep', async () => {
    await seed([record(1), record(2_500)])
    const kept = memoryCache()
    await listing(kept).load()
    const { loader, replies } = loaderOver(kept)
    answered.length = 0
    // The load the early start sends on a reload: nothing says the page showed a first page itself.
    await loader.load(EARLY_LOAD)
    const sent = replies.flatMap((reply): (number | string)[] =>
      reply.type === 'records' ? [reply.page] : reply.type === 'kept-first' ? ['copy to keep'] : [],
    )
    // The first page too, for the worker's engine, which holds the whole library.
    expect(sent).toEqual([0, 'copy to keep', 1])
    // Both kept pages still revalidated, by every page's ETag in one answer (decision 0049).
    expect(answered).toEqual([{ shards: '', status: 200 }])
  })

  it('on a first visit takes the first page as the page fetched it, and asks the server only for the rest', async () => {
    await seed([record(1), record(2_500)])
    const loadWith = async (answer: (text: string) => FirstAnswer | null) => {
      const kept = memoryCache()
      const { loader, replies } = loaderOver(kept)
      const firstPage = await fetch(new URL('/api/media-pages?shards=0-0', ORIGIN))
      const text = await firstPage.text()
      answered.length = 0
      const loading = loader.load(0, { firstFromPage: true })
      loader.takeFirstAnswer(answer(text))
      await loading
      const sent = replies.flatMap((reply) => (reply.type === 'records' ? [reply.page] : []))
      return { sent, asked: answered.map(({ shards }) => shards), kept: await kept.readPage(0) }
    }
    const handed = await loadWith((text) => ({ status: 200, etag: '"first"', text }))
    // Sent on as the worker's own: its engine holds the library, the first page too.
    expect(handed.sent).toEqual([0, 1])
    expect(handed.asked).toEqual(['1-49'])
    expect(handed.kept?.etag).toBe('"first"')
    // No answer came to the page: the worker asks for the first page itself.
    const none = await loadWith(() => null)
    expect(none.sent).toEqual([0, 1])
    expect(none.asked.sort()).toEqual(['0-0', '1-49'])
  })

  it('on a visit with pages kept but no copy on the page, never sends the kept first page over the server’s', async () => {
    await seed([record(1, 'Kept title'), record(2_500)])
    const kept = memoryCache()
    await listing(kept).load()
    await seed([record(1, 'Server title')])
    const firstPage = await fetch(new URL('/api/media-pages?shards=0-0', ORIGIN))
    const answer = { status: 200, etag: firstPage.headers.get('etag'), text: await firstPage.text() }
    const { loader, replies } = loaderOver(kept)
    const loading = loader.load(0, { firstFromPage: true })
    loader.takeFirstAnswer(answer)
    await loading
    const firstPageTitles = replies.flatMap((reply) =>
      reply.type === 'records' && reply.page === 0 ? reply.records.map((one) => one.title) : [],
    )
    // The worker sends the server's first page, never the kept one it stands in front of.
    expect(firstPageTitles).toEqual(['Server title'])
  })

  it('follows an answer that stopped at its byte budget to the end of the page, and keeps the page whole', async () => {
    // The server's own listing with an answer budget of one shard, so every shard is an answer of its own.
    server.use(
      http.get('*/api/media-pages', async ({ request }) => {
        const shards = new URL(request.url).searchParams.get('shards') ?? ''
        const range = parseShardRange(shards)
        if (range === null) return new Response(null, { status: 400 })
        const listed = await listShardRange(
          store,
          { ...range, ifNoneMatch: request.headers.get('if-none-match') },
          1,
        )
        answered.push({ shards, status: listed.notModified ? 304 : 200 })
        const headers = { ETag: listed.etag, 'Content-Type': 'application/json' }
        if (listed.notModified) return new Response(null, { status: 304, headers })
        return new Response(listed.body, { headers })
      }),
    )
    await seed([record(1), record(2), record(600), record(1_700), record(2_500), record(3_600)])
    const kept = memoryCache()
    const listed = listing(kept)
    await listed.load()
    expect(ids(listed.getSnapshot())).toEqual([1, 2, 600, 1_700, 2_500, 3_600])
    expect(answered.map(({ shards }) => shards).sort()).toEqual(['0-0', '1-49', '3-49', '5-49', '7-49'])
    // Each page is kept as one answer of all its records, under the ETag of the first part.
    const second = await kept.readPage(1)
    const decoded = decodeMediaPage(mediaPagesAnswerSchema.parse(JSON.parse(second?.text ?? 'null')))
    expect(decoded.map((each) => each.id)).toEqual([600, 1_700, 2_500, 3_600])
    // That ETag stands for the whole page: an unchanged library is two 304s, with no parts asked for.
    answered.length = 0
    await listed.revalidate()
    expect(answered).toEqual(
      expect.arrayContaining([
        { shards: '0-0', status: 304 },
        { shards: '1-49', status: 304 },
      ]),
    )
    expect(answered).toHaveLength(2)
  })

  it('keeps a copy of each new first page on the page, for the next visit to read at once', async () => {
    vi.stubGlobal('localStorage', new MemoryStorage())
    await seed([record(1)])
    await listing().load()
    // Written once the page is idle.
    await vi.waitFor(() => {
      expect(readKeptFirstPage()?.records).toEqual([record(1)])
    })
    await seed([record(1, 'Renamed')])
    await listing().load()
    await vi.waitFor(() => {
      expect(readKeptFirstPage()?.records).toEqual([record(1, 'Renamed')])
    })
  })

  it('drops the kept library and what it showed when the server refuses it: not a failed load but the sign-in', async () => {
    vi.stubGlobal('localStorage', new MemoryStorage())
    await seed([record(1)])
    const kept = memoryCache()
    const listed = listing(kept)
    await listed.load()
    expect((await kept.counts()).size).toBe(2)
    await vi.waitFor(() => {
      expect(readKeptFirstPage()).toBeDefined()
    })
    server.use(http.get('*/api/media-pages', () => Response.json({ error: 'Sign in' }, { status: 401 })))
    await listed.revalidate()
    expect((await kept.counts()).size).toBe(0)
    expect(readKeptFirstPage()).toBeUndefined()
    // Back to before the first answer ('Loading files...' once signed in), and no load error.
    expect(listed.getSnapshot().records).toBeUndefined()
    expect(listed.getSnapshot().error).toBeUndefined()
    expect(currentAccess()).toMatchObject({ signedOut: true })
    resetAccessState()
  })

  it('writes a confirmed change into its page', async () => {
    await seed([record(1), record(30_000)])
    const listed = listing()
    await listed.load()
    listed.apply(withPatch([30_000], { title: 'Saved' }))
    expect(listed.getSnapshot().records?.map((listed) => listed.title)).toEqual(['File 1', 'Saved'])
    answered.length = 0
    await listed.revalidate()
    // The server's copy had not changed: nothing came back to undo the change.
    expect(listed.getSnapshot().records?.map((listed) => listed.title)).toEqual(['File 1', 'Saved'])
  })
})
