import { ERROR_WORDS } from '../lib/error-words'
import { indexedDbCache, memoryCache } from './listing-cache'
import { ListingLoader } from './listing-loader'
import type { ListingReply, ListingRequest } from './listing-protocol'

/** The worker's global scope, typed by what this file uses (the project compiles with the DOM library). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<ListingRequest>) => void) | null
  postMessage(message: ListingReply): void
  indexedDB?: IDBFactory
  location: { origin: string }
}

const scope = self as unknown as WorkerScope
// Where the listing benchmark's breakdown of a visit starts, on the worker's side.
performance.mark('listing:worker-start')

const loader = new ListingLoader({
  fetch: (input, init) => fetch(input, init),
  cache: scope.indexedDB ? indexedDbCache(scope.indexedDB, scope.location.origin) : memoryCache(),
  post: (reply) => {
    scope.postMessage(reply)
  },
  unreadable: ERROR_WORDS.unreadable,
})

scope.onmessage = ({ data }) => {
  loader.receive(data)
}
