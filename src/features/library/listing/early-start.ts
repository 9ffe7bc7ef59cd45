/**
 * Starting the file list before React renders: the library's worker and its load, and the first cards
 * shown by the page itself, from the kept library or the server's first page (startListingEarly, called
 * once by src/app/main.tsx); and which listing the store made at render talks to: that worker, handed
 * over with every reply it sent so far, else a worker of its own, else, without workers, the library
 * run on the page (connectListing).
 */
import { firstPageIsWhole, inTitleOrder, pageCountOf } from '../../../contract/media-pages'
import type { MediaRecord } from '../../../contract/record'
import { reportAccessAnswer, reportGateOf } from '../../../lib/access'
import {
  KEPT_FIRST_ROWS,
  KEPT_FIRST_ROWS_GLOBAL,
  KEPT_LOOKUP_GLOBAL,
  STARTED_REQUEST_GLOBAL,
} from '../../../lib/storage-names'
import { afterFirstScreen, holdForFirstScreen, releaseFirstScreen } from '../../../lib/first-screen-gate'
import { retryingImport } from '../../../lib/retry-import'
import { keptLibraryFound, startedFiles, type StartedRows } from '../engine/kept-store/kept-files'
import { readKeptFirstRows, type KeptFirstRows } from '../engine/kept-store/kept-layout'
import { startWorker, type LibraryWorkerPort } from './library-worker'
import type { ListingReply, ListingRequest, PageAnswer } from './listing-protocol'
import type { ListingPort } from './listing-store'
import { connectOnPage } from './page-loader'
import { fetchPage } from './page-request'

/**
 * Starts the listing worker and its load (the kept library, then the server's pages) as the app's code
 * runs, before React renders anything: the first store to connect takes it over, replies held meanwhile
 * included (connectListing). With a library kept in this browser (which the HTML looked for already)
 * the page draws its first rows itself, the worker starts at once to answer from it, and the one request
 * the HTML started asks what changed since it, which the page hands to the worker (decision 0083). With
 * none (a first visit), the page takes over the HTML's request for the first page (or asks the server
 * itself), draws the answer, and hands it to the worker once the screen has drawn it; the worker starts
 * once that answer is in, and then asks for the rest. The screen's other calls wait for that first
 * screen (first-screen-gate.ts). Does nothing without workers (tests, old browsers), or once started.
 */
export function startListingEarly(): void {
  if (startedEarly() || typeof Worker === 'undefined') return
  const startedInHtml = takeStartedServerRequest()
  holdForFirstScreen()
  const found = takeStartedKeptLookup() ?? keptLibraryFound()
  // Read beside the look for them, so that on a reload the rows are in as soon as it says they are kept.
  const keptRows = readKeptRowsHere()
  const firstPage = found.then((isKept) => (isKept ? null : askFirstPage(startedInHtml)))
  // With a library kept the worker starts at once; with none, once the first page's answer is in: the
  // worker's start (its script, its store) would take a core from the page's own start while the server
  // works on that answer (0062).
  const { post, deliver } = startHeldWorker(firstPage)
  post({ type: 'load', request: EARLY_LOAD, answerFromPage: true })
  void found.then((isKept) => {
    if (isKept) {
      performance.mark('listing:kept-found')
      drawKeptFirstRows(keptRows, deliver)
      // The HTML asked what changed since the kept library, and the worker takes that answer as its own
      // first revalidation; should the HTML have asked nothing, the worker asks.
      void answerOf(startedInHtml ?? Promise.resolve(null)).then((answer) => {
        post({ type: 'page-answer', asked: 'changes', answer })
      })
    } else {
      void drawFirstPage(firstPage, post, deliver)
    }
  })
}

/**
 * The kept library's first rows (`KEPT_FIRST_ROWS`, as many as the server's first page holds at most),
 * the first screen of the default query as last seen (decision 0077), from the bytes the HTML read
 * before the app's script ran (0083); null when it read none (nothing kept or readable, or no HTML
 * script): the worker's answer from the kept library is then the first screen.
 */
function readKeptRowsHere(): Promise<KeptFirstRows | null> {
  const started = takeStarted<StartedRows | null>(KEPT_FIRST_ROWS_GLOBAL)
  if (started === null) return Promise.resolve(null)
  return started
    .then((bytes) => (bytes === null ? null : readKeptFirstRows(startedFiles(bytes), KEPT_FIRST_ROWS)))
    .catch(() => null)
}

/** A reload: the kept rows drawn before the worker has started. */
function drawKeptFirstRows(
  keptRows: Promise<KeptFirstRows | null>,
  deliver: (reply: ListingReply) => void,
): void {
  void keptRows
    .then((rows) => {
      // Nothing to draw here: the other calls need not wait for the worker's first answer.
      if (rows === null) {
        releaseFirstScreen()
        return
      }
      performance.mark('listing:kept-first-here')
      const pages = Math.max(1, rows.pages)
      deliver({ type: 'first-list', records: rows.records, pages, whole: pages === 1 })
    })
    .catch(releaseFirstScreen)
}

/** A first visit: the server's first page drawn here, then handed to the worker. */
async function drawFirstPage(
  answering: Promise<PageAnswer | null>,
  post: (request: ListingRequest) => void,
  deliver: (reply: ListingReply) => void,
): Promise<void> {
  // The schema check (zod) loads beside the request, not on the first route (decision 0042); should it
  // not arrive, the worker shows the page instead.
  const reading = retryingImport(() => import('./page-text')).catch(() => null)
  const answer = await answering
  // Refused: the screen shows the sign-in at once, not the library's screen until the worker has
  // started and said so too.
  if (answer) reportAccessAnswer(answer.status)
  const readPageText = answer?.status === 200 ? (await reading)?.readPageText : undefined
  const read = answer && readPageText ? readPageText(answer.text) : null
  try {
    if (read !== null) {
      performance.mark('listing:first-page-here')
      // In the order the server gives for the default query: the order the engine will answer.
      const drawn = showFirstPage(deliver, [...inTitleOrder(read.records, read.titleOrder)], read.shardCount)
      // The rest of the library is asked for once these cards are painted: under netlify dev the
      // other pages' answers took the cores from the first cards' render (decision 0062). An empty
      // first page of a library with more pages draws nothing: the rest is asked for at once.
      if (drawn) await afterFirstScreen()
    }
  } finally {
    // Shown here or not, the worker's engine takes the page in too, and its load goes on.
    post({ type: 'page-answer', asked: 'first', answer })
    releaseFirstScreen()
  }
}

/**
 * The first page as the store takes it, with the library's layout and whether it is the whole library
 * (a small or empty one is, from this one answer). False when it gives the screen nothing to draw: no
 * files, and more pages to come.
 */
function showFirstPage(
  deliver: (reply: ListingReply) => void,
  records: MediaRecord[],
  shardCount: number,
): boolean {
  const whole = firstPageIsWhole(shardCount)
  deliver({ type: 'first-list', records, pages: pageCountOf(shardCount), whole })
  return whole || records.length > 0
}

/**
 * The first page, from the request the HTML started or else asked for by the page itself; null when no
 * answer came at all.
 */
function askFirstPage(startedInHtml: Promise<Response | null> | null): Promise<PageAnswer | null> {
  return answerOf(startedInHtml ?? fetchPage(0))
}

/** A request's answer as text, for the worker; null when no answer came at all. */
async function answerOf(request: Promise<Response | null>): Promise<PageAnswer | null> {
  try {
    const response = await request
    if (response === null) return null
    // The cards' pictures need to know whether the access gate is there (signed links behind it), and
    // the screen's own question waits for the first screen: the answer says it (decision 0068).
    if (response.ok) reportGateOf(response)
    return { status: response.status, etag: response.headers.get('etag'), text: await response.text() }
  } catch {
    return null
  }
}

/**
 * What the HTML started, taken over here: its request to the server, made on every visit while the
 * app's script downloads (`public/startup/start-app.js`, a static file the Content-Security-Policy
 * allows; decisions 0038, 0077, 0083): the first page (`pageRequest(0)`), or with a library kept in this
 * browser what changed since it (`changesRequest` of the kept pages' ETags), which
 * tests/src/app/start-app-script.test.ts holds the script to; and its look for a kept library, which
 * says which of the two it is. Both are left on `window` under names the script has from
 * src/lib/storage-names.ts.
 */
type Scope = Record<string, unknown>

/** What the HTML left under `name`, taken once (a later script then starts nothing); null: nothing. */
function takeStarted<T>(name: string): Promise<T> | null {
  if (typeof window === 'undefined') return null
  const scope = window as unknown as Scope
  const started = scope[name]
  scope[name] = null
  return started instanceof Promise ? (started as Promise<T>) : null
}

/**
 * The request the HTML started, taken once: the first page when its look found no kept library (or
 * could not look), else what changed since it; null when it started none (no workers, or a script that
 * has not run yet). Either way a script running after this asks for nothing: the app asks itself.
 */
export function takeStartedServerRequest(): Promise<Response | null> | null {
  return takeStarted(STARTED_REQUEST_GLOBAL)
}

/**
 * The HTML's look for a kept library (whether its manifest is there), taken once; null when it started
 * none (no workers, no private file system or Web Locks, or a script that has not run yet).
 */
export function takeStartedKeptLookup(): Promise<boolean> | null {
  return takeStarted(KEPT_LOOKUP_GLOBAL)
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
