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

/** fetch, with the page's relative addresses made absolute (there is no page here). */

/**
 * A store over a loader of its own, every reply its (where the library runs, its host keeps the records
 * and passes the store the rest: library-worker.ts).
 */
function listing(): ListingStore {
  const opened = new ListingStore((receive) => {
    const loader = new ListingLoader({ fetch: fetchOnPage, post: receive })
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
    // One request, which says what changed and brings the page that did (decision 0083).
    expect(answered).toEqual([{ shards: '', status: 200 }])
    expect(after.map((listed) => listed.title)).toEqual(['File 1', 'File 2500', 'Renamed in another tab'])
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

  it('follows an answer that stopped at its byte budget to the end of the page, and shows the page whole', async () => {
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
    const listed = listing()
    await listed.load()
    expect(ids(listed.getSnapshot())).toEqual([1, 2, 600, 1_700, 2_500, 3_600])
    expect(answered.map(({ shards }) => shards).sort()).toEqual(['0-0', '1-49', '3-49', '5-49', '7-49'])
    // Each page is shown whole, under the ETag of the first part. That ETag stands for the whole page: an unchanged library is two 304s, with no parts asked for.
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

  it('drops what it showed when the server refuses it: not a failed load but the sign-in', async () => {
    await seed([record(1)])
    const listed = listing()
    await listed.load()
    server.use(http.get('*/api/media-pages', () => Response.json({ error: 'Sign in' }, { status: 401 })))
    await listed.revalidate()
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

describe('the listing store, its replies played by hand', () => {
  it('sends the screen a list only when what it shows changed: a layout or a load’s end that changes no page sends nothing', () => {
    let reply: (message: ListingReply) => void = () => undefined
    const listed = new ListingStore((receive) => {
      reply = receive
      return { post: () => undefined, close: () => undefined }
    })
    open.push(listed)
    const sent: ListingSnapshot[] = []
    listed.subscribe(() => sent.push(listed.getSnapshot()))
    reply({ type: 'layout', pages: 2, expected: 3 })
    reply({ type: 'records', page: 0, records: [record(1), record(2)], first: true, last: true })
    const first = listed.getSnapshot()
    expect(first.records?.map((each) => each.id)).toEqual([1, 2])
    const count = sent.length
    // The worker's own layout, and the end of a load that changed nothing here.
    reply({ type: 'layout', pages: 2, expected: 3 })
    reply({ type: 'settled', request: 0, ok: true })
    expect(sent).toHaveLength(count)
    expect(listed.getSnapshot()).toBe(first)
    // A page arriving is drawn; a layout that drops it is drawn again.
    reply({ type: 'records', page: 1, records: [record(600)], first: true, last: true })
    expect(listed.getSnapshot().records?.map((each) => each.id)).toEqual([1, 2, 600])
    expect(listed.getSnapshot().progress).toBeNull()
    reply({ type: 'layout', pages: 1, expected: null })
    expect(listed.getSnapshot().records?.map((each) => each.id)).toEqual([1, 2])
    expect(sent).toHaveLength(count + 2)
  })
})
