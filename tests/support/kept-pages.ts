import type { MediaRecord } from '../../src/contract/record'
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
