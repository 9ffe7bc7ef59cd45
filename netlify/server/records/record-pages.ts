import { createHash } from 'node:crypto'

import { LIMITS } from '../../../src/contract/limits'
import { pageCountOf, pageOfShard, pageRange, type MediaPagesAnswer } from '../../../src/contract/media-pages'
import { encodeMediaPage } from '../../../src/contract/media-page-codec'
import { titleOrderOf } from '../../../src/contract/title-order'
import type { MediaRecord } from '../../../src/contract/record'
import type { DocumentStore, ListedDocument } from '../storage/document-store'
import { recentlyUsedPerStore, RecentlyUsed } from './recently-used'
import { recordBytes } from './record-bytes'
import {
  isTrashed,
  onlyShards,
  parseShard,
  SHARD_PREFIX,
  shardIndexOf,
  shardIndexOfKey,
} from './record-shards'

/** 100,000 ids: a library of that size stays wholly warm, in about 200 MB of parsed records. */
export const KEPT_SHARDS = 200

/**
 * Shards this instance has read, by key, with the etag they were read at: a warm function re-reads only
 * the shards that changed since. At most `KEPT_SHARDS` per store: a warm instance over a million files
 * would otherwise hold every record it ever listed (about 2,000 shards, well past a function's memory).
 */
const keptShards = recentlyUsedPerStore(
  () => new RecentlyUsed<{ etag: string; records: MediaRecord[] }>(KEPT_SHARDS),
)

const SHARD_READS_IN_PARALLEL = 8

/**
 * Answers of `GET /api/media-pages` this instance has sent, by the range's ETag and everything else the
 * answer depends on: a warm function answers the next visitor's request for an unchanged range without
 * reading or encoding a shard (decision 0055). At most `KEPT_ANSWER_CHARS` characters of answer text
 * per store.
 */
const KEPT_ANSWER_CHARS = 64_000_000
const keptAnswers = recentlyUsedPerStore(
  () => new RecentlyUsed<KeptAnswer>(KEPT_ANSWER_CHARS, (kept) => kept.body.length),
)

interface KeptAnswer {
  answer: MediaPagesAnswer
  body: string
}

export interface RecordPage {
  records: MediaRecord[]
  /** The id after which the next page starts, or null on the last page. */
  next: string | null
}

/** The shard listing: one `list()` call, and what both the page and its ETag are built from. */
export async function listShards(store: DocumentStore): Promise<ListedDocument[]> {
  return onlyShards(await store.list(SHARD_PREFIX))
}

/** Whether an `If-None-Match` header names this ETag (weakly compared, as RFC 9110 asks for GET) or `*`. */
export function etagMatches(header: string, etag: string): boolean {
  return header.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag === etag || tag === `W/${etag}`
  })
}

/** A strong validator for a page: changes whenever any shard does, or the page asked for. */
export function pageEtag(shards: readonly ListedDocument[], after: number, limit: number): string {
  const hash = createHash('sha256')
  for (const { key, etag } of shards) hash.update(`${key}\u0000${etag}\u0000`)
  hash.update(`${String(after)}:${String(limit)}`)
  return `"${hash.digest('base64url').slice(0, 27)}"`
}

/**
 * Up to `limit` listable records with ids above `after`, in id order, and no more than fit `budget`
 * bytes of answer (`LIMITS.bufferedAnswerBytes`; at least one record, so paging always moves on). Reads
 * only the shards the page needs, several at a time. A record without a media URL is never listed (spec
 * section 3), nor is a trashed one.
 */
export async function readPage(
  store: DocumentStore,
  shards: readonly ListedDocument[],
  after: number,
  limit: number,
  budget: number = LIMITS.bufferedAnswerBytes,
): Promise<RecordPage> {
  const firstShard = shardIndexOf(after + 1)
  const pending = shards.filter(({ key }) => shardIndexOfKey(key) >= firstShard)
  const records: MediaRecord[] = []
  let bytes = PAGE_ENVELOPE_BYTES
  while (pending.length > 0 && records.length <= limit && bytes <= budget) {
    const window = pending.splice(0, SHARD_READS_IN_PARALLEL)
    const read = await Promise.all(window.map((shard) => readShard(store, shard)))
    for (const shardRecords of read) {
      for (const record of shardRecords) {
        if (record.id <= after || !isListable(record)) continue
        records.push(record)
        bytes += recordBytes(record) + 1
      }
    }
  }
  const page = fitPage(records, limit, budget)
  const last = page[page.length - 1]
  return { records: page, next: page.length < records.length && last ? String(last.id) : null }
}

/**
 * The most bytes a listing answer takes besides its records: `{"records":[],"next":"..."}` with the
 * longest cursor either listing writes.
 */
const PAGE_ENVELOPE_BYTES = '{"records":[],"next":"9007199254740991-9007199254740991"}'.length

/**
 * The first of `records` that a listing answer of at most `limit` records and `budget` bytes holds: at
 * least one, so a client paging through always moves on.
 */
export function fitPage(records: readonly MediaRecord[], limit: number, budget: number): MediaRecord[] {
  let bytes = PAGE_ENVELOPE_BYTES
  let count = 0
  while (count < records.length && count < limit) {
    const size = recordBytes(records[count] as MediaRecord) + (count > 0 ? 1 : 0)
    if (count > 0 && bytes + size > budget) break
    bytes += size
    count++
  }
  return records.slice(0, count)
}

function isListable(record: MediaRecord): boolean {
  return record.media_url.trim() !== '' && !isTrashed(record)
}

async function readShard(store: DocumentStore, { key, etag }: ListedDocument): Promise<MediaRecord[]> {
  const kept = keptShards(store)
  const cached = kept.get(key)
  if (cached?.etag === etag) return cached.records
  const stored = await store.read(key, etag)
  if (stored === null) return []
  const { records } = parseShard(key, stored.value)
  kept.set(key, { etag: stored.etag, records })
  return records
}

/**
 * Every stored record, listable or not, trashed ones included: for scans such as "is this file still
 * referenced?", where a trashed record still holds its file until it is purged.
 */
export async function readAllRecords(store: DocumentStore): Promise<MediaRecord[]> {
  const shards = await listShards(store)
  const read = await Promise.all(shards.map((shard) => readShard(store, shard)))
  return read.flat()
}

/** Shards in the store, counted as the highest shard index + 1 (0 when there are none). */
export function shardCountOf(shards: readonly ListedDocument[]): number {
  let count = 0
  for (const { key } of shards) count = Math.max(count, shardIndexOfKey(key) + 1)
  return count
}

function inRange(shards: readonly ListedDocument[], from: number, to: number): ListedDocument[] {
  return shards.filter(({ key }) => {
    const index = shardIndexOfKey(key)
    return index >= from && index <= to
  })
}

/**
 * A strong validator for the shard range `from`-`to`: changes whenever one of its shards does. The
 * first range also answers how many shards there are, so its validator covers that count too.
 */
export function rangeEtag(shards: readonly ListedDocument[], from: number, to: number): string {
  return etagOfRange(inRange(shards, from, to), from, to, shardCountOf(shards))
}

/** `rangeEtag` of the shards already picked out of the listing as those of `from`-`to`, in listing order. */
function etagOfRange(
  shardsInRange: readonly ListedDocument[],
  from: number,
  to: number,
  shardCount: number,
): string {
  const hash = createHash('sha256')
  for (const { key, etag } of shardsInRange) hash.update(`${key}\u0000${etag}\u0000`)
  hash.update(`${String(from)}-${String(to)}`)
  if (from === 0) hash.update(`:${String(shardCount)}`)
  return `"${hash.digest('base64url').slice(0, 27)}"`
}

/** Every page's ETag now (`etags[page]`), and the shard count that sets how many pages there are. */
interface PageEtags {
  shardCount: number
  etags: string[]
}

/**
 * The ETag of every page of the grid (`pageRange`), in page order, from one shard listing: each exactly
 * the ETag `GET /api/media-pages?shards=<that page>` answers, as both come from `etagOfRange`. The
 * shards are sorted into their pages in one pass, so a listing of 2,000 shards is hashed once.
 */
export function pageEtagsOf(shards: readonly ListedDocument[]): PageEtags {
  const shardCount = shardCountOf(shards)
  const byPage = Array.from({ length: pageCountOf(shardCount) }, (): ListedDocument[] => [])
  for (const shard of shards) {
    // Exactly the shards `inRange` gives each page's own GET, whatever a key holds.
    const index = shardIndexOfKey(shard.key)
    const page = pageOfShard(index)
    const { from, to } = pageRange(page)
    if (index >= from && index <= to) byPage[page]?.push(shard)
  }
  const etags = byPage.map((listed, page) => {
    const { from, to } = pageRange(page)
    return etagOfRange(listed, from, to, shardCount)
  })
  return { shardCount, etags }
}

/**
 * `GET /api/media-pages?changes=<cursor>` (decision 0083): from one `list()`, every page's ETag, and the
 * answers of the pages whose ETag is not the one `held` names (page order; '' for a page not held), in
 * page order while they fit `budget` bytes together (at least one). Each page's answer is the one its
 * own `?shards=` GET gives, kept answers included, so a page costs no more asked for here. Returns the
 * answer as JSON text, assembled from the pages' own texts rather than encoded again.
 */
export async function listPageChanges(
  store: DocumentStore,
  held: readonly string[],
  budget: number = LIMITS.pageAnswerBytes,
): Promise<string> {
  const shards = await listShards(store)
  const { shardCount, etags } = pageEtagsOf(shards)
  const pages: string[] = []
  let bytes = 0
  for (const [page, etag] of etags.entries()) {
    if (held[page] === etag) continue
    const { from, to } = pageRange(page)
    const { body } = await encodeRange(store, shards, { from, to, etag }, budget)
    // Pages that do not fit are left for the client to ask for one by one.
    const size = Buffer.byteLength(body)
    if (pages.length > 0 && bytes + size > budget) break
    pages.push(`{"page":${String(page)},"answer":${body}}`)
    bytes += size
  }
  return `{"shard_count":${String(shardCount)},"etags":${JSON.stringify(etags)},"pages":[${pages.join(',')}]}`
}

/** The range of shards an answer covers, and the records in it. */
interface RangePart {
  index: number
  records: MediaRecord[]
}

export type ShardRangeListing = { etag: string } & (
  | { notModified: true }
  /** `body` is `answer` as JSON, the text to send. */
  | { notModified: false; answer: MediaPagesAnswer; body: string }
)

/**
 * The listable records of the shards `from` to `to`, encoded (`src/contract/media-pages.ts`), or
 * `notModified` when the client's ETag still holds (after one `list()`). The answer holds whole shards
 * in order while their encoding fits `budget` bytes (`LIMITS.pageAnswerBytes`; at least one shard, which
 * the shard budget keeps at 4 MB); when it stops short, `next_shards` names the rest of the range. The
 * ETag covers the whole range asked for, so it also stands for the answers that continue it.
 */
export async function listShardRange(
  store: DocumentStore,
  { from, to, ifNoneMatch }: { from: number; to: number; ifNoneMatch: string | null },
  budget: number = LIMITS.pageAnswerBytes,
): Promise<ShardRangeListing> {
  const shards = await listShards(store)
  const etag = rangeEtag(shards, from, to)
  if (ifNoneMatch !== null && etagMatches(ifNoneMatch, etag)) return { etag, notModified: true }
  return { etag, notModified: false, ...(await encodeRange(store, shards, { from, to, etag }, budget)) }
}

/** The answer for the shards `from`-`to` of the listing `shards`, whose range ETag is `etag`. */
async function encodeRange(
  store: DocumentStore,
  shards: readonly ListedDocument[],
  { from, to, etag }: { from: number; to: number; etag: string },
  budget: number,
): Promise<KeptAnswer> {
  const shardCount = shardCountOf(shards)
  // Past the first range the ETag leaves out the shard count the answer gives, so the key holds it.
  const answerKey = `${etag}\u0000${String(shardCount)}\u0000${String(budget)}`
  const kept = keptAnswers(store).get(answerKey)
  if (kept !== undefined) return kept
  const { parts, stoppedAt } = await readRangeWithin(store, inRange(shards, from, to), budget)
  let rest = stoppedAt
  for (;;) {
    const records = parts.flatMap((part) => part.records)
    const answer = encodeMediaPage(records, {
      from,
      to: rest === null ? to : rest - 1,
      shardCount,
      nextShards: rest === null ? null : `${String(rest)}-${String(to)}`,
      // The screen draws the first page in the default order without sorting it (decision 0078).
      ...(from === 0 ? { titleOrder: titleOrderOf(records) } : {}),
    })
    const body = JSON.stringify(answer)
    // Shards encoded apart stand in for the answer while reading; should the answer come out larger,
    // the last shard goes to the next answer.
    const last = parts[parts.length - 1]
    if (parts.length <= 1 || !last || Buffer.byteLength(body) <= budget) {
      keptAnswers(store).set(answerKey, { answer, body })
      return { answer, body }
    }
    parts.pop()
    rest = last.index
  }
}

/**
 * The listable records of `listed`, shard by shard in order, read several at a time, up to the shard
 * that would take them past `budget` bytes (each shard's records encoded alone: strings they share are
 * counted in each, so the answer is no larger); `stoppedAt` is that shard's index.
 */
async function readRangeWithin(
  store: DocumentStore,
  listed: readonly ListedDocument[],
  budget: number,
): Promise<{ parts: RangePart[]; stoppedAt: number | null }> {
  const pending = [...listed].sort((a, b) => shardIndexOfKey(a.key) - shardIndexOfKey(b.key))
  const parts: RangePart[] = []
  let bytes = 0
  while (pending.length > 0) {
    const window = pending.splice(0, SHARD_READS_IN_PARALLEL)
    const read = await Promise.all(window.map((shard) => readShard(store, shard)))
    for (const [at, shardRecords] of read.entries()) {
      const index = shardIndexOfKey(window[at]?.key ?? '')
      const records = shardRecords.filter(isListable)
      const size = encodedBytes(records)
      if (parts.length > 0 && bytes + size > budget) return { parts, stoppedAt: index }
      parts.push({ index, records })
      bytes += size
    }
  }
  return { parts, stoppedAt: null }
}

/** The bytes of `records` encoded as one answer on their own. */
function encodedBytes(records: readonly MediaRecord[]): number {
  return Buffer.byteLength(JSON.stringify(encodeMediaPage(records, { from: 0, to: 0, shardCount: 0 })))
}
