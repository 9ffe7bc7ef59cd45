/**
 * The no-worker path: the listing's loader run on the page itself (the component tests, old browsers),
 * behind the same port a store talks to the worker through. Nothing is kept between visits there.
 */
import type { ListingLoader } from './listing-loader'
import type { ListingReply, ListingRequest } from './listing-protocol'
import { retryingImport } from '../../../lib/retry-import'
import type { ListingPort } from './listing-store'

/**
 * The listing's loader run on the page itself (with a test's stand-in for fetch).
 * Its code (with zod) loads on the first call, apart from the first route; requests posted meanwhile
 * wait for it.
 */
export function connectOnPage(receive: (reply: ListingReply) => void, send?: typeof fetch): ListingPort {
  let closed = false
  let loader: ListingLoader | null = null
  const waiting: ListingRequest[] = []
  void retryingImport(() => import('./listing-loader')).then((loaded) => {
    loader = new loaded.ListingLoader({
      fetch: send,
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
