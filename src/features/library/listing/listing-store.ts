import { pageCountOf } from '../../../contract/media-pages'
import type { MediaRecord } from '../../../contract/record'
import { ApiError, reportAnswer } from '../../../lib/api-client'
import { ERROR_WORDS } from '../../../lib/error-words'
import { firstPageSettled, holdForFirstPage } from '../../../lib/first-page-gate'
import type { RecordsChange } from '../../../lib/record-changes'
import { retryingImport } from '../../../lib/retry-import'
import { memoryCache, type ListingCache } from './listing-cache'
import type { ListingLoader } from './listing-loader'
import { ListingPages } from './listing-pages'
import { fetchPage } from './page-request'
import type { FirstAnswer, ListingReply, ListingRequest } from './listing-protocol'
import type { EnginePort } from '../engine/engine-results'
import type { EngineReply, LibraryWorkerReply, LibraryWorkerRequest } from '../engine/library-protocol'
import { takeStartedFirstPage } from './first-page-request'
import { forgetKeptFirstPage, keepFirstPage, readKeptFirstPage } from './kept-first-page'

/** How far the list has come while its pages arrive: `expected` is the count last time, if known. */
export interface ListingProgress {
  loaded: number
  expected: number | null
}

export interface ListingSnapshot {
  /** Undefined until the first records arrive (kept from the last visit, or from the server). */
  records: readonly MediaRecord[] | undefined
  /** Set while pages are still to come: search, sort and select-all cover only what has arrived. */
  progress: ListingProgress | null
  error: Error | undefined
  /** Counts the lists sent to the screen, so a caller can wait for the screen to draw one (ShownVersion). */
  version: number
}

/** The listing worker, or its loader run on the page where there are no workers (tests, old browsers). */
export interface ListingPort {
  post(request: ListingRequest): void
  close(): void
}

/** How long finished pages wait to reach the screen together: each new list is a pass over every record. */
const SHOW_EVERY_MS = 50
/** The longest a new list waits for the page to be idle. */
const SHOW_WITHIN_MS = 1_000

/**
 * Most records a new list adds to the one before. The screen indexes what each list adds (title keys,
 * their order, merged into the rest); a 25,000-record page added at once cost it a long task.
 */
export const SHOW_AT_MOST = 10_000

/** The user Timing mark set when the first records are in hand, where the screen benchmark starts. */
export const MEDIA_PAGE_MARK = 'media-page-ready'

/**
 * The file list on the main thread, as the listing worker sends it: pages in id order, each replaced
 * whole when a newer version of it has fully arrived (so a changed page never shows half-sent), and
 * pages shown slice by slice the first time they arrive (so the first cards paint early).
 */
export class ListingStore {
  private readonly pages = new ListingPages()
  private expected: number | null = null
  private error: Error | undefined
  private snapshot: ListingSnapshot = { records: undefined, progress: null, error: undefined, version: 0 }
  private readonly listeners = new Set<() => void>()
  private readonly waiting = new Map<number, () => void>()
  private nextRequest = 0
  /** Stops the list waiting to be shown (showLater). */
  private cancelShow: (() => void) | null = null
  private readonly port: ListingPort

  constructor(connect: (receive: (reply: ListingReply) => void) => ListingPort) {
    this.port = connect((reply) => {
      this.receive(reply)
    })
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getSnapshot = (): ListingSnapshot => this.snapshot

  /** Shows what was kept from the last visit, then asks the server for every page. */
  load(): Promise<void> {
    return this.ask('load')
  }

  /** Asks the server for every page again; resolves once every answer is in (or one failed). */
  revalidate(): Promise<void> {
    return this.ask('revalidate')
  }

  close(): void {
    this.cancelShow?.()
    this.port.close()
    for (const resolve of this.waiting.values()) resolve()
    this.waiting.clear()
  }

  /** Applies a confirmed change (the server's answer to an edit) to the pages. */
  apply(change: RecordsChange): void {
    if (this.snapshot.records === undefined) return
    // Every record in hand, not only those shown so far.
    if (this.pages.apply(change)) this.show()
  }

  private ask(type: 'load' | 'revalidate'): Promise<void> {
    const request = this.nextRequest++
    return new Promise((resolve) => {
      this.waiting.set(request, resolve)
      this.port.post({ type, request })
    })
  }

  private receive(reply: ListingReply): void {
    const started = performance.now()
    this.receiveNow(reply)
    performance.measure(`listing:receive-${reply.type}`, { start: started })
  }

  private receiveNow(reply: ListingReply): void {
    if (reply.type === 'kept-first') {
      keepFirstPage(reply.page)
      return
    }
    if (reply.type === 'layout') {
      this.pages.layout(reply.pages)
      this.expected = reply.expected ?? this.expected
    } else if (reply.type === 'records') {
      this.pages.receive(reply)
      // Each new list costs the screen a pass over every record: it gets one per finished page (and
      // the very first slice, for the first cards), not one per slice.
      if (!reply.last && this.snapshot.records !== undefined) return
    } else if (reply.type === 'failed') {
      this.error = failureOf(reply)
      // A refused listing is the sign-in's: nothing it showed stays on the screen.
      if (reply.status === 401) {
        forgetKeptFirstPage()
        this.pages.clear()
      }
    } else {
      if (reply.ok) this.error = undefined
      this.waiting.get(reply.request)?.()
      this.waiting.delete(reply.request)
      this.show()
      return
    }
    this.schedule()
  }

  private schedule(): void {
    if (this.snapshot.records === undefined && this.pages.count() > 0) {
      this.show()
      return
    }
    this.showLater()
  }

  /**
   * Shows the next list once finished pages have had `SHOW_EVERY_MS` to gather and the page is idle,
   * that is once the screen has taken the last list in: a list sent while the screen still indexes the
   * one before makes it start over on the newer one.
   */
  private showLater(): void {
    if (this.cancelShow !== null) return
    const run = () => {
      this.cancelShow = null
      this.show()
    }
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback !== 'function') {
        run()
        return
      }
      const idle = requestIdleCallback(run, { timeout: SHOW_WITHIN_MS })
      this.cancelShow = () => {
        cancelIdleCallback(idle)
      }
    }, SHOW_EVERY_MS)
    this.cancelShow = () => {
      clearTimeout(timer)
    }
  }

  private show(): void {
    const started = performance.now()
    this.cancelShow?.()
    this.cancelShow = null
    const inHand = this.pages.count()
    const shown = this.snapshot.records?.length
    const limit = shown !== undefined && inHand > shown + SHOW_AT_MOST ? shown + SHOW_AT_MOST : inHand
    const records = this.pages.compose(limit)
    // The rest follows in the next list, once the screen has taken this one in.
    if (limit < inHand) this.showLater()
    const complete = limit === inHand && this.pages.complete()
    const known = this.snapshot.records !== undefined || records.length > 0 || complete
    if (known && this.snapshot.records === undefined)
      performance.mark(MEDIA_PAGE_MARK, { detail: records.length })
    this.snapshot = {
      records: known ? records : undefined,
      progress:
        complete || this.error !== undefined ? null : { loaded: records.length, expected: this.expected },
      error: this.error,
      version: this.snapshot.version + 1,
    }
    for (const listener of this.listeners) listener()
    performance.measure('listing:show', { start: started, detail: records.length })
  }
}

/** The listing's failure as the screen's calls meet theirs: reported in the same place, the same error. */
function failureOf({ status, message, wordless }: Extract<ListingReply, { type: 'failed' }>): Error {
  reportAnswer(status, !wordless)
  if (status === 0) return new ApiError(0, navigator.onLine ? ERROR_WORDS.unreachable : ERROR_WORDS.offline)
  return new ApiError(status, message, undefined, wordless)
}

/**
 * The library's worker (decision 0045): the listing's loader and the engine that holds the records.
 * Its engine answers go to the engine's client, held until one connects (connectEngine).
 */
interface LibraryWorker {
  worker: Worker
  engineHeld: EngineReply[]
  engine: ((reply: EngineReply) => void) | null
}

let library: LibraryWorker | null = null

function startWorker(receive: (reply: ListingReply) => void): Worker {
  const worker = new Worker(new URL('../engine/library.worker.ts', import.meta.url), {
    type: 'module',
    name: 'listing',
  })
  const started: LibraryWorker = { worker, engineHeld: [], engine: null }
  worker.onmessage = ({ data }: MessageEvent<LibraryWorkerReply>) => {
    if (!('engine' in data)) receive(data)
    else if (started.engine) started.engine(data.engine)
    else started.engineHeld.push(data.engine)
  }
  // The first started is the library's: a second (a store made twice in development) answers nobody.
  library ??= started
  return worker
}

function postTo(worker: Worker, request: LibraryWorkerRequest): void {
  worker.postMessage(request)
}

/** Whether the library's worker runs (the listing started it); not where there are no workers. */
export function libraryWorkerStarted(): boolean {
  return library !== null
}

/**
 * The engine of the library's worker, once the listing has started it; null where the library lives on
 * the page (no workers: the component tests, old browsers).
 */
export function connectEngine(receive: (reply: EngineReply) => void): EnginePort | null {
  const started = library
  if (started === null) return null
  started.engine = receive
  for (const reply of started.engineHeld.splice(0)) receive(reply)
  return {
    post: (request) => {
      postTo(started.worker, { engine: request })
    },
    close: () => {
      started.engine = null
    },
  }
}

/** The request number of the load the worker is sent as it starts, before any store exists. */
const EARLY_LOAD = -1

/**
 * A worker started before the screen, holding its replies until a store takes it. They are kept until
 * that store first asks something (`adopted`): a render React throws away (one that suspended on the
 * first route) makes a store that never does, and the store made again in its place takes the worker
 * over with every reply so far. A second worker would hold a second library the engine never hears of.
 */
interface EarlyListing {
  worker: Worker
  held: ListingReply[]
  receive: ((reply: ListingReply) => void) | null
  adopted: boolean
}

let early: EarlyListing | null = null

/**
 * Starts the listing worker and its load (the kept pages, then the server's) as the app's code runs,
 * before React renders anything: the first store to connect takes it over, replies held meanwhile
 * included. The first page does not wait for the worker to start: on a reload the kept copy is read
 * here (readKeptFirstPage) and the worker told to send only the rest; on a first visit the page takes
 * over the request its HTML started (or asks the server itself) and hands the answer to the worker, which
 * then does not ask again. The screen's other calls wait until then (first-page-gate.ts). Does nothing
 * without workers (tests, old browsers), or once started.
 */
export function startListingEarly(): void {
  if (early !== null || typeof Worker === 'undefined') return
  const startedInHtml = takeStartedFirstPage()
  holdForFirstPage()
  const deliver = (reply: ListingReply) => {
    if (!started.adopted) started.held.push(reply)
    started.receive?.(reply)
  }
  const started: EarlyListing = { worker: startWorker(deliver), held: [], receive: null, adopted: false }
  early = started
  const post = (request: ListingRequest) => {
    postTo(started.worker, request)
  }
  /** The first page as the worker would have sent it: the layout it gives, then its records. */
  const showFirstPage = (records: MediaRecord[], shardCount: number) => {
    deliver({ type: 'layout', pages: pageCountOf(shardCount), expected: null })
    deliver({ type: 'records', page: 0, records, first: true, last: true })
  }
  const kept = readKeptFirstPage()
  if (kept !== undefined) {
    performance.mark('listing:kept-first-here')
    showFirstPage(kept.records, kept.shardCount)
    // Not `shownFirst`: the worker's engine needs the first page too, from its own kept copy.
    post({ type: 'load', request: EARLY_LOAD })
    firstPageSettled()
    return
  }
  // Nothing kept (a first visit): the page asks for the first page itself rather than wait for the
  // worker to start, and hands the answer on.
  post({ type: 'load', request: EARLY_LOAD, firstFromPage: true })
  // The schema check (zod) loads beside the request, not on the first route (decision 0042); should it
  // not arrive, the worker shows the page instead.
  const reading = retryingImport(() => import('./page-text')).catch(() => null)
  void askFirstPage(startedInHtml).then(async (answer) => {
    const readPageText = answer?.status === 200 ? (await reading)?.readPageText : undefined
    const read = answer && readPageText ? readPageText(answer.text) : null
    // First, so the worker's load goes on whatever showing it here meets. Shown here or not, the
    // worker's engine takes the page in too.
    post({ type: 'first-answer', answer })
    if (read !== null) {
      performance.mark('listing:first-page-here')
      showFirstPage(read.records, read.shardCount)
    }
    firstPageSettled()
  })
}

/**
 * The first page, from the request the HTML started or else asked for by the page itself; null when no
 * answer came at all.
 */
async function askFirstPage(startedInHtml: Promise<Response> | null): Promise<FirstAnswer | null> {
  try {
    const response = await (startedInHtml ?? fetchPage(0))
    return { status: response.status, etag: response.headers.get('etag'), text: await response.text() }
  } catch {
    return null
  }
}

/**
 * The early worker as a store's port: the store's first load is the one already under way, so it is
 * not sent again; its `settled` reply is renumbered as the store's. A store that has asked nothing yet
 * gives the worker up to the next one to connect (EarlyListing).
 */
function takeEarly(receive: (reply: ListingReply) => void): ListingPort | null {
  const taken = early
  if (taken === null || taken.adopted) return null
  let loadAs: number | null = null
  let settled: Extract<ListingReply, { type: 'settled' }> | null = null
  const deliver = (reply: ListingReply) => {
    if (reply.type !== 'settled' || reply.request !== EARLY_LOAD) receive(reply)
    else if (loadAs === null) settled = reply
    else receive({ ...reply, request: loadAs })
  }
  taken.receive = deliver
  for (const reply of taken.held) deliver(reply)
  return {
    post: (request) => {
      if (!taken.adopted) {
        taken.adopted = true
        taken.held = []
      }
      if (request.type === 'load' && loadAs === null) {
        loadAs = request.request
        if (settled !== null) receive({ ...settled, request: loadAs })
        return
      }
      postTo(taken.worker, request)
    },
    close: () => {
      taken.worker.terminate()
    },
  }
}

/** The listing worker; on a page without workers, its loader runs here, keeping nothing between visits. */
export function connectListing(receive: (reply: ListingReply) => void): ListingPort {
  if (typeof Worker !== 'undefined') {
    const adopted = takeEarly(receive)
    if (adopted !== null) return adopted
    const worker = startWorker(receive)
    return {
      post: (request) => {
        postTo(worker, request)
      },
      close: () => {
        worker.terminate()
      },
    }
  }
  return connectOnPage(receive, undefined, memoryCache())
}

/**
 * The listing's loader run on the page itself, with the given cache (and a test's stand-in for fetch).
 * Its code (with zod) loads on the first call, apart from the first route; requests posted meanwhile
 * wait for it.
 */
export function connectOnPage(
  receive: (reply: ListingReply) => void,
  send: typeof fetch | undefined,
  cache: ListingCache,
): ListingPort {
  let closed = false
  let loader: ListingLoader | null = null
  const waiting: ListingRequest[] = []
  void retryingImport(() => import('./listing-loader')).then((loaded) => {
    loader = new loaded.ListingLoader({
      fetch: send,
      cache,
      post: (reply) => {
        if (!closed) receive(reply)
      },
    })
    for (const request of waiting.splice(0)) loader.receive(request)
  })
  return {
    post: (request) => {
      if (loader) loader.receive(request)
      else waiting.push(request)
    },
    close: () => {
      closed = true
    },
  }
}
