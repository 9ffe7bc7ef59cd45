import { retryingImport } from '../../../lib/retry-import'
import type { LibraryWorkerPort, OpenLibrary } from '../listing/library-worker'
import type { LibraryWorkerRequest } from './library-protocol'
import type { LibraryOptions } from './run-library'

/**
 * The library run on the page itself where there are no workers (the component tests, old browsers):
 * the worker's own code (run-library.ts), spoken to in the same messages, so the screen has one path
 * for its results (decision 0078). Its code (with zod) loads on the first call, apart from the first
 * route; requests posted meanwhile wait for it. Each request is handled in a task of its own, as a
 * worker's message is: an answer never arrives inside the call that asked.
 */
export function openOnPage(options: LibraryOptions): OpenLibrary {
  return (deliver) => {
    let closed = false
    let receive: ((request: LibraryWorkerRequest) => void) | null = null
    const waiting: LibraryWorkerRequest[] = []
    const handle = (request: LibraryWorkerRequest) => {
      queueMicrotask(() => {
        if (!closed) receive?.(request)
      })
    }
    void retryingImport(() => import('./run-library')).then(({ runLibrary }) => {
      if (closed) return
      receive = runLibrary((reply) => {
        if (!closed) deliver(reply)
      }, options)
      for (const request of waiting.splice(0)) handle(request)
    })
    const port: LibraryWorkerPort = {
      post: (request) => {
        if (receive === null) waiting.push(request)
        else handle(request)
      },
      terminate: () => {
        closed = true
      },
    }
    return port
  }
}
