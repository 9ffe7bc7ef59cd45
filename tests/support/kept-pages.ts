import type { MediaRecord } from '../../src/contract/record'
import { ListingLoader } from '../../src/features/library/listing/listing-loader'
import type { KeptPages, ListingReply } from '../../src/features/library/listing/listing-protocol'

/**
 * What the worker's host keeps once a listing load settled whole (the kept library, decision 0077):
 * each page's records as last sent, under the ETag the `settled` reply gives it.
 */
export function keptAfter(replies: readonly ListingReply[]): KeptPages {
  const pages = new Map<number, MediaRecord[]>()
  let etags: string[] = []
  for (const reply of replies) {
    if (reply.type === 'settled') etags = reply.etags ?? []
    if (reply.type !== 'records') continue
    pages.set(reply.page, [...(reply.first ? [] : (pages.get(reply.page) ?? [])), ...reply.records])
  }
  return { pages: etags.map((etag, page) => ({ etag, records: pages.get(page) ?? [] })) }
}

/** The origin the listing tests' requests go to, which msw hands to the real handler. */
export const LISTING_ORIGIN = 'http://localhost'

/** fetch as the page calls it, with paths on the listing tests' origin. */
export const fetchOnPage: typeof fetch = (input, init) =>
  fetch(new URL(input as string, LISTING_ORIGIN), init)

/** A listing loader of its own, starting from the `kept` library, and the replies it posts. */
export function loaderOver(kept: KeptPages | null = null): {
  loader: ListingLoader
  replies: ListingReply[]
} {
  const replies: ListingReply[] = []
  const loader = new ListingLoader({
    fetch: fetchOnPage,
    readKept: () => Promise.resolve(kept),
    post: (reply) => replies.push(reply),
  })
  return { loader, replies }
}
