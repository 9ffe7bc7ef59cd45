import { ListingLoader } from '../listing/listing-loader'
import type { KeptStoreOptions } from './kept-store/kept-front'
import { LibraryHost } from './library-host'
import type { LibraryWorkerReply, LibraryWorkerRequest } from './library-protocol'

export interface LibraryOptions {
  /** The one kept store, the library kept from the last visit (decisions 0052, 0077); null keeps none. */
  kept: KeptStoreOptions | null
  /** What the listing's requests are sent with: fetch, unless a test stands in. */
  fetch?: typeof fetch
}

/**
 * The library, wherever it runs (decisions 0045, 0078): the listing's loader fetches and decodes the
 * pages, starting from the kept library, and the host holds their records, the changes in flight, the
 * engine that answers the page and the kept library. In the worker (library.worker.ts) or, without
 * workers, on the page (library-on-page.ts): the same code, spoken to in the same messages. Returns what
 * receives the page's requests.
 */
export function runLibrary(
  post: (reply: LibraryWorkerReply) => void,
  { kept, fetch }: LibraryOptions,
): (request: LibraryWorkerRequest) => void {
  const host = new LibraryHost((reply) => {
    post({ engine: reply })
  }, kept)
  const loader = new ListingLoader({
    fetch,
    readKept: () => host.keptPages(),
    post: (reply) => {
      const onward = host.listing(reply)
      if (onward !== null) post(onward)
    },
  })
  return (request) => {
    if ('engine' in request) host.receive(request.engine)
    else loader.receive(request)
  }
}
