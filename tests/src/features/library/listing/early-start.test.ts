import { afterEach, describe, expect, it, vi } from 'vitest'

import { connectListing, startListingEarly } from '../../../../../src/features/library/listing/early-start'
import { ListingStore } from '../../../../../src/features/library/listing/listing-store'
import { ACCESS_GATE_HEADER } from '../../../../../src/contract/access'
import { encodeMediaPage } from '../../../../../src/contract/media-page-codec'
import type {
  ListingReply,
  ListingRequest,
} from '../../../../../src/features/library/listing/listing-protocol'
import {
  memoryFiles,
  type StartedRows,
} from '../../../../../src/features/library/engine/kept-store/kept-files'
import { readKeptFirstRows } from '../../../../../src/features/library/engine/kept-store/kept-layout'
import { writeKeptLibrary } from '../../../../../src/features/library/engine/kept-store/kept-library'
import {
  KEPT_DIRECTORY,
  KEPT_FIRST_ROWS,
  KEPT_FIRST_ROWS_GLOBAL,
  KEPT_LOOKUP_GLOBAL,
  KEPT_MANIFEST,
} from '../../../../../src/lib/storage-names'
import { listedRecord } from '../../../../support/listed-record'
import { MemoryStorage } from '../../../../support/memory-storage'

/**
 * The listing started before the screen and handed to the store made at render, with the worker's
 * replies played by hand.
 */
const records = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => listedRecord(from + i))

/** Fresh copies of the listing's modules: the listing starts early once per page. */
async function freshListing() {
  vi.resetModules()
  const { connectListing, startListingEarly } =
    await import('../../../../../src/features/library/listing/early-start')
  const { ListingStore } = await import('../../../../../src/features/library/listing/listing-store')
  return { startListingEarly, ListingStore, connectListing }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

/** A stand-in for the browser's Worker: keeps what it is sent, replies when told. */
class FakeWorker {
  static started: FakeWorker[] = []
  sent: ListingRequest[] = []
  onmessage: ((event: MessageEvent<ListingReply>) => void) | null = null
  terminated = false
  constructor() {
    FakeWorker.started.push(this)
  }
  postMessage(message: ListingRequest) {
    this.sent.push(message)
  }
  terminate() {
    this.terminated = true
  }
  reply(message: ListingReply) {
    this.onmessage?.({ data: message } as MessageEvent<ListingReply>)
  }
}

describe('the listing started before the screen', () => {
  it('loads once, holds its replies for the first store, and answers that store’s load', async () => {
    vi.stubGlobal('Worker', FakeWorker)
    let answer: (response: Response) => void = () => undefined
    vi.stubGlobal('fetch', () => new Promise((resolve) => (answer = resolve)))
    startListingEarly()
    startListingEarly()
    // Nothing kept: the page asks for the first page itself, and the worker starts once it is in.
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(FakeWorker.started).toHaveLength(0)
    answer(new Response('', { status: 503 }))
    await vi.waitFor(() => {
      expect(FakeWorker.started).toHaveLength(1)
    })
    const worker = FakeWorker.started[0] as FakeWorker
    const firstAnswer = { type: 'page-answer', asked: 'first', answer: { status: 503, etag: null, text: '' } }
    await vi.waitFor(() => {
      expect(worker.sent).toEqual([{ type: 'load', request: -1, answerFromPage: true }, firstAnswer])
    })
    worker.reply({ type: 'layout', pages: 2, expected: null })
    worker.reply({ type: 'failed', status: 503, message: 'Try later', wordless: false })

    const store = new ListingStore(connectListing)
    expect(store.getSnapshot().error?.message).toBe('Try later')
    const loaded = store.load()
    // The load under way is the store's: it is not asked for a second time.
    expect(worker.sent).toEqual([{ type: 'load', request: -1, answerFromPage: true }, firstAnswer])
    worker.reply({ type: 'settled', request: -1, ok: true })
    await loaded
    expect(store.getSnapshot().error).toBeUndefined()
    void store.revalidate()
    expect(worker.sent.at(-1)).toEqual({ type: 'revalidate', request: 1 })

    // A second store (the first was closed) starts a worker of its own.
    store.close()
    expect(worker.terminated).toBe(true)
    new ListingStore(connectListing).close()
    expect(FakeWorker.started).toHaveLength(2)
  })
})

describe('the listing started before the screen, on a first visit', () => {
  async function startFresh(answer: () => Promise<Response>) {
    const fresh = await freshListing()
    const gate = await import('../../../../../src/lib/first-screen-gate')
    const access = await import('../../../../../src/lib/access')
    vi.stubGlobal('Worker', FakeWorker)
    vi.stubGlobal('localStorage', new MemoryStorage())
    const asked: string[] = []
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url)
      return answer()
    })
    FakeWorker.started.length = 0
    fresh.startListingEarly()
    // The worker starts once the page's own request has its answer.
    await vi.waitFor(() => {
      expect(FakeWorker.started).toHaveLength(1)
    })
    const worker = FakeWorker.started[0] as FakeWorker
    return { fresh, gate, access, worker, asked }
  }

  /** The first page's answer: `records` in shard 0, of a library of `shardCount` shards. */
  const firstPage = (shardCount: number, ...ids: number[]) =>
    JSON.stringify(
      encodeMediaPage(
        ids.map((id) => listedRecord(id)),
        { from: 0, to: 0, shardCount },
      ),
    )

  /** The worker's messages once it has been handed the first answer. */
  async function handedOver(worker: FakeWorker) {
    await vi.waitFor(() => {
      expect(worker.sent.map((sent) => sent.type)).toEqual(['load', 'page-answer'])
    })
  }

  it('asks for the first page itself, shows it, and hands the answer to the worker once the screen has drawn it', async () => {
    const text = JSON.stringify(encodeMediaPage(records(1, 3), { from: 0, to: 3, shardCount: 60 }))
    const { fresh, gate, worker, asked } = await startFresh(() =>
      Promise.resolve(new Response(text, { headers: { etag: '"p0"' } })),
    )
    expect(asked).toEqual(['/api/media-pages?shards=0-0'])
    const store = new fresh.ListingStore(fresh.connectListing)
    await vi.waitFor(() => {
      expect(store.getSnapshot().records?.map((each) => each.id)).toEqual([1, 2, 3])
    })
    expect(store.getSnapshot().progress).toEqual({ loaded: 3, expected: null })
    // The rest of the library waits for the first cards: the worker has not been handed the page yet.
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(worker.sent).toEqual([{ type: 'load', request: -1, answerFromPage: true }])
    gate.firstScreenDrawn()
    await handedOver(worker)
    expect(worker.sent).toEqual([
      { type: 'load', request: -1, answerFromPage: true },
      // Not marked shown here: the worker's engine holds the library, the first page too.
      { type: 'page-answer', asked: 'first', answer: { status: 200, etag: '"p0"', text } },
    ])
    store.close()
  })

  it('learns from the first page’s answer whether the access gate is there, for the first cards’ pictures', async () => {
    const text = JSON.stringify(encodeMediaPage(records(1, 3), { from: 0, to: 3, shardCount: 1 }))
    const page = (headers: Record<string, string>) => () => Promise.resolve(new Response(text, { headers }))
    await startFresh(page({ [ACCESS_GATE_HEADER]: 'closed' }))
    const gated = await import('../../../../../src/lib/access')
    await vi.waitFor(() => {
      expect(gated.currentAccess()).toMatchObject({ gate: 'closed', signedOut: false, asking: false })
    })
    await startFresh(page({}))
    const open = await import('../../../../../src/lib/access')
    await vi.waitFor(() => {
      expect(open.currentAccess()).toMatchObject({ gate: 'open', signedOut: false, asking: false })
    })
  })

  it('shows the whole of an empty library from its first answer, before the worker says anything', async () => {
    const { fresh, gate, worker } = await startFresh(() => Promise.resolve(new Response(firstPage(0))))
    const store = new fresh.ListingStore(fresh.connectListing)
    await vi.waitFor(() => {
      expect(store.getSnapshot().records).toEqual([])
    })
    // Whole: no page is still to come, so the screen says so (No files found), not 'Loading files...'.
    expect(store.getSnapshot().progress).toBeNull()
    expect(worker.sent.map((sent) => sent.type)).toEqual(['load'])
    gate.firstScreenDrawn()
    await handedOver(worker)
    store.close()
  })

  it('hands an empty first page of a larger library to the worker at once: it draws nothing', async () => {
    const { fresh, gate, worker } = await startFresh(() => Promise.resolve(new Response(firstPage(60))))
    const store = new fresh.ListingStore(fresh.connectListing)
    await handedOver(worker)
    await gate.afterFirstScreen()
    // Still loading: the files are in the pages after the first.
    expect(store.getSnapshot().records).toBeUndefined()
    store.close()
  })

  it('shows nothing of an answer that is not a page, and hands it on at once for the worker to report', async () => {
    const refused = await startFresh(() =>
      Promise.resolve(Response.json({ error: 'Sign in to see the files' }, { status: 401 })),
    )
    // Refused: the screen asks for the token at once, not once the worker has started and said so.
    await vi.waitFor(() => {
      expect(refused.access.currentAccess()).toMatchObject({ signedOut: true, asking: true })
    })
    await handedOver(refused.worker)
    expect(refused.worker.sent[1]).toEqual({
      type: 'page-answer',
      asked: 'first',
      answer: { status: 401, etag: null, text: '{"error":"Sign in to see the files"}' },
    })
    const unreachable = await startFresh(() => Promise.reject(new TypeError('Failed to fetch')))
    await handedOver(unreachable.worker)
    expect(unreachable.worker.sent[1]).toEqual({ type: 'page-answer', asked: 'first', answer: null })
    const store = new unreachable.fresh.ListingStore(unreachable.fresh.connectListing)
    expect(store.getSnapshot().records).toBeUndefined()
    // Nothing to draw: the other calls go at once.
    await unreachable.gate.afterFirstScreen()
    store.close()
  })
})

describe('the listing started before the screen, from the request its HTML started', () => {
  it('takes that request over instead of asking again, and lets the other calls go once it is drawn', async () => {
    const fresh = await freshListing()
    const gate = await import('../../../../../src/lib/first-screen-gate')
    vi.stubGlobal('Worker', FakeWorker)
    vi.stubGlobal('localStorage', new MemoryStorage())
    const text = JSON.stringify(encodeMediaPage(records(1, 2), { from: 0, to: 3, shardCount: 4 }))
    let answer: (response: Response) => void = () => undefined
    const started = new Promise<Response>((resolve) => {
      answer = resolve
    })
    const window: Record<string, unknown> = { mediaFileManagerStartedRequest: started }
    vi.stubGlobal('window', window)
    const asked: string[] = []
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url)
      return new Promise(() => undefined)
    })
    FakeWorker.started.length = 0
    let othersWent = false
    void gate.afterFirstScreen().then(() => {
      othersWent = true
    })
    fresh.startListingEarly()
    // Taken: a script that ran late would ask nothing more.
    expect(window.mediaFileManagerStartedRequest).toBeNull()
    // Held until the first page is drawn: the gate was armed by the early start.
    let heldOthers = false
    void gate.afterFirstScreen().then(() => {
      heldOthers = true
    })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(othersWent).toBe(true)
    expect(heldOthers).toBe(false)
    // The worker starts once that answer is in.
    expect(FakeWorker.started).toHaveLength(0)
    answer(new Response(text, { headers: { etag: '"p0"' } }))
    await vi.waitFor(() => {
      expect(FakeWorker.started).toHaveLength(1)
    })
    const worker = FakeWorker.started[0] as FakeWorker
    const store = new fresh.ListingStore(fresh.connectListing)
    await vi.waitFor(() => {
      expect(store.getSnapshot().records?.map((each) => each.id)).toEqual([1, 2])
    })
    // In and shown, not yet drawn: still held.
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(heldOthers).toBe(false)
    gate.firstScreenDrawn()
    await vi.waitFor(() => {
      expect(worker.sent.map((sent) => sent.type)).toEqual(['load', 'page-answer'])
    })
    await vi.waitFor(() => {
      expect(heldOthers).toBe(true)
    })
    expect(asked).toEqual([])
    store.close()
  })
})

/** A browser whose private file system holds a kept library (its manifest), and Web Locks. */
function keptLibraryHere() {
  const manifest = { getFile: () => Promise.resolve(new Blob(['{}'])) }
  const library = {
    getFileHandle: (name: string) =>
      name === 'manifest.json'
        ? Promise.resolve(manifest)
        : Promise.reject(new DOMException('', 'NotFoundError')),
  }
  const root = {
    getDirectoryHandle: (name: string) =>
      name === KEPT_DIRECTORY
        ? Promise.resolve(library)
        : Promise.reject(new DOMException('', 'NotFoundError')),
  }
  vi.stubGlobal('navigator', { storage: { getDirectory: () => Promise.resolve(root) }, locks: {} })
}

/**
 * A reload: a library kept in the private file system, and the listing started before the screen, with
 * a fresh module and no worker started before it; the HTML's request for what changed (a stand-in
 * answer) comes when `answer` is called.
 */
async function reloadStartedEarly() {
  const fresh = await freshListing()
  vi.stubGlobal('Worker', FakeWorker)
  keptLibraryHere()
  let answer: () => void = () => undefined
  const started = new Promise<Response>((resolve) => {
    answer = () => {
      resolve(new Response('{"changes":"stand-in"}', { status: 200 }))
    }
  })
  vi.stubGlobal('window', { mediaFileManagerStartedRequest: started })
  const asked: string[] = []
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url)
    return new Promise(() => undefined)
  })
  FakeWorker.started.length = 0
  fresh.startListingEarly()
  await vi.waitFor(() => {
    expect(FakeWorker.started).toHaveLength(1)
  })
  return {
    ...fresh,
    asked,
    answer: () => {
      answer()
    },
    worker: FakeWorker.started[0] as FakeWorker,
  }
}

describe('the listing started before the screen, on a reload', () => {
  it('starts the worker at once to answer from the kept library, and hands it the HTML’s request for what changed', async () => {
    const fresh = await reloadStartedEarly()
    // Before that answer: the worker answers from the kept library meanwhile.
    expect(fresh.worker.sent).toEqual([{ type: 'load', request: -1, answerFromPage: true }])
    fresh.answer()
    await vi.waitFor(() => {
      expect(fresh.worker.sent).toEqual([
        { type: 'load', request: -1, answerFromPage: true },
        {
          type: 'page-answer',
          asked: 'changes',
          answer: { status: 200, etag: null, text: '{"changes":"stand-in"}' },
        },
      ])
    })
    // The page asked the server nothing itself: one request on a reload, the HTML's.
    expect(fresh.asked).toEqual([])
  })

  it('hands the worker no answer when the HTML asked nothing, so that the worker asks', async () => {
    const fresh = await freshListing()
    vi.stubGlobal('Worker', FakeWorker)
    keptLibraryHere()
    vi.stubGlobal('window', {})
    const asked: string[] = []
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url)
      return new Promise(() => undefined)
    })
    FakeWorker.started.length = 0
    fresh.startListingEarly()
    await vi.waitFor(() => {
      expect(FakeWorker.started[0]?.sent.map((sent) => sent.type)).toEqual(['load', 'page-answer'])
    })
    expect(FakeWorker.started[0]?.sent[1]).toEqual({ type: 'page-answer', asked: 'changes', answer: null })
    expect(asked).toEqual([])
  })

  it('draws the first rows the HTML read from the kept library before the worker says anything', async () => {
    const fresh = await freshListing()
    vi.stubGlobal('Worker', FakeWorker)
    const memory = memoryFiles()
    const kept = Array.from({ length: 700 }, (_, at) => listedRecord(at + 1, { title: `File ${String(at)}` }))
    const generation = await writeKeptLibrary(memory, kept, ['"p0"', '"p1"'])
    const bytes = (path: string) => (memory.files.get(path) ?? new Uint8Array()).slice().buffer
    const rowsSize = memory.files.get(`${generation}/rows`)?.length ?? 0
    const firstRows = await readKeptFirstRows(memory, KEPT_FIRST_ROWS)
    // As start-app.js leaves them: the manifest, and the first rows' starts and bytes.
    const starts = bytes(`${generation}/row-starts`).slice(0, (KEPT_FIRST_ROWS + 1) * 8)
    const end = new Float64Array(starts)[KEPT_FIRST_ROWS] ?? 0
    const started: StartedRows = {
      manifest: bytes(KEPT_MANIFEST),
      generation,
      starts,
      rows: bytes(`${generation}/rows`).slice(0, end),
      rowsSize,
    }
    vi.stubGlobal('window', {
      [KEPT_LOOKUP_GLOBAL]: Promise.resolve(true),
      [KEPT_FIRST_ROWS_GLOBAL]: Promise.resolve(started),
      mediaFileManagerStartedRequest: new Promise(() => undefined),
    })
    vi.stubGlobal('fetch', () => new Promise(() => undefined))
    FakeWorker.started.length = 0
    fresh.startListingEarly()
    const store = new fresh.ListingStore(fresh.connectListing)
    await vi.waitFor(() => {
      expect(store.getSnapshot().records).toHaveLength(KEPT_FIRST_ROWS)
    })
    expect(store.getSnapshot().records).toEqual(firstRows?.records)
    // Nothing from the worker yet: those rows are the page's own.
    expect(FakeWorker.started[0]?.sent).toEqual([{ type: 'load', request: -1, answerFromPage: true }])
    store.close()
  })

  it('takes the look for a kept library the HTML started, and looks no further', async () => {
    const fresh = await freshListing()
    vi.stubGlobal('Worker', FakeWorker)
    vi.stubGlobal('window', { [KEPT_LOOKUP_GLOBAL]: Promise.resolve(true) })
    vi.stubGlobal('fetch', () => new Promise(() => undefined))
    FakeWorker.started.length = 0
    fresh.startListingEarly()
    await vi.waitFor(() => {
      expect(FakeWorker.started).toHaveLength(1)
    })
    expect((window as unknown as Record<string, unknown>)[KEPT_LOOKUP_GLOBAL]).toBeNull()
  })

  it('reads no storage but the private file system: nothing of the library is in localStorage', async () => {
    const read = vi.fn(() => null)
    vi.stubGlobal('localStorage', { getItem: read, setItem: read, removeItem: read })
    const fresh = await reloadStartedEarly()
    fresh.answer()
    await vi.waitFor(() => {
      expect(fresh.worker.sent).toHaveLength(2)
    })
    expect(read).not.toHaveBeenCalled()
  })

  it('lets the screen’s other calls go at once when the kept library has no first rows to draw', async () => {
    const fresh = await reloadStartedEarly()
    const gate = await import('../../../../../src/lib/first-screen-gate')
    // The stand-in manifest is no kept library's: nothing is drawn before the worker answers.
    await vi.waitFor(async () => {
      let othersWent = false
      await Promise.race([gate.afterFirstScreen().then(() => (othersWent = true)), Promise.resolve()])
      expect(othersWent).toBe(true)
    })
    expect(fresh.worker.sent).toHaveLength(1)
  })
})

describe('the listing started before the screen, taken by a store made again', () => {
  it('goes with every reply so far to a store made in place of one that asked nothing, and starts no second worker', async () => {
    const fresh = await reloadStartedEarly()
    fresh.worker.reply({ type: 'failed', status: 503, message: 'Try later', wordless: false })
    // A render thrown away makes a store that never loads; the one made again takes the worker over.
    const thrownAway = new fresh.ListingStore(fresh.connectListing)
    const store = new fresh.ListingStore(fresh.connectListing)
    expect(FakeWorker.started).toHaveLength(1)
    // The worker's word before it was taken is the store's too, and so is what it says next.
    expect(store.getSnapshot().error?.message).toBe('Try later')
    fresh.worker.reply({ type: 'failed', status: 503, message: 'Still down', wordless: false })
    await vi.waitFor(() => {
      expect(store.getSnapshot().error?.message).toBe('Still down')
    })
    void store.revalidate()
    const worker = fresh.worker
    expect(worker.sent.map((sent) => sent.type)).toEqual(['load', 'revalidate'])
    // Once it has asked, the worker is its own: a later store starts another.
    const later = new fresh.ListingStore(fresh.connectListing)
    expect(FakeWorker.started).toHaveLength(2)
    for (const each of [thrownAway, later, store]) each.close()
  })
})
