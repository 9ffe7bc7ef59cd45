import { beforeAll, describe, expect, it } from 'vitest'

import { allocateFileIdFrom } from '../../netlify/server/records/id-counter'
import { shardBytes } from '../../netlify/server/records/record-bytes'
import { operateOnRecords } from '../../netlify/server/records/record-shards'
import { documentStore } from '../../netlify/server/store'
import { trashPageSchema } from '../../src/contract/api'
import { LIMITS } from '../../src/contract/limits'
import { decodeMediaPage } from '../../src/contract/media-page-codec'
import { mediaPagesAnswerSchema } from '../../src/contract/media-pages-schema'
import type { MediaRecord } from '../../src/contract/record'
import { listedRecord } from '../support/listed-record'
import { api, errorOf } from '../support/api-client'

/**
 * The listing answers over HTTP stop at their byte budgets (decision 0031) and say where to go on, and
 * paging returns every record once. The records are written straight into the host's store: shards
 * filled to their budget with records of about 88 KB, as a client filling them through the API would
 * leave them, only faster.
 */

/** A record of about 88 KB: its description and tags at their limits in control characters. */
function bulky(id: number, fields: Partial<MediaRecord> = {}): MediaRecord {
  return listedRecord(id, {
    description: '\u0001'.repeat(LIMITS.descriptionChars),
    media_url: `https://cdn.example.test/${String(id)}.png`,
    file_size: 1,
    tags: Array.from({ length: LIMITS.tagsPerRecord }, (_, i) =>
      `${String(i)}:${'\u0001'.repeat(LIMITS.tagChars)}`.slice(0, LIMITS.tagChars),
    ),
    author: '',
    ...fields,
  })
}

/** Each of the shards `from` to `to` filled to within about 10 KB of its budget (44 or 45 records). */
function fullShards(from: number, to: number, fields: Partial<MediaRecord> = {}): MediaRecord[] {
  const records: MediaRecord[] = []
  for (let shard = from; shard <= to; shard++) {
    const inShard: MediaRecord[] = []
    const taken = (list: MediaRecord[]) => shardBytes(list) + 41 * list.length
    const id = () => shard * 500 + inShard.length + 1
    while (taken([...inShard, bulky(id(), fields)]) < LIMITS.shardBytes - 10_000)
      inShard.push(bulky(id(), fields))
    // A last record whose tags and description leave about 10 KB.
    const filler = (tags: number, chars: number) =>
      bulky(id(), { ...fields, tags: bulky(1).tags.slice(0, tags), description: '\u0001'.repeat(chars) })
    const fits = (tags: number, chars: number) =>
      taken([...inShard, filler(tags, chars)]) < LIMITS.shardBytes - 10_000
    let tags = 0
    while (tags < LIMITS.tagsPerRecord && fits(tags + 1, 0)) tags++
    let chars = 0
    while (chars < LIMITS.descriptionChars && fits(tags, chars + 100)) chars += 100
    records.push(...inShard, filler(tags, chars))
  }
  return records
}

// About 1.35 MB encoded a shard (their tags repeat): 14 shards pass `pageAnswerBytes` (16 MB).
const live = [...fullShards(0, 1), ...fullShards(4, 17)]
const trashed = fullShards(20, 21, { deleted_at: '2026-02-01T00:00:00.000Z' })
const liveIds = live.map((record) => record.id as number)

beforeAll(async () => {
  // The host gives the functions their store on its first request.
  await api('GET', '/api/folder-list')
  const byId = new Map([...live, ...trashed].map((record) => [record.id as number, record]))
  // Ids past the counter were never given out, and no write reaches them: the counter goes first.
  await allocateFileIdFrom(documentStore(), Math.max(...byId.keys()) + 1)
  await operateOnRecords(documentStore(), [...byId.keys()], (_current, id) => ({
    record: byId.get(id),
    result: null,
  }))
}, 60_000)

describe('listing answers keep to their byte budgets over HTTP', () => {
  it('GET /api/media stops under 4 MB with `next`, and paging returns every record once', async () => {
    const ids: number[] = []
    let cursor: string | null = null
    let answers = 0
    do {
      const query: string = cursor === null ? '' : `?cursor=${cursor}`
      const response = await api('GET', `/api/media${query}`)
      expect(response.status, response.text.slice(0, 300)).toBe(200)
      expect(Buffer.byteLength(response.text)).toBeLessThanOrEqual(LIMITS.bufferedAnswerBytes)
      const page = response.body as { records: MediaRecord[]; next: string | null }
      ids.push(...page.records.map((record) => record.id as number))
      cursor = page.next
      answers++
    } while (cursor !== null)
    expect(answers).toBeGreaterThan(1)
    expect(ids).toEqual(liveIds)
  })

  it('GET /api/trash stops under 4 MB with `next`, and paging returns every trashed record once', async () => {
    const ids: number[] = []
    let cursor: string | null = null
    let answers = 0
    do {
      const query = new URLSearchParams({ limit: String(LIMITS.pageMax) })
      if (cursor !== null) query.set('cursor', cursor)
      const response = await api('GET', `/api/trash?${query.toString()}`)
      expect(response.status, response.text.slice(0, 300)).toBe(200)
      expect(Buffer.byteLength(response.text)).toBeLessThanOrEqual(LIMITS.bufferedAnswerBytes)
      const page = trashPageSchema.parse(response.body)
      ids.push(...page.records.map((record) => record.id as number))
      cursor = page.next
      answers++
    } while (cursor !== null)
    expect(answers).toBeGreaterThan(1)
    expect(ids.sort((a, b) => a - b)).toEqual(trashed.map((record) => record.id))
  })

  it('GET /api/media-pages stops under its 16 MB budget at a shard, names the rest in `next_shards`, and the rest follows', async () => {
    const ids: number[] = []
    const asked: string[] = []
    let firstEtag: string | null = null
    for (const page of ['0-3', '4-49']) {
      let shards: string | undefined = page
      while (shards !== undefined) {
        asked.push(shards)
        const response = await api('GET', `/api/media-pages?shards=${shards}`)
        expect(response.status, response.text.slice(0, 200)).toBe(200)
        expect(Buffer.byteLength(response.text)).toBeLessThanOrEqual(LIMITS.pageAnswerBytes)
        if (shards === '4-49') firstEtag = response.headers.get('etag')
        const answer = mediaPagesAnswerSchema.parse(response.body)
        ids.push(...decodeMediaPage(answer).map((record) => record.id as number))
        shards = answer.next_shards
      }
    }
    expect(asked.length).toBeGreaterThan(2)
    expect(ids).toEqual(liveIds)
    // The first answer's ETag stands for the whole range, the parts that continued it included.
    const again = await api('GET', '/api/media-pages?shards=4-49', undefined, {
      'If-None-Match': firstEtag ?? '',
    })
    expect(again.status).toBe(304)
  })

  it('refuses with a 409 an edit that would grow a record of a full shard', async () => {
    const response = await api('PATCH', `/api/update/${String(liveIds[0])}`, {
      notes: '\u0001'.repeat(LIMITS.notesChars),
    })
    expect(response.status, response.text.slice(0, 300)).toBe(409)
    expect(errorOf(response)).toMatch(/which together may take at most 4 MB/)
  })
})
