import { createHash } from 'node:crypto'

import type { MediaRecord } from '../../../src/contract/record'
import type { DocumentStore, ListedDocument } from '../storage/document-store'
import { isTrashed, parseShard, SHARD_PREFIX, shardIndexOf, shardIndexOfKey } from './record-shards'

/**
 * Shards this instance has read, by etag: a warm function re-reads only the shards that changed since.
 * Keyed by store so tests with separate stores never share entries.
 */
const shardCaches = new WeakMap<DocumentStore, Map<string, { etag: string; records: MediaRecord[] }>>()

const SHARD_READS_IN_PARALLEL = 8

export interface RecordPage {
  records: MediaRecord[]
  /** The id after which the next page starts, or null on the last page. */
  next: string | null
}

/** The shard listing: one `list()` call, and what both the page and its ETag are built from. */
export function listShards(store: DocumentStore): Promise<ListedDocument[]> {
  return store.list(SHARD_PREFIX)
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
 * Up to `limit` listable records with ids above `after`, in id order. Reads only the shards the page
 * needs, several at a time. A record without a media URL is never listed (spec section 3), nor is a
 * trashed one.
 */
export async function readPage(
  store: DocumentStore,
  shards: readonly ListedDocument[],
  after: number,
  limit: number,
): Promise<RecordPage> {
  const firstShard = shardIndexOf(after + 1)
  const pending = shards.filter(({ key }) => shardIndexOfKey(key) >= firstShard)
  const records: MediaRecord[] = []
  while (pending.length > 0 && records.length <= limit) {
    const window = pending.splice(0, SHARD_READS_IN_PARALLEL)
    const read = await Promise.all(window.map((shard) => readShard(store, shard)))
    for (const shardRecords of read) {
      for (const record of shardRecords) {
        if (record.id > after && isListable(record)) records.push(record)
      }
    }
  }
  if (records.length <= limit) return { records, next: null }
  const page = records.slice(0, limit)
  return { records: page, next: String(page[page.length - 1]?.id ?? after) }
}

function isListable(record: MediaRecord): boolean {
  return record.media_url.trim() !== '' && !isTrashed(record)
}

async function readShard(store: DocumentStore, { key, etag }: ListedDocument): Promise<MediaRecord[]> {
  let cache = shardCaches.get(store)
  if (!cache) {
    cache = new Map<string, { etag: string; records: MediaRecord[] }>()
    shardCaches.set(store, cache)
  }
  const cached = cache.get(key)
  if (cached?.etag === etag) return cached.records
  const stored = await store.read(key, etag)
  if (stored === null) return []
  const { records } = parseShard(key, stored.value)
  cache.set(key, { etag: stored.etag, records })
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
  const hash = createHash('sha256')
  for (const { key, etag } of inRange(shards, from, to)) hash.update(`${key}\u0000${etag}\u0000`)
  hash.update(`${String(from)}-${String(to)}`)
  if (from === 0) hash.update(`:${String(shardCountOf(shards))}`)
  return `"${hash.digest('base64url').slice(0, 27)}"`
}

/** The listable records of the shards `from` to `to`, in id order, read several shards at a time. */
export async function readShardRange(
  store: DocumentStore,
  shards: readonly ListedDocument[],
  from: number,
  to: number,
): Promise<MediaRecord[]> {
  const pending = inRange(shards, from, to).sort((a, b) => shardIndexOfKey(a.key) - shardIndexOfKey(b.key))
  const records: MediaRecord[] = []
  while (pending.length > 0) {
    const window = pending.splice(0, SHARD_READS_IN_PARALLEL)
    const read = await Promise.all(window.map((shard) => readShard(store, shard)))
    for (const shardRecords of read) {
      for (const record of shardRecords) if (isListable(record)) records.push(record)
    }
  }
  return records
}

export type ShardRangeListing = { etag: string } & (
  { notModified: true } | { notModified: false; records: MediaRecord[]; shardCount: number }
)

/**
 * The listable records of the shards `from` to `to`, or `notModified` when the client's ETag still
 * holds (after one `list()`).
 */
export async function listShardRange(
  store: DocumentStore,
  { from, to, ifNoneMatch }: { from: number; to: number; ifNoneMatch: string | null },
): Promise<ShardRangeListing> {
  const shards = await listShards(store)
  const etag = rangeEtag(shards, from, to)
  if (ifNoneMatch !== null && etagMatches(ifNoneMatch, etag)) return { etag, notModified: true }
  return {
    etag,
    notModified: false,
    records: await readShardRange(store, shards, from, to),
    shardCount: shardCountOf(shards),
  }
}
