import { CHANGES_QUERY, changesCursor, pageShards } from '../../../contract/media-pages'
import { routePath } from '../../../contract/routes'
import { apiRequestInit, callApi, type ApiInit } from '../../../lib/api-call'

/**
 * The listing's transport: every page of the file list is asked for here, the first one too, through
 * the API's one request (api-call.ts). The page's HTML asks for the first page the same way
 * (`public/startup/start-app.js`, held to `pageRequest(0)` by tests/src/app/start-app-script.test.ts).
 */

/** The path and request for the shards `shards` (`4-49`), conditional on `etag` when the page is shown. */
function rangeCall(shards: string, etag?: string): [string, ApiInit] {
  // The kept library is the cache: the browser's own would hold every page a second time.
  return [
    `${routePath('mediaPages')}?shards=${shards}`,
    { headers: etag === undefined ? {} : { 'If-None-Match': etag }, cache: 'no-store' },
  ]
}

/** The request for page `page`, as fetch takes it. */
export function pageRequest(page: number, etag?: string): [string, RequestInit] {
  const [path, init] = rangeCall(pageShards(page), etag)
  return [path, apiRequestInit(init)]
}

/** Asks for page `page`, conditional on `etag` when the page is shown; `send` is fetch or a test's. */
export function fetchPage(page: number, etag?: string, send?: typeof fetch): Promise<Response> {
  return fetchRange(pageShards(page), etag, send)
}

/** Asks for the shards `shards`: a page, or the rest of one that stopped short at its byte budget. */
export function fetchRange(shards: string, etag?: string, send?: typeof fetch): Promise<Response> {
  return callApi(...rangeCall(shards, etag), send)
}

/** The request for what changed since the pages held under `etags` (page order, '' for one not held). */
export function changesRequest(etags: readonly string[]): [string, RequestInit] {
  const [path, init] = changesCall(etags)
  return [path, apiRequestInit(init)]
}

function changesCall(etags: readonly string[]): [string, ApiInit] {
  return [`${routePath('mediaPages')}?${CHANGES_QUERY}=${changesCursor(etags)}`, { cache: 'no-store' }]
}

/** Asks what changed since the pages held under `etags`, in one request (decision 0083). */
export function fetchChanges(etags: readonly string[], send?: typeof fetch): Promise<Response> {
  return callApi(...changesCall(etags), send)
}
