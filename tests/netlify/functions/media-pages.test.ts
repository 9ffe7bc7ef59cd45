import { beforeEach, describe, expect, it } from 'vitest'

import { allocateFileIds } from '../../../netlify/server/records/id-counter'
import { operateOnRecords } from '../../../netlify/server/records/record-shards'
import { MemoryByteStore } from '../../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../../netlify/server/storage/memory-store'
import { replaceDocumentStore } from '../../../netlify/server/store'
import { decodeMediaPage } from '../../../src/contract/media-page-codec'
import { mediaPagesAnswerSchema } from '../../../src/contract/media-pages-schema'
import type { MediaRecord } from '../../../src/contract/record'
import { routeToFunction } from '../../support/function-router'
import { listedRecord } from '../../support/listed-record'

/** `GET /api/media-pages` through its real handler, as netlify.toml routes it, over an in-memory store. */
let store: MemoryDocumentStore

beforeEach(() => {
  store = new MemoryDocumentStore()
  replaceDocumentStore(store, new MemoryByteStore())
})

function record(id: number, fields: Partial<MediaRecord> = {}): MediaRecord {
  return listedRecord(id, { media_url: `/api/files/${String(id)}/file.png`, format: 'png', ...fields })
}

async function seed(records: readonly MediaRecord[]): Promise<void> {
  const byId = new Map(records.map((stored) => [stored.id as number, stored]))
  // Ids are given out by the counter: it must have passed every seeded id.
  await allocateFileIds(store, Math.max(0, ...byId.keys()))
  await operateOnRecords(store, [...byId.keys()], (_current, id) => ({ record: byId.get(id), result: null }))
}

async function get(shards: string, headers: Record<string, string> = {}): Promise<Response> {
  const answer = await routeToFunction(
    new Request(`http://localhost/api/media-pages?shards=${shards}`, { headers }),
  )
  if (!answer) throw new Error('no function serves /api/media-pages')
  return answer
}

async function page(shards: string) {
  const answer = await get(shards)
  expect(answer.status).toBe(200)
  const parsed = mediaPagesAnswerSchema.parse(await answer.json())
  return { ...parsed, records: decodeMediaPage(parsed), etag: answer.headers.get('etag') }
}

describe('GET /api/media-pages', () => {
  it('answers the listable records of each shard range, with the number of shards', async () => {
    await seed([record(1), record(499), record(500), record(24_999), record(25_000), record(60_123)])
    const first = await page('0-49')
    expect(first.records.map((listed) => listed.id)).toEqual([1, 499, 500, 24_999])
    expect(first.records[0]).toEqual(record(1))
    expect(first.shard_count).toBe(121)
    expect(first.shards).toEqual({ from: 0, to: 49 })
    expect((await page('50-99')).records.map((listed) => listed.id)).toEqual([25_000])
    expect((await page('100-149')).records.map((listed) => listed.id)).toEqual([60_123])
    expect((await page('150-199')).records).toEqual([])
  })

  it('leaves out trashed records and records without a media URL', async () => {
    await seed([
      record(1),
      record(2, { deleted_at: '2026-02-01T00:00:00.000Z' }),
      record(3, { media_url: '  ' }),
      record(4),
    ])
    expect((await page('0-49')).records.map((listed) => listed.id)).toEqual([1, 4])
  })

  it('answers 304 to its ETag until a shard of the range changes, and only that range', async () => {
    await seed([record(1), record(30_000)])
    const first = await page('0-49')
    const second = await page('50-99')
    const notModified = await get('0-49', { 'If-None-Match': first.etag ?? '' })
    expect(notModified.status).toBe(304)
    expect(notModified.headers.get('etag')).toBe(first.etag)
    expect(notModified.headers.get('cache-control')).toBe('no-cache')
    expect(await notModified.text()).toBe('')

    await seed([record(30_001, { title: 'Changed between pages' })])
    expect((await get('0-49', { 'If-None-Match': first.etag ?? '' })).status).toBe(304)
    const changed = await get('50-99', { 'If-None-Match': second.etag ?? '' })
    expect(changed.status).toBe(200)
    const records = decodeMediaPage(mediaPagesAnswerSchema.parse(await changed.json()))
    expect(records.map((listed) => listed.title)).toEqual(['File 30000', 'Changed between pages'])
  })

  it('gives the first range a new ETag when a new shard appears, since it answers the shard count', async () => {
    await seed([record(1)])
    const first = await page('0-49')
    expect(first.shard_count).toBe(1)
    await seed([record(75_000)])
    expect((await get('0-49', { 'If-None-Match': first.etag ?? '' })).status).toBe(200)
    expect((await page('0-49')).shard_count).toBe(151)
  })

  it('refuses a malformed or oversized range with a JSON 400', async () => {
    for (const shards of ['', '5', '9-0', '0-50', 'a-b', '1.5-2']) {
      const answer = await get(shards)
      expect(answer.status).toBe(400)
      expect(await answer.json()).toEqual({
        error: 'shards must be a range such as 0-49, of at most 50 shards',
      })
    }
  })

  it('answers an empty library as one empty range', async () => {
    const first = await page('0-49')
    expect(first).toMatchObject({ shard_count: 0, count: 0, records: [] })
  })
})
