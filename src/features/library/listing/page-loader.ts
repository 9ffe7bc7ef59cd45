/**
 * The no-worker path: the library (the listing's loader and the engine) run on the page itself (the
 * component tests, old browsers), behind the same port a store talks to the worker through. Nothing is
 * kept between visits there.
 */
import { openOnPage } from '../engine/library-on-page'
import type { ListingReply } from './listing-protocol'
import type { ListingPort } from './listing-store'
import { startLibrary } from './library-worker'

/** The library run on the page (with a test's stand-in for fetch), keeping nothing. */
export function connectOnPage(receive: (reply: ListingReply) => void, send?: typeof fetch): ListingPort {
  const library = startLibrary(receive, openOnPage({ kept: null, fetch: send }))
  return { post: library.post, close: library.terminate }
}
