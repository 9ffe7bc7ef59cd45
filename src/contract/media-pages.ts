import type { MediaPagesAnswer } from './media-pages-schema'

export type { MediaPagesAnswer } from './media-pages-schema'

/**
 * `GET /api/media-pages?shards=A-B`: the listable records of a range of record shards (500 consecutive
 * ids each, DESIGN section 5) in a compact, column-wise encoding for the screen. `GET /api/media` stays
 * the spec's plain listing; this is a second representation of the same records, built for few calls:
 * a 100,000-file library is six pages (a small first one, then 50 shards each), the first asked for
 * alone and the rest at once, each in streamed answers of at most 16 MB (one, for ordinary records).
 *
 * The page's encoding and its decoding are media-page-codec.ts.
 */

/** Ids per record shard, as the server stores them. */
export const SHARD_IDS = 500

/** The shard that stores the record with `id`: the one rule, for the server's storage and the screen's batches. */
export function shardOfId(id: number): number {
  return Math.floor(id / SHARD_IDS)
}
/**
 * Shards per range: 25,000 ids, about 9 MB encoded for typical records. An answer stops at a shard
 * before `LIMITS.pageAnswerBytes` (16 MB) and names the rest of the range in `next_shards`, so a page is
 * fixed by its ids (its ETag and `pageOfId` hold) while its bytes come in answers of at most 16 MB, or
 * one shard (decisions 0031, 0046, 0055).
 */
export const PAGE_SHARDS = 50
/**
 * The screen's pages: a small first one (shard 0, 500 ids) that paints the first cards soon, the rest
 * of the first 50 shards beside it, then 50 shards per page. Fixed, so each page keeps its ETag. The
 * first page is read, checked and decoded on the page's main thread, in one task each on a first visit
 * and on a reload: at 2,000 ids that was 16-20 ms of CPU (decision 0061).
 */
const FIRST_PAGE_SHARDS = 1

/** The shard range of page `page`. */
export function pageRange(page: number): { from: number; to: number } {
  if (page === 0) return { from: 0, to: FIRST_PAGE_SHARDS - 1 }
  if (page === 1) return { from: FIRST_PAGE_SHARDS, to: PAGE_SHARDS - 1 }
  const from = (page - 1) * PAGE_SHARDS
  return { from, to: from + PAGE_SHARDS - 1 }
}

/** The `shards` query of page `page`, such as `4-49`. */
export function pageShards(page: number): string {
  const { from, to } = pageRange(page)
  return `${String(from)}-${String(to)}`
}

/** The page that holds the record with `id`. */
export function pageOfId(id: number): number {
  return pageOfShard(shardOfId(id))
}

/** The page whose range holds shard `shard`. */
export function pageOfShard(shard: number): number {
  if (shard < FIRST_PAGE_SHARDS) return 0
  if (shard < PAGE_SHARDS) return 1
  return Math.floor(shard / PAGE_SHARDS) + 1
}

/**
 * Whether the first page's answer holds the whole library: no shard lies past the first page's (its
 * `shard_count` counts up to the highest shard stored), so every other page is empty. An empty library
 * is known from that one answer.
 */
export function firstPageIsWhole(shardCount: number): boolean {
  return shardCount <= FIRST_PAGE_SHARDS
}

/** How many pages cover `shardCount` shards: always the first two, which the screen asks for at once. */
export function pageCountOf(shardCount: number): number {
  return shardCount <= PAGE_SHARDS ? 2 : Math.ceil(shardCount / PAGE_SHARDS) + 1
}

/**
 * `GET /api/media-pages?changes=<cursor>`: what changed since the version a client holds, in one request
 * (decision 0083), as Drive's and Dropbox's change cursors are. The cursor is that version: the ETag the
 * client holds for each page, in page order (`changesCursor`). The answer gives every page's ETag now,
 * `etags[page]` being exactly what `?shards=<pageShards(page)>` answers as its ETag, and in the same
 * answer the pages whose ETag moved, as many as fit one answer's bytes (`LIMITS.pageAnswerBytes`, at
 * least one page): the client asks for any other changed page on its own. With nothing changed it is
 * about 30 bytes a page (1.3 KB at 1,000,000 files, 41 pages).
 */
export interface MediaPageChanges {
  shard_count: number
  etags: string[]
  /** Changed pages, in page order: each page's answer as `?shards=` gives it. */
  pages: { page: number; answer: MediaPagesAnswer }[]
}

export const CHANGES_QUERY = 'changes'

/**
 * Pages a cursor names at most: 50,000,000 ids. A client holding more names the first ones; the server
 * takes a page the cursor does not name as one the client does not hold.
 */
export const CURSOR_PAGES = 1_000

/** A page's ETag as the server writes it: 27 base64url characters in quotes. */
const PAGE_ETAG = /^"([A-Za-z0-9_-]{27})"$/
const CURSOR_PART = /^[A-Za-z0-9_-]{27}$/

/**
 * The cursor of the pages held under `etags` (page order; '' for a page not held): each ETag without its
 * quotes, joined by `.`, an empty part for a page not held or an ETag that is not the server's.
 * public/startup/start-app.js builds the same (tests/src/app/start-app-script.test.ts holds it to this).
 */
export function changesCursor(etags: readonly string[]): string {
  return etags
    .slice(0, CURSOR_PAGES)
    .map((etag) => PAGE_ETAG.exec(etag)?.[1] ?? '')
    .join('.')
}

/** The page ETags a cursor names (`changesCursor`), '' for a page not held; null when malformed. */
export function parseChangesCursor(cursor: string | null): string[] | null {
  if (cursor === null) return null
  const parts = cursor.split('.')
  if (parts.length > CURSOR_PAGES) return null
  if (!parts.every((part) => part === '' || CURSOR_PART.test(part))) return null
  return parts.map((part) => (part === '' ? '' : `"${part}"`))
}

export const SHARD_RANGE = /^(\d{1,7})-(\d{1,7})$/

/** Reads `shards=A-B`: whole numbers, A <= B, at most `PAGE_SHARDS` shards. Null when malformed. */
export function parseShardRange(raw: string | null): { from: number; to: number } | null {
  const match = raw === null ? null : SHARD_RANGE.exec(raw)
  if (!match) return null
  const from = Number(match[1])
  const to = Number(match[2])
  if (to < from || to - from + 1 > PAGE_SHARDS) return null
  return { from, to }
}

/**
 * The records of a page in the order its `title_order` gives, or as they came when it gives none (or
 * one that is not an order of exactly these records).
 */
export function inTitleOrder<T>(records: readonly T[], order: readonly number[] | undefined): readonly T[] {
  if (order?.length !== records.length) return records
  const seen = new Uint8Array(records.length)
  const ordered: T[] = []
  for (const position of order) {
    const record = records[position]
    if (record === undefined || seen[position] === 1) return records
    seen[position] = 1
    ordered.push(record)
  }
  return ordered
}
