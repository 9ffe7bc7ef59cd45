import { pageShards } from '../../../contract/media-pages'
import { routePath } from '../../../contract/routes'

/** The request for page `page`, conditional on `etag` when the page is kept. */
export function pageRequest(page: number, etag?: string): [string, RequestInit] {
  return rangeRequest(pageShards(page), etag)
}

/** The request for the shards `shards` (`4-49`): a page, or the rest of one that stopped short. */
export function rangeRequest(shards: string, etag?: string): [string, RequestInit] {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (etag !== undefined) headers['If-None-Match'] = etag
  // The kept pages are the cache: the browser's own would hold every page a second time.
  return [
    `${routePath('mediaPages')}?shards=${shards}`,
    { headers, credentials: 'same-origin', cache: 'no-store' },
  ]
}
