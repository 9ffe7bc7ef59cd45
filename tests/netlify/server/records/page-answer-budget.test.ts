import { beforeEach, describe, expect, it } from 'vitest'

import { allocateFileIdFrom } from '../../../../netlify/server/records/id-counter'
import { listShardRange } from '../../../../netlify/server/records/record-pages'
import { operateOnRecords } from '../../../../netlify/server/records/record-shards'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { LIMITS } from '../../../../src/contract/limits'
import { pageOfId, pageRange, SHARD_IDS } from '../../../../src/contract/media-pages'
import { decodeMediaPage } from '../../../../src/contract/media-page-codec'
import type { MediaRecord } from '../../../../src/contract/record'
import { listedRecord } from '../../../support/listed-record'

/**
 * `GET /api/media-pages` answers of records with 10,000 characters of description and notes (decision
 * 0046), at the service layer over the in-memory store: a page comes in answers of at most
 * `pageAnswerBytes`, or one shard, never the tens of MB Netlify's 20 MB streamed answer would cut; a
 * page of ordinary records comes in one answer (decision 0055).
 */
let store: MemoryDocumentStore

beforeEach(() => {
  store = new MemoryDocumentStore()
})

/** Where Netlify cuts a streamed function answer. */
const STREAMED_LIMIT = 20_000_000

async function seed(records: readonly MediaRecord[]): Promise<void> {
  const byId = new Map(records.map((record) => [record.id as number, record]))
  await allocateFileIdFrom(store, Math.max(...byId.keys()) + 1)
  await operateOnRecords(store, [...byId.keys()], (_current, id) => ({ record: byId.get(id), result: null }))
}

/** `perShard` records in each of the shards `from`-`to`, with `text` as description and as notes. */
function longRecords(from: number, to: number, perShard: number, text: string): MediaRecord[] {
  const records: MediaRecord[] = []
  for (let shard = from; shard <= to; shard++) {
    for (let i = 0; i < perShard; i++) {
      const id = shard * SHARD_IDS + i + 1
      records.push(listedRecord(id, { description: text, notes: text, title: `Long ${String(id)}` }))
    }
  }
  return records
}

/** Every answer of a page, following `next_shards` as the screen's loader does. */
async function answersOf(page: number) {
  const { from, to } = pageRange(page)
  const answers = []
  let next: { from: number; to: number } | null = { from, to }
  while (next !== null) {
    const listing = await listShardRange(store, { ...next, ifNoneMatch: null })
    if (listing.notModified) throw new Error('304 without If-None-Match')
    answers.push(listing)
    const rest = listing.answer.next_shards
    const match = rest === undefined ? null : /^(\d+)-(\d+)$/.exec(rest)
    next = match ? { from: Number(match[1]), to: Number(match[2]) } : null
  }
  return answers
}

describe('a page of records with 10,000 characters of text each', () => {
  it('comes in answers of at most 16 MB each, or one shard, with every record once', async () => {
    // 380 records of 10,000 characters fill a shard to about 3.9 MB, as creates would (0031): six
    // such shards are about 23 MB.
    const records = longRecords(4, 9, 380, 'Lorem ipsum '.repeat(417).slice(0, LIMITS.descriptionChars))
    await seed(records)
    const answers = await answersOf(1)
    for (const { body, answer } of answers) {
      const bytes = Buffer.byteLength(body)
      // Past the budget only with the records of one shard alone, which its own budget keeps at 4 MB.
      const held = new Set(decodeMediaPage(answer).map((record) => Math.floor(record.id / SHARD_IDS)))
      expect(bytes).toBeLessThanOrEqual(held.size > 1 ? LIMITS.pageAnswerBytes : LIMITS.shardBytes)
      expect(bytes).toBeLessThan(STREAMED_LIMIT)
    }
    expect(answers.length).toBe(2)
    const ids = answers.flatMap(({ answer }) => decodeMediaPage(answer).map((record) => record.id as number))
    expect(ids).toEqual(records.map((record) => record.id))
    // Cut by bytes, the page is still fixed by its ids: each record is where the screen looks for it.
    expect(new Set(ids.map(pageOfId))).toEqual(new Set([1]))
  })

  it('cuts a page of small shards by bytes, and its first ETag stands for all of it', async () => {
    // Hostile: control characters, 6 JSON bytes each; 6 records a shard, about 0.36 MB.
    const records = longRecords(4, 49, 6, '\u0001'.repeat(LIMITS.descriptionChars))
    await seed(records)
    const answers = await answersOf(1)
    expect(answers.length).toBeGreaterThan(1)
    for (const { body } of answers)
      expect(Buffer.byteLength(body)).toBeLessThanOrEqual(LIMITS.pageAnswerBytes)
    const ids = answers.flatMap(({ answer }) => decodeMediaPage(answer).map((record) => record.id as number))
    expect(ids).toEqual(records.map((record) => record.id))
    const first = answers[0]
    if (!first) throw new Error('no answer')
    const again = await listShardRange(store, { ...pageRange(1), ifNoneMatch: first.etag })
    expect(again.notModified).toBe(true)
    // A change in a later part changes the first answer's ETag, so the whole page is asked for again.
    await seed([listedRecord(49 * SHARD_IDS + 1, { title: 'Changed' })])
    const changed = await listShardRange(store, { ...pageRange(1), ifNoneMatch: first.etag })
    expect(changed.notModified).toBe(false)
  })
})

describe('a page of ordinary records', () => {
  it('comes in one answer: 50 shards of records with a few hundred characters of text', async () => {
    // Description and notes of 150 characters each: about 9 MB a page, as the listing benchmark's.
    const records = longRecords(50, 99, 499, 'A description of the picture. '.repeat(5))
    await seed(records)
    const answers = await answersOf(2)
    expect(answers.length).toBe(1)
    const [only] = answers
    expect(Buffer.byteLength(only?.body ?? '')).toBeGreaterThan(LIMITS.pageAnswerBytes / 2)
    expect(only?.answer.count).toBe(records.length)
  })
})
