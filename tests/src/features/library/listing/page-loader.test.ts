import { http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { allocateFileIds } from '../../../../../netlify/server/records/id-counter'
import { operateOnRecords } from '../../../../../netlify/server/records/record-shards'
import { MemoryByteStore } from '../../../../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../../../../netlify/server/storage/memory-store'
import { replaceDocumentStore } from '../../../../../netlify/server/store'
import type { MediaRecord } from '../../../../../src/contract/record'
import type { EngineClient } from '../../../../../src/features/library/engine/engine-results'
import { libraryEngine } from '../../../../../src/features/library/engine/use-library-engine'
import type { ListingReply } from '../../../../../src/features/library/listing/listing-protocol'
import type { ListingPort } from '../../../../../src/features/library/listing/listing-store'
import { connectOnPage } from '../../../../../src/features/library/listing/page-loader'
import { DEFAULT_SORT, NO_FILTERS } from '../../../../../src/features/library/model/filters'
import type { LibraryResults } from '../../../../../src/features/library/model/library-results'
import { routeToFunction } from '../../../../support/function-router'
import { listedRecord } from '../../../../support/listed-record'

/**
 * Where there are no workers, the library (the listing's loader and the engine) runs on the page, over
 * the real `GET /api/media-pages` handler here, and answers the same client the worker's engine does.
 */
const ORIGIN = 'http://localhost'
const server = setupServer(
  http.get('*/api/media-pages', async ({ request }) => (await routeToFunction(request)) ?? undefined),
)
let store: MemoryDocumentStore
const opened: ListingPort[] = []

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
beforeEach(() => {
  store = new MemoryDocumentStore()
  replaceDocumentStore(store, new MemoryByteStore())
})
afterEach(() => {
  for (const port of opened.splice(0)) port.close()
})
afterAll(() => {
  server.close()
})

async function seed(records: readonly MediaRecord[]): Promise<void> {
  const byId = new Map(records.map((stored) => [stored.id as number, stored]))
  await allocateFileIds(store, Math.max(0, ...byId.keys()))
  await operateOnRecords(store, [...byId.keys()], (_current, id) => ({ record: byId.get(id), result: null }))
}

const fetchOnPage: typeof fetch = (input, init) => fetch(new URL(input as string, ORIGIN), init)

function open(replies: ListingReply[]): { port: ListingPort; client: EngineClient } {
  const port = connectOnPage((reply) => replies.push(reply), fetchOnPage)
  opened.push(port)
  const client = libraryEngine()
  if (client === null) throw new Error('no engine for the library on the page')
  return { port, client }
}

function answered(client: EngineClient, done: (results: LibraryResults) => boolean): Promise<LibraryResults> {
  return new Promise((resolve) => {
    const check = () => {
      const results = client.getSnapshot()
      if (results === null || !done(results)) return
      stop()
      resolve(results)
    }
    const stop = client.subscribe(check)
    check()
  })
}

describe('the library on the page', () => {
  it('loads the pages into its engine, which answers the query sorted, and passes the page only the rest', async () => {
    await seed([
      listedRecord(1, { title: 'Zebra' }),
      listedRecord(2, { title: 'Apple' }),
      listedRecord(3, { title: 'Mango' }),
    ])
    const replies: ListingReply[] = []
    const { port, client } = open(replies)
    client.query(NO_FILTERS, DEFAULT_SORT)
    port.post({ type: 'load', request: 0 })
    const results = await answered(client, (shown) => shown.count === 3)
    expect([0, 1, 2].map((place) => results.recordAt(place)?.title)).toEqual(['Apple', 'Mango', 'Zebra'])
    expect(client.getStatus()).toMatchObject({ held: 3, complete: true })
    // The records stay with the engine: the page's store hears the layout and the end of the load.
    await vi.waitFor(() => {
      expect(replies.some((reply) => reply.type === 'settled')).toBe(true)
    })
    expect(replies.some((reply) => reply.type === 'records')).toBe(false)
  })

  it('is a new library for each store, with a client of its own', () => {
    const first = open([]).client
    const second = open([]).client
    expect(second).not.toBe(first)
    expect(libraryEngine()).toBe(second)
  })
})
