import { describe, expect, it, vi } from 'vitest'

import { createRecord, deleteRecord } from '../../../../netlify/server/records/media-service'
import { parseShard, readLiveRecord, shardKey } from '../../../../netlify/server/records/record-shards'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { markUsed } from '../../../../netlify/server/usage/last-used'

const MORNING = new Date('2026-05-10T08:00:00.000Z')
const EVENING = new Date('2026-05-10T22:00:00.000Z')
const NEXT_DAY = new Date('2026-05-11T00:30:00.000Z')

async function storedFile(store: MemoryDocumentStore) {
  return createRecord(store, { title: 'Harbour', media_url: 'https://cdn.example.com/harbour.jpg' }, MORNING)
}

describe('marking a file used', () => {
  it('writes the UTC day on its record once a day, leaving updated_at as it was', async () => {
    const store = new MemoryDocumentStore()
    const record = await storedFile(store)
    const write = vi.spyOn(store, 'write')

    await markUsed(store, record.id, MORNING)
    await markUsed(store, record.id, EVENING)
    expect(write).toHaveBeenCalledTimes(1)
    const marked = await readLiveRecord(store, record.id)
    expect(marked).toEqual({ ...record, used_on: '2026-05-10' })

    await markUsed(store, record.id, NEXT_DAY)
    expect(write).toHaveBeenCalledTimes(2)
    expect((await readLiveRecord(store, record.id))?.used_on).toBe('2026-05-11')
  })

  it('writes nothing when another instance marked the file today', async () => {
    const store = new MemoryDocumentStore()
    const record = await storedFile(store)
    await markUsed(store, record.id, MORNING)
    // A second store object over the same documents stands for an instance that has not marked it.
    const write = vi.spyOn(store, 'write')
    const elsewhere = Object.create(store) as MemoryDocumentStore
    await markUsed(elsewhere, record.id, EVENING)
    expect(write).not.toHaveBeenCalled()
  })

  it('leaves a trashed file as it is, and never throws for a file that is gone', async () => {
    const store = new MemoryDocumentStore()
    const record = await storedFile(store)
    await deleteRecord(store, record.id, MORNING)
    await markUsed(store, record.id, EVENING)
    await markUsed(store, 999, EVENING)
    const shard = parseShard(shardKey(0), (await store.read(shardKey(0)))?.value)
    expect(shard.records.find(({ id }) => id === record.id)?.used_on).toBeUndefined()
  })
})
