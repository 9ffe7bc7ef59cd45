import { ListingLoader } from '../listing/listing-loader'
import { browserKeptStore } from './kept-store/kept-files'
import { LibraryHost } from './library-host'
import type { LibraryWorkerReply, LibraryWorkerRequest } from './library-protocol'

/** The worker's global scope, typed by what this file uses (the project compiles with the DOM library). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<LibraryWorkerRequest>) => void) | null
  postMessage(message: LibraryWorkerReply): void
  navigator?: { storage?: StorageManager; locks?: LockManager }
}

const scope = self as unknown as WorkerScope
// Where the listing benchmark's breakdown of a visit starts, on the worker's side.
performance.mark('listing:worker-start')

/**
 * The library's worker (decisions 0039, 0045): the listing's loader fetches and decodes the pages, and
 * the host holds their records, the changes in flight, the engine that answers the page and the one
 * kept store, the kept library in the private file system (0052, 0077), which the loader starts from.
 */
const host = new LibraryHost((reply) => {
  scope.postMessage({ engine: reply })
}, browserKeptStore(scope))
const loader = new ListingLoader({
  readKept: () => host.keptPages(),
  post: (reply) => {
    const onward = host.listing(reply)
    if (onward !== null) scope.postMessage(onward)
  },
})

scope.onmessage = ({ data }) => {
  if ('engine' in data) host.receive(data.engine)
  else loader.receive(data)
}
