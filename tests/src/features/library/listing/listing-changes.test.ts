import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { allocateFileIds } from '../../../../../netlify/server/records/id-counter'
import { operateOnRecords } from '../../../../../netlify/server/records/record-shards'
import { MemoryByteStore } from '../../../../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../../../../netlify/server/storage/memory-store'
import { replaceDocumentStore } from '../../../../../netlify/server/store'
import { pageCountOf, SHARD_IDS } from '../../../../../src/contract/media-pages'
import type { ListingReply, PageAnswer } from '../../../../../src/features/library/listing/listing-protocol'
import { changesRequest } from '../../../../../src/features/library/listing/page-request'
import { routeToFunction } from '../../../../support/function-router'
import { fetchOnPage, keptAfter, loaderOver } from '../../../../support/kept-pages'
import { listedRecord } from '../../../../support/listed-record'

/**
 * A revalidation of pages already shown is one request (`GET /api/media-pages?changes=`, decision 0083),
 * which says what changed and brings the changed pages; a page it had no room for is asked for on its
 * own. The real handler answers each request (msw hands it over), on an in-memory store.
 */
/** Each request the server answered: its query, status and body bytes. */
const answered: { query: string; status: number; bytes: number }[] = []
/** Set to refuse `?changes=` as a server older than it does: 400, as for any query without a range. */
let older = false
/** Set to answer `?changes=` with no page in it, as when the changed pages passed its budget. */
let withoutPages = false

const server = setupServer(
  http.get('*/api/media-pages', async ({ request }) => {
    const search = new URL(request.url).search.slice(1)
    const query = search.startsWith('changes=') ? 'changes' : search
    if (older && query === 'changes') {
      answered.push({ query, status: 400, bytes: 0 })
      return HttpResponse.json({ error: 'shards must be a range such as 0-49' }, { status: 400 })
    }
    const answer = await routeToFunction(request)
    if (!answer) return undefined
    let body = await answer.text()
    if (withoutPages && query === 'changes') body = JSON.stringify({ ...JSON.parse(body), pages: [] })
    answered.push({ query, status: answer.status, bytes: body.length })
    return new Response(answer.status === 304 ? null : body, answer)
  }),
)
let store: MemoryDocumentStore

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
beforeEach(() => {
  store = new MemoryDocumentStore()
  replaceDocumentStore(store, new MemoryByteStore())
  answered.length = 0
  older = false
  withoutPages = false
})
afterEach(() => {
  server.resetHandlers()
})
afterAll(() => {
  server.close()
})

async function seed(ids: readonly number[], title?: string): Promise<void> {
  await allocateFileIds(store, Math.max(0, ...ids))
  const fields = (id: number) => (title === undefined ? {} : { title: `${title} ${String(id)}` })
  await operateOnRecords(store, ids, (_current, id) => ({
    record: listedRecord(id, fields(id)),
    result: null,
  }))
}

/** The answers in the order asked for: what changed first, then the pages (answered in any order). */
const inOrder = () => [...answered].sort((a, b) => rank(a.query) - rank(b.query))
const rank = (query: string) => (query === 'changes' ? -1 : Number(/^shards=(\d+)/.exec(query)?.[1]))
const queries = () => answered.map(({ query, status }) => [query, status])

/** The ids each page shows at the end of `replies`. */
function shownIds(replies: readonly ListingReply[]): number[] {
  const pages = new Map<number, number[]>()
  for (const reply of replies) {
    if (reply.type !== 'records') continue
    const ids = reply.first ? [] : (pages.get(reply.page) ?? [])
    pages.set(reply.page, [...ids, ...reply.records.map((record) => record.id)])
  }
  return [...pages.entries()].sort(([a], [b]) => a - b).flatMap(([, ids]) => ids)
}

const settled = (replies: readonly ListingReply[]) => replies.filter((reply) => reply.type === 'settled')

/** A library loaded once and kept, then a reload from what was kept, with `between` done in between. */
async function reload(ids: readonly number[], between: () => Promise<void> = () => Promise.resolve()) {
  await seed(ids)
  const first = loaderOver()
  await first.loader.load(0)
  const kept = keptAfter(first.replies)
  await between()
  answered.length = 0
  const again = loaderOver(kept)
  await again.loader.load(1)
  return { ...again, kept }
}

/** The answer to a request the page made itself, as startListingEarly hands it to the worker. */
async function pageAnswer([path, init]: [string, RequestInit]): Promise<PageAnswer> {
  const response = await fetchOnPage(path, init)
  return { status: response.status, etag: response.headers.get('etag'), text: await response.text() }
}

describe('a reload with pages kept', () => {
  it('makes one request when nothing changed, and one again at the next revalidation', async () => {
    const { loader, replies } = await reload([1, 2_500, 30_000])
    expect(queries()).toEqual([['changes', 200]])
    expect(shownIds(replies)).toEqual([1, 2_500, 30_000])
    expect(settled(replies)).toMatchObject([{ type: 'settled', request: 1, ok: true }])

    answered.length = 0
    await loader.revalidate(2)
    expect(queries()).toEqual([['changes', 200]])
  })

  it('makes one when a page changed, and shows that page anew from its answer', async () => {
    const { loader, replies } = await reload([1, 2_500, 30_000], () => seed([30_001], 'Added'))
    expect(queries()).toEqual([['changes', 200]])
    expect(shownIds(replies)).toEqual([1, 2_500, 30_000, 30_001])
    // The page is shown as changed once: the next revalidation holds its new ETag.
    answered.length = 0
    const before = replies.length
    await loader.revalidate(2)
    expect(queries()).toEqual([['changes', 200]])
    expect(replies.slice(before).filter((reply) => reply.type === 'records')).toEqual([])
  })

  it('shows the new pages of a library that grew (and the first, which counts them), and drops the pages of one that shrank', async () => {
    const grown = await reload([1, 30_000], () => seed([80_000]))
    expect(queries()).toEqual([['changes', 200]])
    expect(shownIds(grown.replies)).toEqual([1, 30_000, 80_000])

    store = new MemoryDocumentStore()
    replaceDocumentStore(store, new MemoryByteStore())
    const shrunk = await reload([1, 30_000, 80_000], () => store.remove('records/000160'))
    expect(queries()).toEqual([['changes', 200]])
    expect(shownIds(shrunk.replies)).toEqual([1, 30_000])
    expect(shrunk.replies).toContainEqual({ type: 'layout', pages: 3, expected: null })
    expect(keptAfter(shrunk.replies).pages).toHaveLength(3)
  })

  it('asks on its own for a changed page the answer had no room for', async () => {
    const { replies } = await reload([1, 2_500, 30_000], async () => {
      withoutPages = true
      await seed([30_001], 'Added')
    })
    expect(inOrder().map(({ query, status }) => [query, status])).toEqual([
      ['changes', 200],
      ['shards=50-99', 200],
    ])
    expect(shownIds(replies)).toEqual([1, 2_500, 30_000, 30_001])
  })

  it('shows the kept pages, with the count they make, before any answer', async () => {
    const { replies, kept } = await reload([1, 2_500, 30_000])
    expect(kept.pages.map(({ records }) => records.length)).toEqual([1, 1, 1])
    expect(replies[0]).toEqual({ type: 'layout', pages: 3, expected: 3 })
    expect(replies.filter((reply) => reply.type === 'records').every((reply) => reply.kept)).toBe(true)
    // The ETags the kept library is written with again: the same, nothing having changed.
    expect(settled(replies)).toEqual([
      { type: 'settled', request: 1, ok: true, etags: kept.pages.map(({ etag }) => etag) },
    ])
  })

  it("takes the page's own request for what changed as its own, and asks nothing more", async () => {
    await seed([1, 2_500, 30_000])
    const first = loaderOver()
    await first.loader.load(0)
    const kept = keptAfter(first.replies)
    for (const change of [null, 'Renamed']) {
      if (change !== null) await seed([1], change)
      answered.length = 0
      const again = loaderOver(kept)
      const loading = again.loader.load(1, { answerFromPage: true })
      again.loader.takePageAnswer(
        'changes',
        await pageAnswer(changesRequest(kept.pages.map(({ etag }) => etag))),
      )
      await loading
      expect(queries()).toEqual([['changes', 200]])
      const fresh = again.replies.filter((reply) => reply.type === 'records' && reply.kept !== true)
      expect(fresh.map((reply) => reply.type === 'records' && reply.records[0]?.title)).toEqual(
        change === null ? [] : ['Renamed 1'],
      )
    }
  })

  it("asks what changed itself when the page's request had no answer", async () => {
    await seed([1, 30_000])
    const first = loaderOver()
    await first.loader.load(0)
    answered.length = 0
    const again = loaderOver(keptAfter(first.replies))
    const loading = again.loader.load(1, { answerFromPage: true })
    again.loader.takePageAnswer('changes', null)
    await loading
    expect(queries()).toEqual([['changes', 200]])
    expect(shownIds(again.replies)).toEqual([1, 30_000])
  })

  it('asks for every page with its ETag when the query is refused, as by an older server', async () => {
    const { replies } = await reload([1, 2_500, 30_000], async () => {
      older = true
      await seed([30_000], 'Renamed')
    })
    expect(inOrder().map(({ query, status }) => [query, status])).toEqual([
      ['changes', 400],
      ['shards=0-0', 304],
      ['shards=1-49', 304],
      ['shards=50-99', 200],
    ])
    expect(shownIds(replies)).toEqual([1, 2_500, 30_000])
    expect(settled(replies)).toMatchObject([{ type: 'settled', request: 1, ok: true }])
  })

  it('says a refusal of the question once, without asking for every page', async () => {
    const { replies } = await reload([1, 2_500, 30_000], () => {
      server.use(
        http.get('*/api/media-pages', () => HttpResponse.json({ error: 'Unauthorized' }, { status: 401 }), {
          once: true,
        }),
      )
      return Promise.resolve()
    })
    expect(answered).toEqual([])
    expect(replies.filter((reply) => reply.type === 'failed')).toEqual([
      { type: 'failed', status: 401, message: 'Unauthorized', wordless: false },
    ])
    expect(settled(replies)).toMatchObject([{ type: 'settled', request: 1, ok: false }])
  })

  it('asks nothing of what changed on a first visit, where nothing is shown: every page at once', async () => {
    await seed([1, 30_000])
    const { loader } = loaderOver()
    await loader.load(0)
    expect(inOrder().map(({ query }) => query)).toEqual(['shards=0-0', 'shards=1-49', 'shards=50-99'])
  })
})

describe('the requests and bytes of a reload with nothing changed', () => {
  // One file per shard gives the page grid of a full library of that many ids (500 per shard): what the
  // requests count on. The bytes are those of the answers' bodies.
  it.each([
    { files: 10_000, pages: 2 },
    { files: 100_000, pages: 5 },
    { files: 1_000_000, pages: 41 },
  ])('at $files files: one request instead of $pages', async ({ files, pages }) => {
    const shards = files / SHARD_IDS
    const ids = Array.from({ length: shards }, (_, shard) => shard * SHARD_IDS + 1)
    expect(pageCountOf(shards)).toBe(pages)
    const after = await reload(ids)
    const changesBytes = answered.reduce((sum, { bytes }) => sum + bytes, 0)
    expect(answered).toHaveLength(1)
    expect(changesBytes).toBeLessThan(2_000)

    older = true
    answered.length = 0
    await after.loader.revalidate(2)
    expect(answered.filter(({ status }) => status === 304)).toHaveLength(pages)
    expect(answered).toHaveLength(pages + 1)
    console.info(
      `${String(files)} files: page by page ${String(pages)} requests (304s, 0 body bytes); in one, ${String(changesBytes)} body bytes`,
    )
  })
})
