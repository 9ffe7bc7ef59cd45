import { describe, expect, it } from 'vitest'

import { allocateFileIdFrom } from '../../../../netlify/server/records/id-counter'
import {
  KEPT_SHARDS,
  listShards,
  readAllRecords,
  readPage,
} from '../../../../netlify/server/records/record-pages'
import { operateOnRecords } from '../../../../netlify/server/records/record-shards'
import type { StoredDocument } from '../../../../netlify/server/storage/document-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { SHARD_IDS } from '../../../../src/contract/media-pages'
import { listedRecord } from '../../../support/listed-record'

/** A store that counts the documents read from it. */
class CountingStore extends MemoryDocumentStore {
  reads = 0
  override async read(key: string): Promise<StoredDocument | null> {
    this.reads += 1
    return super.read(key)
  }
}

/** One record in each of shards 0 to `last`. */
async function seedShards(store: MemoryDocumentStore, last: number): Promise<void> {
  const ids = Array.from({ length: last + 1 }, (_, shard) => shard * SHARD_IDS + 1)
  await allocateFileIdFrom(store, Math.max(...ids) + 1)
  await operateOnRecords(store, ids, (_current, id) => ({ record: listedRecord(id), result: null }))
}

describe('the shards a warm instance keeps', () => {
  it('keeps the last KEPT_SHARDS it read and reads an older one again', async () => {
    const store = new CountingStore()
    await seedShards(store, KEPT_SHARDS)
    // Every shard read once, in order: the first no longer fits.
    expect(await readAllRecords(store)).toHaveLength(KEPT_SHARDS + 1)
    const shards = await listShards(store)

    store.reads = 0
    // `limit` 0 reads one window of shards from the one holding `after + 1`: here the latest eight.
    await readPage(store, shards, (KEPT_SHARDS - 8) * SHARD_IDS, 0)
    expect(store.reads).toBe(0)

    // The first eight: only shard 0, read longest ago, had made room.
    await readPage(store, shards, 0, 0)
    expect(store.reads).toBe(1)
  })
})
