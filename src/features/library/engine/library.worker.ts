import { browserKeptStore } from './kept-store/kept-files'
import type { LibraryWorkerReply, LibraryWorkerRequest } from './library-protocol'
import { runLibrary } from './run-library'

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
 * The library's worker (decisions 0039, 0045, 0078): the library run off the page, with the one kept
 * store, the kept library in the private file system (0052, 0077).
 */
const receive = runLibrary(
  (reply) => {
    scope.postMessage(reply)
  },
  { kept: browserKeptStore(scope) },
)

scope.onmessage = ({ data }) => {
  receive(data)
}
