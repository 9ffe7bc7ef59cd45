/**
 * What ids cost: an id at or past the counter's `next` was never given out, so naming it costs no shard
 * read, and a batch reads each shard it names at most once, however its ids repeat or spread. Every
 * request goes through the real function handlers on in-memory stores, counting the document calls.
 */
import { beforeEach, describe, expect, it } from 'vitest'

import { allocateFileIds } from '../../../../netlify/server/records/id-counter'
import { LIMITS } from '../../../../src/contract/limits'
import { SHARD_IDS } from '../../../../src/contract/media-pages'
import type { MediaRecord } from '../../../../src/contract/record'
import type { StoreCall } from '../../../support/store-interceptor'
import { freshStores, send, sendOk, type RequestSpec } from '../../../support/in-process-api'

let calls: StoreCall[] = []
let raw: ReturnType<typeof freshStores>

beforeEach(() => {
  raw = freshStores(() => (call, proceed) => {
    calls.push(call)
    return proceed()
  })
})

/** The answer to `spec`, with the document calls it made. */
async function counted(spec: RequestSpec) {
  calls = []
  const answer = await send(spec)
  const documents = calls.filter((call) => call.store === 'documents')
  return {
    answer,
    reads: documents.filter((call) => call.op === 'read').map((call) => call.key),
    // The activity log's appends aside: each is a document of its own, never a shard (decision 0075).
    writes: documents.filter((call) => call.op === 'write' && !call.key.startsWith('activity')).length,
    lists: documents.filter((call) => call.op === 'list').length,
  }
}

async function created(title: string): Promise<MediaRecord> {
  const { body } = await sendOk({
    method: 'POST',
    path: '/api/upload',
    json: { title, media_url: `https://cdn.example.test/${title}.png` },
  })
  return (body as { record: MediaRecord }).record
}

const range = (from: number, count: number, step = 1) =>
  Array.from({ length: count }, (_, i) => from + i * step)
const errorsOf = (body: unknown) =>
  (body as { results: { success: boolean; error?: string }[] }).results.map((result) => result.error)

describe('ids past the counter', () => {
  let next = 0
  beforeEach(async () => {
    await created('first')
    const trashed = await created('trashed')
    await sendOk({ method: 'DELETE', path: `/api/delete/${String(trashed.id)}` })
    next = trashed.id + 1
  })

  const past = (count: number) => range(next + SHARD_IDS, count, SHARD_IDS)
  /** 500 ids past the counter, in as many shards as one batch may name (`LIMITS.batchShards`). */
  const pastInShards = () =>
    Array.from({ length: LIMITS.batchShards }, (_, shard) =>
      range(next + (shard + 1) * SHARD_IDS, LIMITS.batchItems / LIMITS.batchShards),
    ).flat()

  it.each([
    ['restore', '/api/trash/restore', (ids: number[]) => ({ ids }), 'is not in the trash'],
    ['purge', '/api/trash/purge', (ids: number[]) => ({ ids }), 'is not in the trash'],
    ['batch delete', '/api/batch-delete', (ids: number[]) => ({ ids }), 'not found'],
    [
      'batch update',
      '/api/batch-update',
      (ids: number[]) => ({ updates: ids.map((id) => ({ id, fields: { title: 'x' } })) }),
      'not found',
    ],
    [
      'batch move',
      '/api/batch-move-to-folder',
      (ids: number[]) => ({ fileIds: ids, folderId: null }),
      'not found',
    ],
  ])(
    '%s of 500 ids in 25 shards past the counter reads the counter, no shard',
    async (_, path, json, error) => {
      const ids = pastInShards()
      expect(ids).toHaveLength(500)
      const { answer, reads, writes, lists } = await counted({ method: 'POST', path, json: json(ids) })
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({ succeeded: 0, failed: 500 })
      expect(errorsOf(answer.body).every((message) => message?.includes(error))).toBe(true)
      expect(reads.filter((key) => key.startsWith('records/'))).toEqual([])
      expect(reads.filter((key) => key === 'counters/records')).toHaveLength(1)
      expect(reads.length).toBeLessThanOrEqual(2)
      expect(writes + lists).toBe(0)
    },
  )

  it.each([
    ['PATCH', 'update', { title: 'x' }],
    ['DELETE', 'delete', undefined],
    ['POST', 'replace', { media_url: 'https://cdn.example.test/new.png' }],
  ])('%s /api/%s/{id} past the counter answers 404 after one read', async (method, name, json) => {
    const id = past(1)[0] ?? 0
    const { answer, reads, writes } = await counted({ method, path: `/api/${name}/${String(id)}`, json })
    expect(answer.status).toBe(404)
    expect(reads).toHaveLength(1)
    expect(writes).toBe(0)
  })

  it('reads each shard a batch names once, and only the shards below the counter', async () => {
    // Shards 1 and 2 are given out but hold nothing; shard 3 holds two records.
    await allocateFileIds(raw.documents, 3 * SHARD_IDS - next + 1)
    const far = await created('far')
    const trashed = await created('also-trashed')
    await sendOk({ method: 'DELETE', path: `/api/delete/${String(trashed.id)}` })
    expect(Math.floor(trashed.id / SHARD_IDS)).toBe(3)
    const ids = [
      trashed.id,
      next - 1,
      // Given out in the shard of the two trashed ones, and never made.
      ...range(3, 248),
      ...range(SHARD_IDS + 1, 25),
      ...range(2 * SHARD_IDS + 1, 25),
      ...range(far.id + 2, 50),
      // 20 shards past the counter: the batch names 24 shards in all, within LIMITS.batchShards.
      ...range(trashed.id + SHARD_IDS, 150, 64),
    ]
    expect(ids).toHaveLength(500)
    const { answer, reads, writes } = await counted({
      method: 'POST',
      path: '/api/trash/restore',
      json: { ids },
    })
    expect(answer.body).toMatchObject({ succeeded: 2, failed: 498 })
    expect(reads.filter((key) => key.startsWith('records/')).sort()).toEqual([
      'records/000000',
      'records/000001',
      'records/000002',
      'records/000003',
    ])
    expect(reads.filter((key) => key === 'counters/records')).toHaveLength(1)
    expect(writes).toBe(2)
  })
})
