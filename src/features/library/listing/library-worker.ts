/**
 * The library's worker (decision 0045), started once for the page: the listing's loader and the engine
 * that holds the records. Listing replies go to whoever started it; engine replies to the engine's
 * client (connectEngine), held until it connects.
 */
import type { EnginePort } from '../engine/engine-results'
import type { EngineReply, LibraryWorkerReply, LibraryWorkerRequest } from '../engine/library-protocol'
import type { ListingReply } from './listing-protocol'

/** The library's worker as its callers use it, whether or not it is made yet. */
export interface LibraryWorkerPort {
  post: (request: LibraryWorkerRequest) => void
  terminate: () => void
}

/** The worker, and its engine's client or the engine answers held until one connects. */
interface LibraryWorker {
  port: LibraryWorkerPort
  engineHeld: EngineReply[]
  engine: ((reply: EngineReply) => void) | null
}

let library: LibraryWorker | null = null

/**
 * Starts a worker of the library; listing replies go to `receive`. With `startWhen`, the worker is made
 * once that settles, and what is posted until then waits for it, in order.
 */
export function startWorker(
  receive: (reply: ListingReply) => void,
  startWhen?: Promise<unknown>,
): LibraryWorkerPort {
  let worker: Worker | null = null
  let waiting: LibraryWorkerRequest[] = []
  let ended = false
  const port: LibraryWorkerPort = {
    post: (request) => {
      if (worker === null) waiting.push(request)
      else worker.postMessage(request)
    },
    terminate: () => {
      ended = true
      worker?.terminate()
    },
  }
  const started: LibraryWorker = { port, engineHeld: [], engine: null }
  const make = () => {
    if (ended) return
    const made = new Worker(new URL('../engine/library.worker.ts', import.meta.url), {
      type: 'module',
      name: 'listing',
    })
    made.onmessage = ({ data }: MessageEvent<LibraryWorkerReply>) => {
      if (!('engine' in data)) receive(data)
      else if (started.engine) started.engine(data.engine)
      else started.engineHeld.push(data.engine)
    }
    for (const request of waiting) made.postMessage(request)
    waiting = []
    worker = made
  }
  if (startWhen === undefined) make()
  else void startWhen.then(make, make)
  // The first started is the library's: a second (a store made twice in development) answers nobody.
  library ??= started
  return port
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
      started.port.post({ engine: request })
    },
    close: () => {
      started.engine = null
    },
  }
}
