/**
 * The library's worker (decision 0045), started once for the page, or where there are no workers the
 * same code run on the page (decision 0078): the listing's loader and the engine that holds the
 * records. Listing replies go to whoever started it; engine replies to the engine's client
 * (connectEngine), held until it connects.
 */
import type { EnginePort } from '../engine/engine-results'
import type { EngineReply, LibraryWorkerReply, LibraryWorkerRequest } from '../engine/library-protocol'
import type { ListingReply } from './listing-protocol'

/** The library's worker as its callers use it, whether or not it is made yet. */
export interface LibraryWorkerPort {
  post: (request: LibraryWorkerRequest) => void
  terminate: () => void
}

/** The library, and its engine's client or the engine answers held until one connects. */
interface LibraryWorker {
  port: LibraryWorkerPort
  engineHeld: EngineReply[]
  engine: ((reply: EngineReply) => void) | null
  ended: boolean
}

/** Makes the library (a worker, or the same code on the page), sending what it says to `deliver`. */
export type OpenLibrary = (deliver: (reply: LibraryWorkerReply) => void) => LibraryWorkerPort

let library: LibraryWorker | null = null

/**
 * Starts a worker of the library; listing replies go to `receive`. With `startWhen`, the worker is made
 * once that settles, and what is posted until then waits for it, in order.
 */
export function startWorker(
  receive: (reply: ListingReply) => void,
  startWhen?: Promise<unknown>,
): LibraryWorkerPort {
  return startLibrary(receive, openWorker, startWhen)
}

/**
 * Starts the library with `open` (a worker, or the page's own: library-on-page.ts); listing replies go
 * to `receive`, the engine's to its client (connectEngine). With `startWhen`, it is made once that
 * settles, and what is posted until then waits for it, in order.
 */
export function startLibrary(
  receive: (reply: ListingReply) => void,
  open: OpenLibrary,
  startWhen?: Promise<unknown>,
): LibraryWorkerPort {
  let made: LibraryWorkerPort | null = null
  let waiting: LibraryWorkerRequest[] = []
  const started: LibraryWorker = {
    port: {
      post: (request) => {
        if (made === null) waiting.push(request)
        else made.post(request)
      },
      terminate: () => {
        started.ended = true
        made?.terminate()
      },
    },
    engineHeld: [],
    engine: null,
    ended: false,
  }
  const make = () => {
    if (started.ended) return
    const opened = open((data) => {
      if (!('engine' in data)) receive(data)
      else if (started.engine) started.engine(data.engine)
      else started.engineHeld.push(data.engine)
    })
    for (const request of waiting) opened.post(request)
    waiting = []
    made = opened
  }
  if (startWhen === undefined) make()
  else void startWhen.then(make, make)
  // The first started is the library's while it runs: a second worker (a store made twice in
  // development) answers nobody. The page's own library is made by the store of the screen, so the
  // latest made is the screen's.
  if (library === null || library.ended || open !== openWorker) library = started
  return started.port
}

function openWorker(deliver: (reply: LibraryWorkerReply) => void): LibraryWorkerPort {
  const worker = new Worker(new URL('../engine/library.worker.ts', import.meta.url), {
    type: 'module',
    name: 'listing',
  })
  worker.onmessage = ({ data }: MessageEvent<LibraryWorkerReply>) => {
    deliver(data)
  }
  return {
    post: (request) => {
      worker.postMessage(request)
    },
    terminate: () => {
      worker.terminate()
    },
  }
}

/** The library the listing started (its identity: a new one is a new library to ask); null before. */
export function startedLibrary(): object | null {
  return library
}

/** The engine of the library, once the listing has started it (in its worker or on the page). */
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
