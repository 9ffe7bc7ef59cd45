/**
 * Starting the file list before React renders: the library's worker and its load, and the first page
 * shown from the page's own request, on every visit (startListingEarly, called once by
 * src/app/main.tsx); and which listing the store made at render talks to: that worker, handed
 * over with every reply it sent so far, else a worker of its own, else, without workers, the library
 * run on the page (connectListing).
 */
import { firstPageIsWhole, inTitleOrder, pageCountOf, SHARD_IDS } from '../../../contract/media-pages'
import type { MediaRecord } from '../../../contract/record'
import { reportAccessAnswer, reportGateOf } from '../../../lib/access'
import { afterFirstScreen, holdForFirstScreen, releaseFirstScreen } from '../../../lib/first-screen-gate'
import { retryingImport } from '../../../lib/retry-import'
import { keptLibraryFound, opfsFiles } from '../engine/kept-store/kept-files'
import { readKeptFirstRows } from '../engine/kept-store/kept-layout'
import { takeStartedFirstPage, takeStartedKeptLookup } from './first-page-request'
import { startWorker, type LibraryWorkerPort } from './library-worker'
import type { FirstAnswer, ListingReply, ListingRequest } from './listing-protocol'
import type { ListingPort } from './listing-store'
import { connectOnPage } from './page-loader'
import { fetchPage } from './page-request'

/**
 * Starts the listing worker and its load (the kept library, then the server's pages) as the app's code
 * runs, before React renders anything: the first store to connect takes it over, replies held meanwhile
 * included (connectListing). On every visit the page takes over the request for the first page its
 * HTML started (or asks the server itself), draws the answer, and hands it to the worker once the
 * screen has drawn it. With a library kept in this browser (which the HTML looked for already) the
 * worker starts at once and answers the screen from it, so the first cards are whichever comes first,
 * the server's first page or the kept library (decision 0077); with none (a first visit) it starts once
 * that answer is in, and then asks for the rest. The screen's other calls wait for that first screen (first-screen-gate.ts). Does
 * nothing without workers (tests, old browsers), or once started.
 */
export function startListingEarly(): void {
  if (startedEarly() || typeof Worker === 'undefined') return
  const startedInHtml = takeStartedFirstPage()
  holdForFirstScreen()
  const answering = askFirstPage(startedInHtml)
  // Looked for by the HTML as it asked for the first page, so that the answer is in as this runs.
  // Nothing kept: the worker's start (its script, its store) would take a core from the page's own
  // start while the server works on the answer (0062), so it waits for the answer.
  const found = takeStartedKeptLookup() ?? keptLibraryFound()
  const kept = found.then((isKept) => {
    if (isKept) performance.mark('listing:kept-found')
    return isKept ? undefined : answering
  })
  const { post, deliver } = startHeldWorker(kept)
  post({ type: 'load', request: EARLY_LOAD, firstFromPage: true })
  // With a library kept, the page reads its first rows itself (as many as the server's first page holds
  // at most): the first screen of the default query as last seen, drawn before the worker has started
  // (decision 0077). Of these and the server's first page, the first to arrive is drawn, and only that
  // one: the other would draw the cards again in another order.
  let firstDrawn = false
  void found.then(async (isKept) => {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage
    const rows = isKept && storage ? await readKeptFirstRows(opfsFiles(storage), SHARD_IDS) : null
    if (rows === null || firstDrawn) return
    firstDrawn = true
    performance.mark('listing:kept-first-here')
    deliver({ type: 'layout', pages: Math.max(1, rows.pages), expected: null })
    deliver({ type: 'records', page: 0, records: rows.records, first: true, last: true })
  })
  // The schema check (zod) loads beside the request, not on the first route (decision 0042); should it
  // not arrive, the worker shows the page instead.
  const reading = retryingImport(() => import('./page-text')).catch(() => null)
  void answering.then(async (answer) => {
    // Refused: the screen shows the sign-in at once, not the library's screen until the worker has
    // started and said so too.
    if (answer) reportAccessAnswer(answer.status)
    const readPageText = answer?.status === 200 ? (await reading)?.readPageText : undefined
    const read = answer && readPageText ? readPageText(answer.text) : null
    try {
      if (read !== null && !firstDrawn) {
        performance.mark('listing:first-page-here')
        // In the order the server gives for the default query: the order the engine will answer.
        const drawn = showFirstPage(
          deliver,
          [...inTitleOrder(read.records, read.titleOrder)],
          read.shardCount,
        )
        firstDrawn = drawn
        // The rest of the library is asked for once these cards are painted: under netlify dev the
        // other pages' answers took the cores from the first cards' render (decision 0062). An empty
        // first page of a library with more pages draws nothing: the rest is asked for at once.
        if (drawn) await afterFirstScreen()
      }
    } finally {
      // Shown here or not, the worker's engine takes the page in too, and its load goes on.
      post({ type: 'first-answer', answer })
      releaseFirstScreen()
    }
  })
}

/**
 * The first page as the worker would have sent it: the layout it gives, then its records, and when it
 * holds the whole library the other page, empty, so that the screen has the whole of a small or empty
 * library from this one answer. False when it gives the screen nothing to draw: no files, and more pages
 * to come.
 */
function showFirstPage(
  deliver: (reply: ListingReply) => void,
  records: MediaRecord[],
  shardCount: number,
): boolean {
  const pages = pageCountOf(shardCount)
  deliver({ type: 'layout', pages, expected: null })
  deliver({ type: 'records', page: 0, records, first: true, last: true })
  const whole = firstPageIsWhole(shardCount)
  if (whole) for (let page = 1; page < pages; page++) deliver(emptyPage(page))
  return whole || records.length > 0
}

function emptyPage(page: number): ListingReply {
  return { type: 'records', page, records: [], first: true, last: true }
}

/**
 * The first page, from the request the HTML started or else asked for by the page itself; null when no
 * answer came at all.
 */
async function askFirstPage(startedInHtml: Promise<Response> | null): Promise<FirstAnswer | null> {
  try {
    const response = await (startedInHtml ?? fetchPage(0))
    // The cards' pictures need to know whether the access gate is there (signed links behind it), and
    // the screen's own question waits for the first screen: the answer says it (decision 0068).
    if (response.ok) reportGateOf(response)
    return { status: response.status, etag: response.headers.get('etag'), text: await response.text() }
  } catch {
    return null
  }
}

/** The request number of the load the worker is sent as it starts, before any store exists. */
export const EARLY_LOAD = -1

/**
 * A worker started before the screen, holding its replies until a store takes it. They are kept until
 * that store first asks something (`adopted`): a render React throws away (one that suspended on the
 * first route) makes a store that never does, and the store made again in its place takes the worker
 * over with every reply so far. A second worker would hold a second library the engine never hears of.
 */
interface EarlyListing {
  worker: LibraryWorkerPort
  held: ListingReply[]
  receive: ((reply: ListingReply) => void) | null
  adopted: boolean
}

let early: EarlyListing | null = null

/** Whether the listing's worker was started before the screen (once a page). */
export function startedEarly(): boolean {
  return early !== null
}

/**
 * Starts the library's worker for the listing started before the screen (once `startWhen` settles, if
 * given), its replies held for the store that takes it (takeEarly). `deliver` hands the store a reply
 * made on the page (the first page shown here) as if the worker had sent it.
 */
export function startHeldWorker(startWhen?: Promise<unknown>): {
  post: (request: ListingRequest) => void
  deliver: (reply: ListingReply) => void
} {
  const deliver = (reply: ListingReply) => {
    if (!started.adopted) started.held.push(reply)
    started.receive?.(reply)
  }
  const worker = startWorker(deliver, startWhen)
  const started: EarlyListing = { worker, held: [], receive: null, adopted: false }
  early = started
  return { post: worker.post, deliver }
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
      taken.worker.post(request)
    },
    close: () => {
      taken.worker.terminate()
    },
  }
}

/**
 * The listing worker; on a page without workers, the library (loader and engine) runs here, keeping
 * nothing between visits.
 */
export function connectListing(receive: (reply: ListingReply) => void): ListingPort {
  if (typeof Worker !== 'undefined') {
    const adopted = takeEarly(receive)
    if (adopted !== null) return adopted
    const worker = startWorker(receive)
    return { post: worker.post, close: worker.terminate }
  }
  return connectOnPage(receive)
}
