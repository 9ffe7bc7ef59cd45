import type { MediaRecord } from '../../../contract/record'
import { deleteKeptPages, LISTING_CACHE_VERSION, keptRecords, type KeptPage } from './listing-cache'
import { removeKeptDirectory } from '../engine/kept-store/kept-files'
import { whenIdle } from '../model/sliced-work'

/**
 * A second copy of the kept first page (500 ids, up to 500 files), in localStorage, so a reload
 * shows the first cards in its very first render. localStorage is read at once, where opening IndexedDB
 * on a reload took 250-400 ms before the first page could be read, and the worker took longer to start.
 * The worker still keeps every page, this one included, in IndexedDB; it sends this copy whenever it
 * shows a first page the page did not have (ListingReply `kept-first`).
 */
export const KEPT_FIRST_PAGE_KEY = `media-file-manager-listing-first:${String(LISTING_CACHE_VERSION)}`

export interface KeptFirstPage {
  /** The digest of the kept page's text. */
  digest: string
  records: MediaRecord[]
  /** Shards in the store when the page was sent, which give the page layout. */
  shardCount: number
}

/** The digest of the copy each storage holds, as this page last read or wrote it. */
const keptDigests = new WeakMap<Storage, string>()

/** Stops the copy waiting to be written (keepFirstPageWhenIdle), if any. */
let stopPendingKeep: () => void = () => undefined

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    // Storage the browser refuses to open (cookies blocked) throws on access.
    return undefined
  }
}

/** The kept first page, checked and decoded; undefined when none is kept or it fails its digest. */
export function readKeptFirstPage(): KeptFirstPage | undefined {
  const kept = storage()
  const stored = kept?.getItem(KEPT_FIRST_PAGE_KEY)
  if (kept === undefined || stored === null || stored === undefined) return undefined
  try {
    const page = JSON.parse(stored) as KeptPage
    const read = { digest: page.digest, records: keptRecords(page), shardCount: page.shardCount }
    keptDigests.set(kept, page.digest)
    return read
  } catch {
    forgetKeptFirstPage()
    return undefined
  }
}

/** Keeps `page` (the first) for the next visit; a full storage keeps nothing, the worker's copy stays. */
export function keepFirstPage(page: KeptPage): void {
  const kept = storage()
  if (kept === undefined) return
  try {
    kept.setItem(KEPT_FIRST_PAGE_KEY, JSON.stringify(page))
    keptDigests.set(kept, page.digest)
  } catch {
    forgetKeptFirstPage()
  }
}

/**
 * Keeps `page` once the page is idle, unless the copy kept is that page already (every reload: the
 * worker sends the first page it shows). Encoding and writing a first page costs 10-50 ms in one task,
 * which landed in the middle of the first cards' render.
 */
export function keepFirstPageWhenIdle(page: KeptPage): void {
  const kept = storage()
  if (kept === undefined || keptDigests.get(kept) === page.digest) return
  stopPendingKeep()
  stopPendingKeep = whenIdle(() => {
    keepFirstPage(page)
    return true
  })
}

export function forgetKeptFirstPage(): void {
  stopPendingKeep()
  try {
    const kept = storage()
    if (kept !== undefined) keptDigests.delete(kept)
    kept?.removeItem(KEPT_FIRST_PAGE_KEY)
  } catch {
    // Nothing kept where there is no storage.
  }
}

/**
 * Drops everything the listing keeps between visits: this copy, the worker's pages in IndexedDB and the
 * kept library in the private file system (signing out; a file the worker still reads goes when the
 * refused listing makes it drop the library). Done by the page itself, whether or not the browser honours `Clear-Site-Data`.
 */
export async function dropKeptListing(): Promise<void> {
  forgetKeptFirstPage()
  await Promise.all([
    deleteKeptPages(typeof indexedDB === 'undefined' ? undefined : indexedDB),
    removeKeptDirectory(typeof navigator === 'undefined' ? undefined : navigator.storage),
  ])
}
