import { decodeMediaPage, type MediaPagesAnswer } from '../../../contract/media-pages'
import type { MediaRecord } from '../../../contract/record'
import { textDigest } from './text-digest'

/**
 * A page as the server last sent it, with the ETag that revalidates it. The answer is kept as the JSON
 * text it arrived as: one string is copied into and out of IndexedDB far faster than the same data as
 * objects. It was checked with the contract schema when it arrived; read back, only its digest is
 * checked, which costs milliseconds where the schema cost seconds at 100,000 files.
 */
export interface KeptPage {
  page: number
  etag: string
  text: string
  /** `keptDigest(text)` when the page arrived and passed the schema. */
  digest: string
  /** Records in the page, and shards in the store when it was sent (the first page's gives the layout). */
  count: number
  shardCount: number
}

/**
 * The records of a kept page. Throws when its text is not the one that passed the schema (its digest
 * differs) or no longer decodes: the caller then drops everything kept and asks the server again.
 */
export function keptRecords(page: KeptPage): MediaRecord[] {
  if (keptDigest(page.text) !== page.digest) throw new Error('The kept page changed on disk')
  // The digest stands for the schema check the text passed when it arrived.
  return decodeMediaPage(JSON.parse(page.text) as MediaPagesAnswer)
}

/**
 * The schema's own digest: the first 8 hex digits of `textDigest` of `mediaPagesAnswerSchema` as JSON
 * Schema. Written here rather than computed so that the page, which checks its kept first page before
 * anything else, loads no zod (decision 0042); tests/src/contract/page-schema-digest.test.ts holds it to the
 * schema, so a change of the schema must change it.
 */
export const PAGE_SCHEMA_DIGEST = '5e5b9847'

const schemaSeed = Number.parseInt(PAGE_SCHEMA_DIGEST, 16)

/**
 * The digest a kept page is checked against: of its text, seeded with the page schema itself, so a page
 * kept by a build whose schema differs fails its check and is asked of the server again, whether or not
 * LISTING_CACHE_VERSION was bumped.
 */
export function keptDigest(text: string): string {
  return textDigest(text, schemaSeed)
}

/** Where the listing keeps its pages between visits. */
export interface ListingCache {
  /**
   * The pages kept and how many records each holds, without reading the pages themselves: what the
   * screen's progress line counts to while the pages are then read one at a time.
   */
  counts(): Promise<Map<number, number>>
  /**
   * One kept page. Pages are read one at a time, each while the one before is decoded: reading every
   * page of a 100,000-file library at once took 1.8 s before the first of them could be shown.
   */
  readPage(page: number): Promise<KeptPage | undefined>
  write(page: KeptPage): Promise<void>
  /** Keeps only pages below `count` (the library shrank). */
  trim(count: number): Promise<void>
  clear(): Promise<void>
}

/**
 * Bumped whenever the kept shape changes (the encoding, the page grid): the database is then emptied on
 * open, so no page in an older shape is ever read.
 */
export const LISTING_CACHE_VERSION = 5
const DATABASE = 'media-file-manager-listing'
const PAGES = 'pages'
/** Each kept page's record count, apart from the page, so counting reads no page. */
const COUNTS = 'counts'

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => {
      resolve(request.result)
    }
    request.onerror = () => {
      reject(request.error ?? new Error('IndexedDB request failed'))
    }
  })
}

/**
 * Opens the database, emptied if it was in an older shape. A tab still running an older build holds the
 * older version open and blocks the upgrade: the open then fails at once (the list comes from the server
 * this visit) instead of waiting until that tab closes. Each connection closes itself when a newer build
 * asks to upgrade, so this build never blocks the next.
 */
function openDatabase(factory: IDBFactory, onClosed: () => void): Promise<IDBDatabase> {
  const request = factory.open(DATABASE, LISTING_CACHE_VERSION)
  request.onupgradeneeded = () => {
    const database = request.result
    for (const name of Array.from(database.objectStoreNames)) database.deleteObjectStore(name)
    database.createObjectStore(PAGES, { keyPath: ['scope', 'page'] })
    database.createObjectStore(COUNTS, { keyPath: ['scope', 'page'] })
  }
  const opening = new Promise<IDBDatabase>((resolve, reject) => {
    request.onblocked = () => {
      reject(new Error('The kept list is held open by an older version of the app in another tab'))
    }
    done(request).then(resolve, reject)
  })
  return opening.then((database) => {
    database.onversionchange = () => {
      database.close()
      onClosed()
    }
    return database
  })
}

/**
 * The pages in IndexedDB, under `scope` (the site's origin). A refused listing (401) drops every kept
 * page, so another sign-in never reads them. No file bytes are kept, only the listing.
 */
export function indexedDbCache(factory: IDBFactory, scope: string): ListingCache {
  let opened: Promise<IDBDatabase> | null = null
  const database = () =>
    (opened ??= openDatabase(factory, () => {
      opened = null
    }))
  const transaction = async (mode: IDBTransactionMode) =>
    (await database()).transaction([PAGES, COUNTS], mode)
  const from = (page: number) => IDBKeyRange.bound([scope, page], [scope, Number.MAX_SAFE_INTEGER])
  return {
    async counts() {
      const rows = (await done((await transaction('readonly')).objectStore(COUNTS).getAll(from(0)))) as {
        page: number
        count: number
      }[]
      return new Map(rows.map(({ page, count }) => [page, count]))
    },
    async readPage(wanted) {
      const request = (await transaction('readonly')).objectStore(PAGES).get([scope, wanted])
      const row = (await done(request)) as (KeptPage & { scope: string }) | undefined
      if (row === undefined) return undefined
      const { page, etag, text, digest, count, shardCount } = row
      return { page, etag, text, digest, count, shardCount }
    },
    async write(page) {
      const writing = await transaction('readwrite')
      await Promise.all([
        done(writing.objectStore(PAGES).put({ scope, ...page })),
        done(writing.objectStore(COUNTS).put({ scope, page: page.page, count: page.count })),
      ])
    },
    async trim(count) {
      const trimming = await transaction('readwrite')
      await Promise.all([PAGES, COUNTS].map((name) => done(trimming.objectStore(name).delete(from(count)))))
    },
    async clear() {
      const clearing = await transaction('readwrite')
      await Promise.all([PAGES, COUNTS].map((name) => done(clearing.objectStore(name).clear())))
    },
  }
}

/**
 * Deletes the kept pages' database (signing out). A connection the worker holds closes itself when asked
 * (`onversionchange`); one held by an older build's tab delays the deletion until it closes, so a blocked
 * deletion resolves at once rather than wait for that tab.
 */
export function deleteKeptPages(factory: IDBFactory | undefined): Promise<void> {
  if (factory === undefined) return Promise.resolve()
  return new Promise((resolve) => {
    const request = factory.deleteDatabase(DATABASE)
    request.onsuccess = () => {
      resolve()
    }
    request.onerror = () => {
      resolve()
    }
    request.onblocked = () => {
      resolve()
    }
  })
}

/** For a browser without IndexedDB (or a test): keeps nothing between visits. */
export function memoryCache(): ListingCache {
  const pages = new Map<number, KeptPage>()
  return {
    counts: () => Promise.resolve(new Map([...pages.values()].map(({ page, count }) => [page, count]))),
    readPage: (page) => Promise.resolve(pages.get(page)),
    write: (page) => {
      pages.set(page.page, page)
      return Promise.resolve()
    },
    trim: (count) => {
      for (const page of pages.keys()) if (page >= count) pages.delete(page)
      return Promise.resolve()
    },
    clear: () => {
      pages.clear()
      return Promise.resolve()
    },
  }
}
