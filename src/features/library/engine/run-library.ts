import type { ListingCache } from '../listing/listing-cache'
import { ListingLoader } from '../listing/listing-loader'
import type { KeptStoreOptions } from './kept-store/kept-front'
import { LibraryHost } from './library-host'
import type { LibraryWorkerReply, LibraryWorkerRequest } from './library-protocol'

export interface LibraryOptions {
  cache: ListingCache
  /** The library kept from the last visit (decision 0052); null keeps none. */
  kept: KeptStoreOptions | null
  /** What the listing's requests are sent with: fetch, unless a test stands in. */
  fetch?: typeof fetch
}

/**
 * The library, wherever it runs (decisions 0045, 0078): the listing's loader fetches, decodes and keeps
 * the pages, and the host holds their records, the changes in flight and the engine that answers the
 * page. In the worker (library.worker.ts) or, without workers, on the page (library-on-page.ts): the same
 * code, spoken to in the same messages. Returns what receives the page's requests.
 */
export function runLibrary(
  post: (reply: LibraryWorkerReply) => void,
  { cache, kept, fetch }: LibraryOptions,
): (request: LibraryWorkerRequest) => void {
  const host = new LibraryHost((reply) => {
    post({ engine: reply })
  }, kept)
  const loader = new ListingLoader({
    fetch,
    cache,
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
