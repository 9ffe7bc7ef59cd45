/**
 * The library's worker (decision 0045), started once for the page: the listing's loader and the engine
 * that holds the records. Listing replies go to whoever started it; engine replies to the engine's
 * client (connectEngine), held until it connects.
 */
import type { EnginePort } from '../engine/engine-results'
import type { EngineReply, LibraryWorkerReply, LibraryWorkerRequest } from '../engine/library-protocol'
import type { ListingReply } from './listing-protocol'

/** The worker, and its engine's client or the engine answers held until one connects. */
interface LibraryWorker {
  worker: Worker
  engineHeld: EngineReply[]
  engine: ((reply: EngineReply) => void) | null
}

let library: LibraryWorker | null = null

/** Starts a worker of the library; listing replies go to `receive`. */
export function startWorker(receive: (reply: ListingReply) => void): Worker {
  const worker = new Worker(new URL('../engine/library.worker.ts', import.meta.url), {
    type: 'module',
    name: 'listing',
  })
  const started: LibraryWorker = { worker, engineHeld: [], engine: null }
  worker.onmessage = ({ data }: MessageEvent<LibraryWorkerReply>) => {
    if (!('engine' in data)) receive(data)
    else if (started.engine) started.engine(data.engine)
    else started.engineHeld.push(data.engine)
  }
  // The first started is the library's: a second (a store made twice in development) answers nobody.
  library ??= started
  return worker
}

export function postTo(worker: Worker, request: LibraryWorkerRequest): void {
  worker.postMessage(request)
}

/** Whether the library's worker runs (the listing started it); not where there are no workers. */
export function libraryWorkerStarted(): boolean {
  return library !== null
}

/**
 * The engine of the library's worker, once the listing has started it; null where the library lives on
 * the page (no workers: the component tests, old browsers).
 */
export function connectEngine(receive: (reply: EngineReply) => void): EnginePort | null {
  const started = library
  if (started === null) return null
  started.engine = receive
  for (const reply of started.engineHeld.splice(0)) receive(reply)
  return {
    post: (request) => {
      postTo(started.worker, { engine: request })
    },
    close: () => {
      started.engine = null
    },
  }
}
