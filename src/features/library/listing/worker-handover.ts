/**
 * Which listing a store made at render talks to: the worker started before the screen (early-start.ts),
 * handed over with every reply it sent so far, again to a store made in place of one React threw away
 * (decision 0045); else a worker of its own; else, without workers, the library run on the page (0078).
 */
import type { ListingReply, ListingRequest } from './listing-protocol'
import type { ListingPort } from './listing-store'
import { startWorker, type LibraryWorkerPort } from './library-worker'
import { connectOnPage } from './page-loader'

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
