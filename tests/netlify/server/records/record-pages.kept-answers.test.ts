import { describe, expect, it } from 'vitest'

import { allocateFileIdFrom } from '../../../../netlify/server/records/id-counter'
import { listShardRange } from '../../../../netlify/server/records/record-pages'
import { operateOnRecords } from '../../../../netlify/server/records/record-shards'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { pageRange, SHARD_IDS } from '../../../../src/contract/media-pages'
import { decodeMediaPage } from '../../../../src/contract/media-page-codec'
import { listedRecord } from '../../../support/listed-record'

/**
 * A warm instance keeps the answers it sent (decision 0055): an unchanged range is answered again
 * with the very answer kept; any change to its shards, or to how many shards there are,
 * is answered anew.
 */
async function seed(store: MemoryDocumentStore, ids: readonly number[], title: string): Promise<void> {
  await allocateFileIdFrom(store, Math.max(...ids) + 1)
  await operateOnRecords(store, ids, (_current, id) => ({
    record: listedRecord(id, { title: `${title} ${String(id)}` }),
    result: null,
  }))
}

const page2 = { ...pageRange(2), ifNoneMatch: null }
const shardIds = (shard: number) => [shard * SHARD_IDS + 1, shard * SHARD_IDS + 2]

describe('the answers a warm instance keeps', () => {
  it('answers an unchanged range from the kept text, and a changed one anew', async () => {
    const store = new MemoryDocumentStore()
    await seed(store, [...shardIds(50), ...shardIds(60)], 'First')
    const first = await listShardRange(store, page2)
    if (first.notModified) throw new Error('304 without If-None-Match')

    const again = await listShardRange(store, page2)
    if (again.notModified) throw new Error('304 without If-None-Match')
    // The very answer sent before: nothing read, nothing encoded.
    expect(again.answer).toBe(first.answer)
    expect(again.body).toBe(first.body)
    expect(again.etag).toBe(first.etag)

    await seed(store, shardIds(60), 'Changed')
    const changed = await listShardRange(store, page2)
    if (changed.notModified) throw new Error('304 without If-None-Match')
    expect(changed.etag).not.toBe(first.etag)
    expect(changed.answer).not.toBe(first.answer)
    expect(decodeMediaPage(changed.answer).map((record) => record.title)).toContain(
      `Changed ${String(60 * SHARD_IDS + 1)}`,
    )
  })

  it('answers anew when a shard past the range changes how many shards there are', async () => {
    const store = new MemoryDocumentStore()
    await seed(store, shardIds(50), 'First')
    const first = await listShardRange(store, page2)
    if (first.notModified) throw new Error('304 without If-None-Match')
    await seed(store, shardIds(120), 'Later')
    const grown = await listShardRange(store, page2)
    if (grown.notModified) throw new Error('304 without If-None-Match')
    // The range's own shards did not change, so neither did its ETag; the count it gives did.
    expect(grown.etag).toBe(first.etag)
    expect(first.answer.shard_count).toBe(51)
    expect(grown.answer.shard_count).toBe(121)
  })
})
