import { indexedDbCache, memoryCache } from '../listing/listing-cache'
import { ListingLoader } from '../listing/listing-loader'
import { browserKeptStore } from './kept-store/kept-files'
import { LibraryHost } from './library-host'
import type { LibraryWorkerReply, LibraryWorkerRequest } from './library-protocol'

/** The worker's global scope, typed by what this file uses (the project compiles with the DOM library). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<LibraryWorkerRequest>) => void) | null
  postMessage(message: LibraryWorkerReply): void
  indexedDB?: IDBFactory
  location: { origin: string }
  navigator?: { storage?: StorageManager; locks?: LockManager }
}

const scope = self as unknown as WorkerScope
// Where the listing benchmark's breakdown of a visit starts, on the worker's side.
performance.mark('listing:worker-start')

/**
 * The library's worker (decisions 0039, 0045): the listing's loader fetches, decodes and keeps the
 * pages, and the host holds their records, the changes in flight and the engine that answers the page.
 */
const host = new LibraryHost((reply) => {
  scope.postMessage({ engine: reply })
}, browserKeptStore(scope))
const loader = new ListingLoader({
  cache: scope.indexedDB ? indexedDbCache(scope.indexedDB, scope.location.origin) : memoryCache(),
  post: (reply) => {
    const onward = host.listing(reply)
    if (onward !== null) scope.postMessage(onward)
  },
})

scope.onmessage = ({ data }) => {
  if ('engine' in data) host.receive(data.engine)
  else loader.receive(data)
}
