import { http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { allocateFileIds } from '../../../../../netlify/server/records/id-counter'
import { listShardRange } from '../../../../../netlify/server/records/record-pages'
import { operateOnRecords } from '../../../../../netlify/server/records/record-shards'
import { MemoryByteStore } from '../../../../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../../../../netlify/server/storage/memory-store'
import { replaceDocumentStore } from '../../../../../netlify/server/store'
import { parseShardRange } from '../../../../../src/contract/media-pages'
import type { MediaRecord } from '../../../../../src/contract/record'
import { ListingStore, type ListingSnapshot } from '../../../../../src/features/library/listing/listing-store'
import { withPatch } from '../../../../../src/lib/record-changes'
import { currentAccess, resetAccessState } from '../../../../../src/lib/access'
import { ListingLoader } from '../../../../../src/features/library/listing/listing-loader'
import { LibraryHost } from '../../../../../src/features/library/engine/library-host'
import type { EngineReply } from '../../../../../src/features/library/engine/library-protocol'
import type { ListingReply, PageAnswer } from '../../../../../src/features/library/listing/listing-protocol'
import { routeToFunction } from '../../../../support/function-router'
import { fetchOnPage, keptAfter, LISTING_ORIGIN, loaderOver } from '../../../../support/kept-pages'
import { listedRecord } from '../../../../support/listed-record'

/**
 * The screen's listing store over the real `GET /api/media-pages` handler (msw hands each request to it,
 * on an in-memory store), so the wire format is the server's own.
 */
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

/**
 * The library where the worker holds it, as run-library.ts joins its parts: the listing's loader
 * feeding the host, which keeps the pages' records (what its engine answers from) and passes the page
 * only what its store needs.
 */
function library() {
  const said: EngineReply[] = []
  const host = new LibraryHost((reply) => said.push(reply))
  const passed: ListingReply[] = []
  const loader = new ListingLoader({
    fetch: fetchOnPage,
    post: (reply) => {
      const onward = host.listing(reply)
      if (onward !== null) passed.push(onward)
    },
  })
  let request = 0
  return {
    host,
    passed,
    load: () => loader.load(request++),
    revalidate: () => loader.revalidate(request++),
    ids: () => host.records.map((held) => held.id),
    titles: () => host.records.map((held) => held.title),
    /** Whether the engine said it holds the whole library, last it said. */
    whole: () => said.findLast((reply) => reply.type === 'changed')?.complete === true,
  }
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

describe('the library the worker holds, over the listing', () => {
  it('holds the pages that have arrived and says more are coming, then the whole library', async () => {
    await seed([record(1), record(2), record(2_500), record(30_000)])
    const release = hold('50-99')
    const held = library()
    const loading = held.load()
    await vi.waitFor(() => {
      expect(held.ids()).toEqual([1, 2, 2_500])
    })
    expect(held.whole()).toBe(false)
    release()
    await loading
    expect(held.ids()).toEqual([1, 2, 2_500, 30_000])
    expect(held.whole()).toBe(true)
    // The first two pages at once, then the third once the first said there are 61 shards.
    expect(answered.map(({ shards }) => shards).sort()).toEqual(['0-0', '1-49', '50-99'])
    // The records stay in the worker: the page hears the layout and the load's end.
    expect(held.passed.map((reply) => reply.type)).not.toContain('records')
  })

  it('on revalidation replaces only the page that changed, keeping the others as they were', async () => {
    await seed([record(1), record(2_500), record(30_000)])
    const held = library()
    await held.load()
    const before = held.host.records
    answered.length = 0
    await seed([record(30_000, 'Renamed in another tab')])
    await held.revalidate()
    const after = held.host.records
    // One request, which says what changed and brings the page that did (decision 0083).
    expect(answered).toEqual([{ shards: '', status: 200 }])
    expect(held.titles()).toEqual(['File 1', 'File 2500', 'Renamed in another tab'])
    // Unchanged pages keep their objects, so the index reuses what it derived from them.
    expect(after[0]).toBe(before[0])
    expect(after[1]).toBe(before[1])
  })

  it('on a first visit takes the first page as the page fetched it, and asks the server only for the rest', async () => {
    await seed([record(1), record(2_500)])
    const loadWith = async (answer: (text: string) => PageAnswer | null) => {
      const { loader, replies } = loaderOver()
      const firstPage = await fetch(new URL('/api/media-pages?shards=0-0', LISTING_ORIGIN))
      const text = await firstPage.text()
      answered.length = 0
      const loading = loader.load(0, { answerFromPage: true })
      loader.takePageAnswer('first', answer(text))
      await loading
      const sent = replies.flatMap((reply) => (reply.type === 'records' ? [reply.page] : []))
      return { sent, asked: answered.map(({ shards }) => shards), etags: keptAfter(replies).pages }
    }
    const handed = await loadWith((text) => ({ status: 200, etag: '"first"', text }))
    // Sent on as the worker's own: its engine holds the library, the first page too.
    expect(handed.sent).toEqual([0, 1])
    expect(handed.asked).toEqual(['1-49'])
    // Kept under the ETag the page's answer gave.
    expect(handed.etags[0]?.etag).toBe('"first"')
    // No answer came to the page: the worker asks for the first page itself.
    const none = await loadWith(() => null)
    expect(none.sent).toEqual([0, 1])
    expect(none.asked.sort()).toEqual(['0-0', '1-49'])
  })

  it('on a reload sends the kept first page, then the server’s over it when the page’s answer differs', async () => {
    await seed([record(1, 'Kept title'), record(2_500)])
    const first = loaderOver()
    await first.loader.load(0)
    await seed([record(1, 'Server title')])
    const firstPage = await fetch(new URL('/api/media-pages?shards=0-0', LISTING_ORIGIN))
    const answer = { status: 200, etag: firstPage.headers.get('etag'), text: await firstPage.text() }
    const { loader, replies } = loaderOver(keptAfter(first.replies))
    const loading = loader.load(0, { answerFromPage: true })
    loader.takePageAnswer('first', answer)
    await loading
    const firstPageTitles = replies.flatMap((reply) =>
      reply.type === 'records' && reply.page === 0 ? reply.records.map((one) => one.title) : [],
    )
    // The kept one first (the worker's engine starts from it), the server's last: it stands.
    expect(firstPageTitles).toEqual(['Kept title', 'Server title'])
  })

  it('follows an answer that stopped at its byte budget to the end of the page, and holds the page whole', async () => {
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
    const held = library()
    await held.load()
    expect(held.ids()).toEqual([1, 2, 600, 1_700, 2_500, 3_600])
    expect(answered.map(({ shards }) => shards).sort()).toEqual(['0-0', '1-49', '3-49', '5-49', '7-49'])
    // Each page is held whole, under the ETag of the first part. That ETag stands for the whole page: an unchanged library is two 304s, with no parts asked for.
    answered.length = 0
    await held.revalidate()
    expect(answered).toEqual(
      expect.arrayContaining([
        { shards: '0-0', status: 304 },
        { shards: '1-49', status: 304 },
      ]),
    )
    expect(answered).toHaveLength(2)
  })

  it('drops what it held when the server refuses it, and passes the refusal on to the page', async () => {
    await seed([record(1)])
    const held = library()
    await held.load()
    server.use(http.get('*/api/media-pages', () => Response.json({ error: 'Sign in' }, { status: 401 })))
    await held.revalidate()
    expect(held.ids()).toEqual([])
    expect(held.passed).toContainEqual(expect.objectContaining({ type: 'failed', status: 401 }))
  })

  it('writes a confirmed change into its page, which a revalidation with nothing changed keeps', async () => {
    await seed([record(1), record(30_000)])
    const held = library()
    await held.load()
    held.host.receive({ type: 'change', key: 1, change: withPatch([30_000], { title: 'Saved' }) })
    held.host.receive({ type: 'settle', key: 1, confirmed: withPatch([30_000], { title: 'Saved' }) })
    expect(held.titles()).toEqual(['File 1', 'Saved'])
    answered.length = 0
    await held.revalidate()
    // The server's copy had not changed: nothing came back to undo the change.
    expect(held.titles()).toEqual(['File 1', 'Saved'])
  })
})

describe('the listing store', () => {
  function storeByHand() {
    let reply: (message: ListingReply) => void = () => undefined
    const listed = new ListingStore((receive) => {
      reply = receive
      return { post: () => undefined, close: () => undefined }
    })
    open.push(listed)
    const sent: ListingSnapshot[] = []
    listed.subscribe(() => sent.push(listed.getSnapshot()))
    return {
      listed,
      sent,
      reply: (message: ListingReply) => {
        reply(message)
      },
    }
  }

  it('sends the screen its first list, and again only when what it shows changed: a layout or a load’s end that changes nothing sends nothing', () => {
    const { listed, sent, reply } = storeByHand()
    reply({ type: 'layout', pages: 2, expected: 3 })
    expect(listed.getSnapshot().records).toBeUndefined()
    reply({ type: 'first-list', records: [record(1), record(2)], pages: 2, whole: false })
    const first = listed.getSnapshot()
    expect(first.records?.map((each) => each.id)).toEqual([1, 2])
    expect(first.progress).toEqual({ loaded: 2, expected: 3 })
    const count = sent.length
    // The worker's own layout, and the end of a load that changed nothing here.
    reply({ type: 'layout', pages: 2, expected: 3 })
    reply({ type: 'settled', request: 0, ok: true })
    expect(sent).toHaveLength(count)
    expect(listed.getSnapshot()).toBe(first)
  })

  it('says the first list is the whole library when it is, until the layout says the library grew', () => {
    const { listed, reply } = storeByHand()
    reply({ type: 'first-list', records: [record(1)], pages: 2, whole: true })
    expect(listed.getSnapshot().progress).toBeNull()
    reply({ type: 'layout', pages: 3, expected: 2 })
    expect(listed.getSnapshot().progress).toEqual({ loaded: 1, expected: 2 })
    // An empty library is known at once: the screen shows its empty state, not 'Loading files...'.
    const empty = storeByHand()
    empty.reply({ type: 'first-list', records: [], pages: 2, whole: true })
    expect(empty.listed.getSnapshot()).toMatchObject({ records: [], progress: null })
  })

  it('writes a confirmed change into its first list', () => {
    const { listed, reply } = storeByHand()
    reply({ type: 'first-list', records: [record(1), record(2)], pages: 2, whole: true })
    listed.apply(withPatch([2], { title: 'Saved' }))
    expect(listed.getSnapshot().records?.map((each) => each.title)).toEqual(['File 1', 'Saved'])
  })

  it('drops what it showed when the server refuses it: not a failed load but the sign-in', () => {
    const { listed, reply } = storeByHand()
    reply({ type: 'first-list', records: [record(1)], pages: 2, whole: true })
    reply({ type: 'failed', status: 401, message: 'Sign in', wordless: false })
    // Back to before the first answer ('Loading files...' once signed in), and no load error.
    expect(listed.getSnapshot().records).toBeUndefined()
    expect(listed.getSnapshot().error).toBeUndefined()
    expect(currentAccess()).toMatchObject({ signedOut: true })
    resetAccessState()
  })
})
