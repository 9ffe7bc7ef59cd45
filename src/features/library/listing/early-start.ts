/**
 * Starting the file list before React renders: the library's worker and its load, and the first cards
 * shown by the page itself, from the kept library or the server's first page. Called once, by src/app/start-listing.ts.
 */
import { firstPageIsWhole, inTitleOrder, pageCountOf, SHARD_IDS } from '../../../contract/media-pages'
import type { MediaRecord } from '../../../contract/record'
import { reportAccessAnswer, reportGateOf } from '../../../lib/access'
import { afterFirstScreen, holdForFirstScreen, releaseFirstScreen } from '../../../lib/first-screen-gate'
import { retryingImport } from '../../../lib/retry-import'
import { keptLibraryFound, opfsFiles } from '../engine/kept-store/kept-files'
import { readKeptFirstRows } from '../engine/kept-store/kept-first-rows'
import { takeStartedKeptLookup, takeStartedServerRequest } from './started-in-html'
import type { ListingReply, ListingRequest, PageAnswer } from './listing-protocol'
import { fetchPage } from './page-request'
import { EARLY_LOAD, startedEarly, startHeldWorker } from './worker-handover'

/**
 * Starts the listing worker and its load (the kept library, then the server's pages) as the app's code
 * runs, before React renders anything: the first store to connect takes it over, replies held meanwhile
 * included (worker-handover.ts). With a library kept in this browser (which the HTML looked for already)
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
  const firstPage = found.then((isKept) => (isKept ? null : askFirstPage(startedInHtml)))
  // With a library kept the worker starts at once; with none, once the first page's answer is in: the
  // worker's start (its script, its store) would take a core from the page's own start while the server
  // works on that answer (0062).
  const { post, deliver } = startHeldWorker(firstPage)
  post({ type: 'load', request: EARLY_LOAD, answerFromPage: true })
  void found.then((isKept) => {
    if (isKept) {
      performance.mark('listing:kept-found')
      drawKeptFirstRows(deliver)
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
 * A reload: the kept library's first rows (as many as the server's first page holds at most), the first
 * screen of the default query as last seen, drawn before the worker has started (decision 0077).
 */
function drawKeptFirstRows(deliver: (reply: ListingReply) => void): void {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage
  void (storage ? readKeptFirstRows(opfsFiles(storage), SHARD_IDS) : Promise.resolve(null))
    .then((rows) => {
      // Nothing to draw here: the other calls need not wait for the worker's first answer.
      if (rows === null) {
        releaseFirstScreen()
        return
      }
      performance.mark('listing:kept-first-here')
      deliver({ type: 'layout', pages: Math.max(1, rows.pages), expected: null })
      deliver({ type: 'records', page: 0, records: rows.records, first: true, last: true })
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
