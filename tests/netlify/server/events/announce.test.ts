import { beforeEach, describe, expect, it } from 'vitest'

import { createFolder, deleteFolder, updateFolder } from '../../../../netlify/server/folders/folder-service'
import {
  batchDelete,
  batchUpdate,
  createRecord,
  deleteRecord,
  moveToFolder,
  updateRecord,
} from '../../../../netlify/server/records/media-service'
import { allocateFileIds } from '../../../../netlify/server/records/id-counter'
import { buildRecord } from '../../../../netlify/server/records/record-model'
import { operateOnRecords } from '../../../../netlify/server/records/record-shards'
import { idempotencyClaim } from '../../../../netlify/server/records/idempotency'
import { MemoryByteStore } from '../../../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { purgeFromTrash, restoreFromTrash } from '../../../../netlify/server/trash/trash-service'
import { replaceFile } from '../../../../netlify/server/uploads/replace-file'
import { listDeliveries } from '../../../../netlify/server/webhooks/deliveries'
import { createEndpoint } from '../../../../netlify/server/webhooks/webhook-endpoints'
import { recordCreateSchema, type MediaRecord } from '../../../../src/contract/record'
import { replaceFileSchema } from '../../../../src/contract/replace-file'
import { CHANGE_EVENT_TYPES, webhookEventSchema, type WebhookEvent } from '../../../../src/contract/webhooks'

let store: MemoryDocumentStore
let endpointId: string

beforeEach(async () => {
  store = new MemoryDocumentStore()
  const endpoint = await createEndpoint(store, {
    url: 'https://hooks.example.com/in',
    events: [...CHANGE_EVENT_TYPES],
  })
  endpointId = endpoint.id
})

/** The events announced by `change`, and nothing else, as the endpoint would be sent them. */
async function eventsOf(change: () => Promise<unknown>): Promise<WebhookEvent[]> {
  const before = new Set((await listDeliveries(store, endpointId, 10_000)).map((delivery) => delivery.id))
  await change()
  const fresh = (await listDeliveries(store, endpointId, 10_000)).filter(
    (delivery) => !before.has(delivery.id),
  )
  return fresh.map((delivery) => webhookEventSchema.parse(JSON.parse(delivery.body)))
}

const addFile = (title: string, folder_path?: string): Promise<MediaRecord> =>
  createRecord(store, recordCreateSchema.parse({ media_url: `/files/${title}.png`, title, folder_path }))

describe('stored changes announce one event each', () => {
  it('a create, an edit, a replace and a delete carry the record; a repeated create announces nothing', async () => {
    const input = recordCreateSchema.parse({ media_url: '/files/a.png', title: 'A' })
    const claim = idempotencyClaim('key-1', input)
    const create = () => createRecord(store, input, new Date(), undefined, claim)
    const [created] = await eventsOf(create)
    expect(created).toMatchObject({ type: 'file.created', data: { ids: [1], file: { id: 1, title: 'A' } } })
    expect(await eventsOf(create)).toEqual([])

    expect(await eventsOf(() => updateRecord(store, 1, { title: 'A2' }))).toMatchObject([
      { type: 'file.updated', data: { ids: [1], file: { title: 'A2' } } },
    ])
    const upload = replaceFileSchema.parse({ media_url: '/files/b.png' })
    const replaced = await eventsOf(() => replaceFile(store, 1, upload))
    expect(replaced).toMatchObject([
      { type: 'file.replaced', data: { ids: [1], file: { media_url: '/files/b.png' } } },
    ])
    expect(await eventsOf(() => deleteRecord(store, 1))).toMatchObject([
      { type: 'file.deleted', data: { ids: [1], file: { id: 1 } } },
    ])
  })

  it('a bulk change is one event naming its ids, without records; failed ids are left out', async () => {
    const files = await Promise.all(['a', 'b', 'c'].map((title) => addFile(title)))
    const ids = files.map((file) => file.id as number)
    const updated = await eventsOf(() =>
      batchUpdate(
        store,
        [...ids, 99].map((id) => ({ id, patch: { category: 'Images' } })),
      ),
    )
    expect(updated).toEqual([expect.objectContaining({ type: 'file.updated', data: { ids } })])
    const folder = await createFolder(store, { name: 'Press', parent_path: '/' })
    expect(await eventsOf(() => moveToFolder(store, [...ids, 99], folder.id))).toEqual([
      expect.objectContaining({ type: 'file.moved', data: { ids, folder_path: '/Press' } }),
    ])
    // Already there: nothing moved, nothing announced.
    expect(await eventsOf(() => moveToFolder(store, ids, folder.id))).toEqual([])
    expect(await eventsOf(() => batchDelete(store, ids))).toEqual([
      expect.objectContaining({ type: 'file.deleted', data: { ids } }),
    ])
    expect(await eventsOf(() => restoreFromTrash(store, ids))).toEqual([
      expect.objectContaining({ type: 'file.restored', data: { ids } }),
    ])
    await batchDelete(store, ids)
    const stores = { documents: store, bytes: new MemoryByteStore() }
    expect(await eventsOf(() => purgeFromTrash(stores, [...ids, 99], null))).toEqual([
      expect.objectContaining({ type: 'file.purged', data: { ids } }),
    ])
  })

  it('a bulk move of 1,000 files, in the two calls of 500 the screen makes, is two events', async () => {
    // Written straight into their shards: a thousand creates one by one would take seconds.
    const ids = await allocateFileIds(store, 1_000)
    const input = recordCreateSchema.parse({ media_url: '/files/f.png', title: 'f' })
    await operateOnRecords(store, ids, (_, id) => ({
      record: buildRecord(id, input, new Date()),
      result: id,
    }))
    const folder = await createFolder(store, { name: 'Archive', parent_path: '/' })
    const events = await eventsOf(async () => {
      await moveToFolder(store, ids.slice(0, 500), folder.id)
      await moveToFolder(store, ids.slice(500), folder.id)
    })
    expect(events.map((event) => event.type)).toEqual(['file.moved', 'file.moved'])
    const moved = events.flatMap((event) => ('ids' in event.data ? event.data.ids : []))
    expect(moved.sort((a, b) => a - b)).toEqual(ids)
  })

  it('folders: a create, a rename (its files follow without events of their own) and a delete', async () => {
    const created = await eventsOf(() => createFolder(store, { name: 'Team', parent_path: '/' }))
    expect(created).toMatchObject([{ type: 'folder.created', data: { folder: { path: '/Team' } } }])
    const folderId = (created[0]?.data as { folder: { id: number } }).folder.id
    await addFile('inside', '/Team')
    const renamed = await eventsOf(() => updateFolder(store, folderId, { name: 'Crew' }))
    expect(renamed).toMatchObject([
      { type: 'folder.updated', data: { folder: { path: '/Crew' }, previous_path: '/Team', moved_files: 1 } },
    ])
    // The same rename again changes nothing.
    expect(await eventsOf(() => updateFolder(store, folderId, { name: 'Crew' }))).toEqual([])
    expect(await eventsOf(() => deleteFolder(store, folderId))).toMatchObject([
      { type: 'folder.deleted', data: { moved_to: '/', moved_files: 1, removed_folders: 1 } },
    ])
  })

  it('a burst of edits reads the list of webhooks once, and each is still delivered', async () => {
    let reads = 0
    const read = store.read.bind(store)
    store.read = (key: string) => {
      if (key === 'webhooks/endpoints') reads += 1
      return read(key)
    }
    const file = await addFile('burst')
    const events = await eventsOf(async () => {
      for (let i = 0; i < 10; i++) await updateRecord(store, file.id, { title: `Burst ${String(i)}` })
    })
    expect(events).toHaveLength(10)
    // Eleven changes, one read: the create's.
    expect(reads).toBe(1)
  })
})
