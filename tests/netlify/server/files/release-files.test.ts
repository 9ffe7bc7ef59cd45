/**
 * What purging the trash may remove: built-in files no record references (asked of the one matcher, and
 * under the release marks a record being created meets), and only Cloudinary assets the app uploaded to
 * the configured cloud that no other record names, whatever the client put in `public_id`.
 */
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { assetReleaseId, cloudinaryAssetOf } from '../../../../netlify/server/cloudinary/cloudinary-url'
import { destroyAsset } from '../../../../netlify/server/cloudinary/destroy-asset'
import { markReleasing } from '../../../../netlify/server/files/release-marks'
import { batchDelete, createRecord, deleteRecord } from '../../../../netlify/server/records/media-service'
import { readAllRecords } from '../../../../netlify/server/records/record-pages'
import { operateOnStoredRecords } from '../../../../netlify/server/records/record-shards'
import { MemoryByteStore } from '../../../../netlify/server/storage/byte-store'
import type { WriteCondition } from '../../../../netlify/server/storage/document-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { purgeFromTrash } from '../../../../netlify/server/trash/trash-service'
import type { MediaHostStores } from '../../../../netlify/server/uploads/upload-service'
import { recordCreateSchema, type MediaRecord } from '../../../../src/contract/record'
import { cloudinaryDestroyHandlers } from '../../../support/cloudinary-destroy-handlers'
import { fileIsStored, storeFile } from '../../../support/stored-files'

const T0 = new Date('2026-03-01T00:00:00.000Z')
const T1 = new Date('2026-03-02T00:00:00.000Z')

/** Calls `onMark` once, right after the first release mark is written. */
class MarkWatchingStore extends MemoryDocumentStore {
  readonly marksWritten: string[] = []
  onMark: (() => Promise<void>) | null = null

  override async write(key: string, value: unknown, condition: WriteCondition): Promise<string | null> {
    const etag = await super.write(key, value, condition)
    if (key.startsWith('releasing/')) {
      this.marksWritten.push(key)
      const hook = this.onMark
      this.onMark = null
      await hook?.()
    }
    return etag
  }
}

function freshStores(): MediaHostStores & { documents: MarkWatchingStore } {
  return { documents: new MarkWatchingStore(), bytes: new MemoryByteStore() }
}

function addRecord(stores: MediaHostStores, fields: Record<string, unknown>): Promise<MediaRecord> {
  return createRecord(stores.documents, recordCreateSchema.parse({ title: 'file', ...fields }), T0)
}

async function trashedRecord(stores: MediaHostStores, fields: Record<string, unknown>): Promise<MediaRecord> {
  const record = await addRecord(stores, fields)
  await deleteRecord(stores.documents, record.id, T1)
  return record
}

/** Writes a record straight into its shard, as a create that has not yet checked the marks would. */
async function writeRecord(stores: MediaHostStores, record: MediaRecord): Promise<void> {
  await operateOnStoredRecords(stores.documents, [record.id], () => ({ record, result: undefined }))
}

/** A live record stored with `fields`, past the create's checks. */
async function storedRecord(stores: MediaHostStores, fields: Partial<MediaRecord>): Promise<MediaRecord> {
  const record = await addRecord(stores, { media_url: 'https://media.example.test/placeholder.png' })
  const stored = { ...record, ...fields }
  await writeRecord(stores, stored)
  return stored
}

/**
 * A trashed record stored with whatever fields a client could have left in it (older data, or a
 * request the create checks did not see), written past the create's checks.
 */
async function storedTrashedRecord(
  stores: MediaHostStores,
  fields: Partial<MediaRecord>,
): Promise<MediaRecord> {
  const stored = await storedRecord(stores, fields)
  await deleteRecord(stores.documents, stored.id, T1)
  return stored
}

/** The file a mark `releasing/{fileId}/{stamp}` is on. */
const markedFileId = (key: string) => key.split('/')[1]

const releaseMarks = (stores: MediaHostStores) => stores.documents.list('releasing/')

describe('purge: built-in files', () => {
  it('keeps a file another record references by an absolute URL, and releases it with that record', async () => {
    const stores = freshStores()
    const file = await storeFile(stores, 'photo.png')
    const relative = await trashedRecord(stores, { media_url: file.url })
    const absolute = await addRecord(stores, { media_url: `https://media.example.test${file.url}?v=2` })

    await purgeFromTrash(stores, [relative.id], null)
    expect(await fileIsStored(stores, file.id)).toBe(true)
    await deleteRecord(stores.documents, absolute.id, T1)
    await purgeFromTrash(stores, [absolute.id], null)
    expect(await fileIsStored(stores, file.id)).toBe(false)
    expect(await releaseMarks(stores)).toEqual([])
  })

  it('marks the file before reading the records: a record written in between keeps the file', async () => {
    const stores = freshStores()
    const file = await storeFile(stores, 'taken.png')
    const thumbnail = await storeFile(stores, 'taken-thumb.png')
    const doomed = await trashedRecord(stores, { media_url: file.url, thumbnail: thumbnail.url })
    // "Use existing" on a duplicate, writing its record after the mark and before the purge reads.
    const { deleted_at: _deletedAt, ...live } = doomed
    stores.documents.onMark = () => writeRecord(stores, { ...live, id: 900 as MediaRecord['id'] })

    expect((await purgeFromTrash(stores, [doomed.id], null)).succeeded).toBe(1)
    expect(stores.documents.marksWritten.map(markedFileId).sort()).toEqual([file.id, thumbnail.id].sort())
    expect(await fileIsStored(stores, file.id)).toBe(true)
    expect(await fileIsStored(stores, thumbnail.id)).toBe(true)
    expect((await readAllRecords(stores.documents)).map(({ id }) => Number(id))).toEqual([900])
    // Kept, and no longer marked: the new record's file is usable.
    expect(await releaseMarks(stores)).toEqual([])
  })

  it('clears the marks when reading the records fails, and removes nothing', async () => {
    const stores = freshStores()
    const file = await storeFile(stores, 'unread.png')
    const doomed = await trashedRecord(stores, { media_url: file.url })
    const list = stores.documents.list.bind(stores.documents)
    stores.documents.onMark = () => {
      stores.documents.list = (prefix) =>
        prefix.startsWith('records/') ? Promise.reject(new Error('records unavailable')) : list(prefix)
      return Promise.resolve()
    }
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      expect((await purgeFromTrash(stores, [doomed.id], null)).succeeded).toBe(1)
    } finally {
      consoleError.mockRestore()
    }
    expect(await fileIsStored(stores, file.id)).toBe(true)
    expect(await releaseMarks(stores)).toEqual([])
  })
})

const CLOUDINARY = {
  cloudName: 'demo',
  apiKey: 'key',
  apiSecret: 'secret',
  apiBase: 'https://cloudinary.test',
}
const delivery = (path: string) => `https://res.cloudinary.com/${path}`

describe('purge: Cloudinary assets', () => {
  const cloudinary = cloudinaryDestroyHandlers({
    cloudName: 'demo',
    apiBase: CLOUDINARY.apiBase,
    apiKey: CLOUDINARY.apiKey,
    apiSecret: CLOUDINARY.apiSecret,
  })
  const server = setupServer(...cloudinary.handlers)
  beforeAll(() => {
    server.listen({ onUnhandledFrame: 'error' })
  })
  afterEach(() => {
    cloudinary.destroyed.length = 0
    cloudinary.requests.length = 0
  })
  afterAll(() => {
    server.close()
  })

  it('destroys the asset the URL names, with its resource type, not the public id the record claims', async () => {
    const stores = freshStores()
    cloudinary.assets.add('video/HIBF_assets/spot')
    const record = await storedTrashedRecord(stores, {
      media_url: delivery('demo/video/upload/v1719307544/HIBF_assets/spot.mp4'),
      public_id: 'HIBF_assets/something-else',
      resource_type: 'image',
    })
    await purgeFromTrash(stores, [record.id], CLOUDINARY)
    expect(cloudinary.destroyed).toEqual([
      { resourceType: 'video', publicId: 'HIBF_assets/spot', invalidate: true, result: 'ok' },
    ])
  })

  it('never destroys for a crafted record: a public id outside the app folder, or a URL naming none', async () => {
    const stores = freshStores()
    const crafted = [
      { media_url: delivery('demo/image/upload/v1/other/secret.jpg'), public_id: 'other/secret' },
      { media_url: delivery('demo/image/upload/v1/secret.jpg'), public_id: 'other/secret' },
      { media_url: delivery('demo/image/upload/w_100/HIBF_assets/a.jpg'), public_id: 'other/secret' },
      { media_url: 'https://media.example.test/a.jpg', public_id: 'other/secret' },
      { media_url: delivery('demo/image/upload/v1/HIBF_assets/../other/secret.jpg'), public_id: 'x' },
    ]
    const ids: number[] = []
    for (const fields of crafted) ids.push((await storedTrashedRecord(stores, fields)).id)
    expect((await purgeFromTrash(stores, ids, CLOUDINARY)).succeeded).toBe(crafted.length)
    expect(cloudinary.requests).toEqual([])
  })

  it('never destroys an asset on another cloud', async () => {
    const stores = freshStores()
    const record = await storedTrashedRecord(stores, {
      media_url: delivery('someone-else/image/upload/v1/HIBF_assets/photo.png'),
      public_id: 'HIBF_assets/photo',
      resource_type: 'image',
    })
    await purgeFromTrash(stores, [record.id], CLOUDINARY)
    expect(cloudinary.requests).toEqual([])
  })

  it('keeps an asset two records share (URLs of different versions) until the last one is purged', async () => {
    const stores = freshStores()
    cloudinary.assets.add('image/HIBF_assets/shared')
    const input = { public_id: 'HIBF_assets/shared', resource_type: 'image' }
    const first = await storedRecord(stores, {
      ...input,
      media_url: delivery('demo/image/upload/v1719307544/HIBF_assets/shared.png'),
    })
    const second = await storedRecord(stores, {
      ...input,
      media_url: delivery('demo/image/upload/v1719400000/HIBF_assets/shared.png'),
    })
    const third = await storedRecord(stores, {
      ...input,
      media_url: delivery('demo/image/upload/HIBF_assets/shared.jpg'),
    })
    await batchDelete(stores.documents, [first.id, second.id, third.id], T1)

    await purgeFromTrash(stores, [first.id], CLOUDINARY)
    expect(cloudinary.requests).toEqual([])
    await purgeFromTrash(stores, [second.id], CLOUDINARY)
    expect(cloudinary.requests).toEqual([])
    await purgeFromTrash(stores, [third.id], CLOUDINARY)
    expect(cloudinary.destroyed).toEqual([
      { resourceType: 'image', publicId: 'HIBF_assets/shared', invalidate: true, result: 'ok' },
    ])
  })

  it('marks the asset before reading the records: a "use existing" record written in between keeps it', async () => {
    const stores = freshStores()
    cloudinary.assets.add('image/HIBF_assets/taken')
    const url = delivery('demo/image/upload/v1/HIBF_assets/taken.png')
    const doomed = await storedTrashedRecord(stores, { media_url: url })
    // The create's write lands after the mark and before the purge reads; its own check comes later.
    const { deleted_at: _deletedAt, ...live } = doomed
    stores.documents.onMark = () => writeRecord(stores, { ...live, id: 900 as MediaRecord['id'] })

    await purgeFromTrash(stores, [doomed.id], CLOUDINARY)
    expect(stores.documents.marksWritten.map(markedFileId)).toEqual([
      assetReleaseId({ cloudName: 'demo', resourceType: 'image', publicId: 'HIBF_assets/taken' }),
    ])
    expect(cloudinary.requests).toEqual([])
    expect(await releaseMarks(stores)).toEqual([])
  })

  it('a "use existing" create meeting the mark of an asset being destroyed withdraws its record (409)', async () => {
    const stores = freshStores()
    const url = delivery('demo/image/upload/v1/HIBF_assets/going.png')
    const asset = cloudinaryAssetOf(url)
    if (!asset) throw new Error('not a delivery URL')
    await markReleasing(stores.documents, [assetReleaseId(asset)])

    await expect(addRecord(stores, { media_url: url })).rejects.toThrow(/being deleted/)
    expect(await readAllRecords(stores.documents)).toEqual([])
  })

  it('destroys an asset two purged records share once', async () => {
    const stores = freshStores()
    const url = delivery('demo/raw/upload/v1/HIBF_assets/notes.txt')
    const [first, second] = [
      await storedRecord(stores, {
        media_url: url,
        public_id: 'HIBF_assets/notes.txt',
        resource_type: 'raw',
      }),
      await storedRecord(stores, {
        media_url: url,
        public_id: 'HIBF_assets/notes.txt',
        resource_type: 'raw',
      }),
    ]
    await batchDelete(stores.documents, [first.id, second.id], T1)
    await purgeFromTrash(stores, [first.id, second.id], CLOUDINARY)
    expect(cloudinary.requests).toEqual(['demo/raw/HIBF_assets/notes.txt'])
  })

  it('destroyAsset refuses a public id outside the app folder without calling Cloudinary', async () => {
    for (const publicId of ['other/secret', 'HIBF_assets', 'HIBF_assets/', 'samples/HIBF_assets/x', ''])
      await expect(destroyAsset(CLOUDINARY, { publicId, resourceType: 'image' })).rejects.toThrow(
        /outside the app's Cloudinary folder/,
      )
    expect(cloudinary.requests).toEqual([])
  })
})
