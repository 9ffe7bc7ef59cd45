import { describe, expect, it } from 'vitest'

import { InvalidInputError, NotFoundError } from '../../../../netlify/server/errors'
import { createFolder, deleteFolder } from '../../../../netlify/server/folders/folder-service'
import {
  batchDelete,
  batchUpdate,
  createRecord,
  deleteRecord,
  listMedia,
  moveToFolder,
  updateRecord,
} from '../../../../netlify/server/records/media-service'
import { readAllRecords } from '../../../../netlify/server/records/record-pages'
import { operateOnStoredRecords } from '../../../../netlify/server/records/record-shards'
import { SHARD_IDS } from '../../../../src/contract/media-pages'
import { allocateFileIds } from '../../../../netlify/server/records/id-counter'
import type { DocumentStore, WriteCondition } from '../../../../netlify/server/storage/document-store'
import { MemoryByteStore } from '../../../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { listTrash, restoreFromTrash } from '../../../../netlify/server/trash/trash-service'
import { setSyncState } from '../../../../netlify/server/webflow/webflow-sync'
import { ROOT_PATH } from '../../../../src/contract/folder'
import { recordCreateSchema, type MediaRecord } from '../../../../src/contract/record'
import { freshStoreForEachTest, STORE_KINDS, type StoreKind } from '../../../support/stores'

const T0 = new Date('2026-02-01T10:00:00.000Z')
const T1 = new Date('2026-02-02T10:00:00.000Z')
const T2 = new Date('2026-02-03T10:00:00.000Z')

async function addFile(store: DocumentStore, title: string, folderPath = ROOT_PATH): Promise<MediaRecord> {
  return createRecord(
    store,
    recordCreateSchema.parse({ media_url: `/files/${title}.png`, title, folder_path: folderPath }),
    T0,
  )
}

/** What `setSyncState` needs: the stores; the bytes are never read. */
function mirrorContext(documents: DocumentStore) {
  return { stores: { documents, bytes: new MemoryByteStore() } }
}

async function listedIds(store: DocumentStore): Promise<number[]> {
  const listing = await listMedia(store, { after: 0, limit: 5_000, ifNoneMatch: null })
  if (listing.notModified) throw new Error('a listing without If-None-Match cannot be "not modified"')
  return listing.page.records.map(({ id }) => id)
}

async function trashedIds(store: DocumentStore): Promise<number[]> {
  return (await listTrash(store, { cursor: null, limit: 5_000 })).records.map(({ id }) => id)
}

describe.each(STORE_KINDS)('the trash (%s)', (kind: StoreKind) => {
  const store = freshStoreForEachTest(kind)

  it('keeps a deleted record in its shard, stamped, out of the listing and in the trash', async () => {
    const [first, second] = [await addFile(store(), 'one'), await addFile(store(), 'two')]
    const trashed = await deleteRecord(store(), first.id, T1)
    expect(trashed).toEqual({ ...first, deleted_at: T1.toISOString() })
    expect(await listedIds(store())).toEqual([second.id])
    expect((await listTrash(store(), { cursor: null, limit: 10 })).records).toEqual([trashed])
    expect(await readAllRecords(store())).toEqual([trashed, second])
  })

  it('treats a trashed record as absent everywhere else: update, batches, move, mirror state, delete', async () => {
    const folder = await createFolder(store(), { name: 'Docs', parent_path: ROOT_PATH })
    const record = await addFile(store(), 'gone')
    await deleteRecord(store(), record.id, T1)

    await expect(updateRecord(store(), record.id, { title: 'x' })).rejects.toThrow(
      `File ${String(record.id)} not found`,
    )
    expect((await batchUpdate(store(), [{ id: record.id, patch: { title: 'x' } }])).results).toEqual([
      { id: record.id, success: false, error: `File ${String(record.id)} not found` },
    ])
    expect((await moveToFolder(store(), [record.id], folder.id)).results).toEqual([
      { fileId: record.id, success: false, error: `File ${String(record.id)} not found` },
    ])
    expect(await setSyncState(mirrorContext(store()), record.id, { state: 'failed' })).toBe(undefined)
    await expect(deleteRecord(store(), record.id, T2)).rejects.toBeInstanceOf(NotFoundError)
    expect((await batchDelete(store(), [record.id], T2)).results).toEqual([
      { id: record.id, success: false, error: `File ${String(record.id)} not found` },
    ])
    // Nothing above touched it: still trashed at T1, unchanged.
    expect(await readAllRecords(store())).toEqual([{ ...record, deleted_at: T1.toISOString() }])
  })

  it('lists the most recently deleted first, ties by the higher id, and pages with a cursor', async () => {
    const records: MediaRecord[] = []
    for (const title of ['a', 'b', 'c', 'd', 'e']) records.push(await addFile(store(), title))
    const [a, b, c, d, e] = records.map(({ id }) => id as number)
    if (!a || !b || !c || !d || !e) throw new Error('creates failed')
    await batchDelete(store(), [a, c], T0)
    await batchDelete(store(), [e], T2)
    await batchDelete(store(), [b, d], T1)
    const order = [e, d, b, c, a]
    expect(await trashedIds(store())).toEqual(order)

    const seen: number[] = []
    let cursor: string | null = null
    for (let page = 0; page < 10; page++) {
      const result = await listTrash(store(), { cursor, limit: 2 })
      seen.push(...result.records.map(({ id }) => id))
      if (result.next === null) break
      cursor = result.next
    }
    expect(seen).toEqual(order)
    await expect(listTrash(store(), { cursor: 'nonsense', limit: 2 })).rejects.toBeInstanceOf(
      InvalidInputError,
    )
  })

  it('restores records to their folders, reports per id, and a second restore is "not in the trash"', async () => {
    const folder = await createFolder(store(), { name: 'Campaigns', parent_path: ROOT_PATH })
    const inFolder = await addFile(store(), 'banner', folder.path)
    const atRoot = await addFile(store(), 'logo')
    const live = await addFile(store(), 'live')
    await batchDelete(store(), [inFolder.id, atRoot.id], T1)

    const response = await restoreFromTrash(store(), [inFolder.id, 9_999, atRoot.id, live.id, inFolder.id])
    expect(response).toEqual({
      results: [
        { id: inFolder.id, success: true, record: inFolder },
        { id: 9_999, success: false, error: 'File 9999 is not in the trash' },
        { id: atRoot.id, success: true, record: atRoot },
        { id: live.id, success: false, error: `File ${String(live.id)} is not in the trash` },
        { id: inFolder.id, success: true },
      ],
      succeeded: 3,
      failed: 2,
    })
    expect(await listedIds(store())).toEqual([inFolder.id, atRoot.id, live.id])
    expect(await trashedIds(store())).toEqual([])
    expect((await restoreFromTrash(store(), [atRoot.id])).results[0]?.error).toBe(
      `File ${String(atRoot.id)} is not in the trash`,
    )
  })

  it('moves trashed files out of a deleted folder too, counting only live ones, so a restore lands in the parent', async () => {
    const parent = await createFolder(store(), { name: 'Parent', parent_path: ROOT_PATH })
    const child = await createFolder(store(), { name: 'Child', parent_path: parent.path })
    const kept = await addFile(store(), 'kept', child.path)
    const trashed = await addFile(store(), 'trashed', child.path)
    await deleteRecord(store(), trashed.id, T1)

    const deleted = await deleteFolder(store(), child.id)
    expect(deleted.moved_files).toBe(1)
    const [restored] = (await restoreFromTrash(store(), [trashed.id])).results
    expect(restored?.record?.folder_path).toBe(parent.path)
    expect((await readAllRecords(store())).map(({ id, folder_path }) => ({ id, folder_path }))).toEqual([
      { id: kept.id, folder_path: parent.path },
      { id: trashed.id, folder_path: parent.path },
    ])
  })

  it('restores a trashed record whose folder is missing anyway to the top level', async () => {
    const record = await addFile(store(), 'stray')
    await deleteRecord(store(), record.id, T1)
    // Data older than the folder delete that moves trashed files: a trashed record in a folder that is gone.
    await operateOnStoredRecords(store(), [record.id], (current) => ({
      record: current && { ...current, folder_path: '/Gone/Deeper' },
      result: undefined,
    }))
    const [restored] = (await restoreFromTrash(store(), [record.id])).results
    expect(restored?.record?.folder_path).toBe(ROOT_PATH)
    expect(await listedIds(store())).toEqual([record.id])
  })

  it('mirrors a restored record afresh: pending, without the removed item, its revision counted up', async () => {
    const record = await createRecord(store(), recordCreateSchema.parse({ media_url: '/files/m.png' }), T0, {
      state: 'pending',
      updated_at: T0.toISOString(),
    })
    await setSyncState(mirrorContext(store()), record.id, {
      state: 'synced',
      item_id: 'item-1',
      asset_id: 'asset-1',
    })
    const trashed = await deleteRecord(store(), record.id, T1)
    expect(trashed.webflow).toMatchObject({ item_id: 'item-1', asset_id: 'asset-1' })

    const start = { state: 'pending' as const, updated_at: T2.toISOString() }
    const [restored] = (await restoreFromTrash(store(), [record.id], start)).results
    expect(restored?.record?.webflow).toEqual({ state: 'pending', updated_at: T2.toISOString(), revision: 1 })
  })
})

/** Counts the writes of each key, to show that the trash costs what the permanent delete did. */
class CountingStore extends MemoryDocumentStore {
  readonly writes = new Map<string, number>()

  override write(key: string, value: unknown, condition: WriteCondition): Promise<string | null> {
    this.writes.set(key, (this.writes.get(key) ?? 0) + 1)
    return super.write(key, value, condition)
  }
}

describe('batch delete into the trash (memory)', () => {
  it('writes each shard touched once, whatever the number of ids in it', async () => {
    const store = new CountingStore()
    const near = await Promise.all(Array.from({ length: 30 }, (_, i) => addFile(store, `near-${String(i)}`)))
    await allocateFileIds(store, SHARD_IDS)
    const far = await Promise.all(Array.from({ length: 5 }, (_, i) => addFile(store, `far-${String(i)}`)))
    store.writes.clear()

    const response = await batchDelete(
      store,
      [...near, ...far].map(({ id }) => id),
      T1,
    )
    expect(response).toMatchObject({ succeeded: 35, failed: 0 })
    const shardWrites = [...store.writes].filter(([key]) => key.startsWith('records/'))
    expect(Object.fromEntries(shardWrites)).toEqual({ 'records/000000': 1, 'records/000001': 1 })
  })
})
