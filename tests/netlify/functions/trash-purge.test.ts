import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import trashPurge, { config as trashPurgeConfig } from '../../../netlify/functions/trash-purge.mts'
import { batchDelete, createRecord, deleteRecord } from '../../../netlify/server/records/media-service'
import { readAllRecords } from '../../../netlify/server/records/record-pages'
import { MemoryByteStore, type ByteStore } from '../../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../../netlify/server/storage/memory-store'
import { replaceDocumentStore } from '../../../netlify/server/store'
import { listTrash, purgeFromTrash, restoreFromTrash } from '../../../netlify/server/trash/trash-service'
import { sweepTrash } from '../../../netlify/server/trash/trash-sweep'
import type { MediaHostStores } from '../../../netlify/server/uploads/upload-service'
import { recordCreateSchema, type MediaRecord } from '../../../src/contract/record'
import { freshMediaStoresForEachTest } from '../../support/media-stores'
import { STORE_KINDS, type StoreKind } from '../../support/stores'
import { fileIsStored, storeFile } from '../../support/stored-files'

const DAY = 86_400_000
const T0 = new Date('2026-03-01T00:00:00.000Z')
const at = (days: number) => new Date(T0.getTime() + days * DAY)

function addRecord(stores: MediaHostStores, mediaUrl: string, title = 'file'): Promise<MediaRecord> {
  return createRecord(stores.documents, recordCreateSchema.parse({ media_url: mediaUrl, title }), T0)
}

describe.each(STORE_KINDS)('purging the trash (%s)', (kind: StoreKind) => {
  const stores = freshMediaStoresForEachTest(kind)

  it('removes a trashed record for good and releases its file; a live or unknown id is "not in the trash"', async () => {
    const file = await storeFile(stores(), 'photo.png')
    const doomed = await addRecord(stores(), file.url)
    const live = await addRecord(stores(), '/elsewhere.png')
    await deleteRecord(stores().documents, doomed.id, at(1))
    expect(await fileIsStored(stores(), file.id)).toBe(true)

    const response = await purgeFromTrash(stores(), [doomed.id, live.id, 777], null)
    expect(response).toEqual({
      results: [
        { id: doomed.id, success: true },
        { id: live.id, success: false, error: `File ${String(live.id)} is not in the trash` },
        { id: 777, success: false, error: 'File 777 is not in the trash' },
      ],
      succeeded: 1,
      failed: 2,
    })
    expect(await readAllRecords(stores().documents)).toEqual([live])
    expect(await fileIsStored(stores(), file.id)).toBe(false)
    expect((await restoreFromTrash(stores().documents, [doomed.id])).failed).toBe(1)
  })

  it('keeps a file that another record, live or trashed, still uses', async () => {
    const file = await storeFile(stores(), 'shared.png')
    const [first, second, third] = [
      await addRecord(stores(), file.url, 'first'),
      await addRecord(stores(), file.url, 'second'),
      await addRecord(stores(), file.url, 'third'),
    ]
    await batchDelete(stores().documents, [first.id, second.id], at(1))

    await purgeFromTrash(stores(), [first.id], null)
    expect(await fileIsStored(stores(), file.id)).toBe(true)
    await deleteRecord(stores().documents, third.id, at(2))
    await purgeFromTrash(stores(), [third.id], null)
    // `second` is only in the trash, and may still be restored with its file.
    expect(await fileIsStored(stores(), file.id)).toBe(true)
    await purgeFromTrash(stores(), [second.id], null)
    expect(await fileIsStored(stores(), file.id)).toBe(false)
  })
})

/** A byte store that notes, at each removal, whether the record was already out of its shard. */
class WatchingByteStore extends MemoryByteStore {
  readonly recordsAtRemoval: MediaRecord[][] = []
  constructor(private readonly documents: MemoryDocumentStore) {
    super()
  }

  override async remove(key: string): Promise<void> {
    this.recordsAtRemoval.push(await readAllRecords(this.documents))
    return super.remove(key)
  }
}

describe('purge order (memory)', () => {
  it('removes the record before any byte, so a crash in between leaves orphan bytes, never a record without bytes', async () => {
    const documents = new MemoryDocumentStore()
    const bytes = new WatchingByteStore(documents)
    const stores = { documents, bytes }
    const file = await storeFile(stores, 'order.png')
    const record = await addRecord(stores, file.url)
    await deleteRecord(documents, record.id, at(1))
    await purgeFromTrash(stores, [record.id], null)
    expect(bytes.recordsAtRemoval.length).toBeGreaterThan(0)
    expect(bytes.recordsAtRemoval.every((records) => records.length === 0)).toBe(true)
  })

  it('still reports the purge when releasing the file fails: the record is gone, the bytes are left over', async () => {
    const documents = new MemoryDocumentStore()
    const failing: ByteStore = Object.assign(new MemoryByteStore(), {
      remove: () => Promise.reject(new Error('bytes unavailable')),
    })
    const stores = { documents, bytes: failing }
    const file = await storeFile(stores, 'stuck.png')
    const record = await addRecord(stores, file.url)
    await deleteRecord(documents, record.id, at(1))
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      expect((await purgeFromTrash(stores, [record.id], null)).succeeded).toBe(1)
    } finally {
      consoleError.mockRestore()
    }
    expect(await readAllRecords(documents)).toEqual([])
    expect(await failing.list(`chunks/${file.id}/`)).not.toEqual([])
  })
})

const CLOUDINARY = {
  cloudName: 'demo',
  apiKey: 'key',
  apiSecret: 'secret',
  apiBase: 'https://cloudinary.test',
}

describe('purging a Cloudinary file', () => {
  const destroyed: string[] = []
  const server = setupServer(
    http.post('https://cloudinary.test/v1_1/demo/:type/destroy', async ({ request, params }) => {
      const body = new URLSearchParams(await request.text())
      destroyed.push(`${String(params.type)}:${String(body.get('public_id'))}`)
      return HttpResponse.json({ result: 'ok' })
    }),
  )
  beforeAll(() => {
    server.listen({ onUnhandledFrame: 'error' })
  })
  afterAll(() => {
    server.close()
  })

  it('destroys the asset only at purge, and only once no record uses it', async () => {
    const stores = { documents: new MemoryDocumentStore(), bytes: new MemoryByteStore() }
    const url = 'https://res.cloudinary.com/demo/video/upload/v1/HIBF_assets/spot.mp4'
    const input = { media_url: url, public_id: 'HIBF_assets/spot', resource_type: 'video' }
    const [first, second] = [
      await createRecord(stores.documents, recordCreateSchema.parse(input), T0),
      await createRecord(stores.documents, recordCreateSchema.parse(input), T0),
    ]
    await batchDelete(stores.documents, [first.id, second.id], at(1))
    expect(destroyed).toEqual([])
    await purgeFromTrash(stores, [first.id], CLOUDINARY)
    expect(destroyed).toEqual([])
    await purgeFromTrash(stores, [second.id], CLOUDINARY)
    expect(destroyed).toEqual(['video:HIBF_assets/spot'])
  })
})

describe('the age sweep', () => {
  it('purges, oldest first, only records trashed at least the purge age ago, and their files', async () => {
    const stores = { documents: new MemoryDocumentStore(), bytes: new MemoryByteStore() }
    const old = await storeFile(stores, 'old.png')
    const recent = await storeFile(stores, 'recent.png')
    const [a, b, c, live] = [
      await addRecord(stores, old.url, 'a'),
      await addRecord(stores, recent.url, 'b'),
      await addRecord(stores, '/c.png', 'c'),
      await addRecord(stores, '/live.png', 'live'),
    ]
    await deleteRecord(stores.documents, a.id, at(0))
    await deleteRecord(stores.documents, c.id, at(5))
    await deleteRecord(stores.documents, b.id, at(20))
    const maxAgeMs = 30 * DAY

    expect(await sweepTrash(stores, { now: at(29.9), maxAgeMs, cloudinary: null })).toBe(0)
    expect(await sweepTrash(stores, { now: at(35), maxAgeMs, cloudinary: null, limit: 1 })).toBe(1)
    expect(
      (await listTrash(stores.documents, { cursor: null, limit: 10 })).records.map(({ id }) => id),
    ).toEqual([b.id, c.id])
    expect(await fileIsStored(stores, old.id)).toBe(false)

    expect(await sweepTrash(stores, { now: at(35), maxAgeMs, cloudinary: null })).toBe(1)
    expect(await sweepTrash(stores, { now: at(50), maxAgeMs, cloudinary: null })).toBe(1)
    expect(await readAllRecords(stores.documents)).toEqual([live])
    expect(await fileIsStored(stores, recent.id)).toBe(false)
    expect(await sweepTrash(stores, { now: at(400), maxAgeMs, cloudinary: null })).toBe(0)
  })

  it('keeps a record restored and trashed again after the sweep read it', async () => {
    const documents = new MemoryDocumentStore()
    const stores = { documents, bytes: new MemoryByteStore() }
    const record = await addRecord(stores, '/again.png')
    await deleteRecord(documents, record.id, at(0))
    // Between the sweep's read and its write, the record comes back and is trashed anew.
    const read = documents.read.bind(documents)
    let reads = 0
    documents.read = async (key) => {
      const stored = await read(key)
      if (key.startsWith('records/') && ++reads === 1) {
        await restoreFromTrash(documents, [record.id])
        await deleteRecord(documents, record.id, at(40))
      }
      return stored
    }
    expect(await sweepTrash(stores, { now: at(45), maxAgeMs: 30 * DAY, cloudinary: null })).toBe(0)
    expect((await listTrash(documents, { cursor: null, limit: 10 })).records).toEqual([
      { ...record, deleted_at: at(40).toISOString() },
    ])
  })
})

describe('the scheduled trash-purge function', () => {
  let stores: MediaHostStores
  beforeEach(() => {
    stores = { documents: new MemoryDocumentStore(), bytes: new MemoryByteStore() }
    replaceDocumentStore(stores.documents, stores.bytes)
  })
  afterEach(() => {
    replaceDocumentStore(undefined)
  })

  it('runs daily and purges what has been in the trash for the default 30 days', async () => {
    expect(trashPurgeConfig.schedule).toBe('@daily')
    const now = Date.now()
    const [expired, fresh] = [await addRecord(stores, '/expired.png'), await addRecord(stores, '/fresh.png')]
    await deleteRecord(stores.documents, expired.id, new Date(now - 30 * DAY - 60_000))
    await deleteRecord(stores.documents, fresh.id, new Date(now - 29 * DAY))
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    try {
      expect((await trashPurge()).status).toBe(204)
    } finally {
      log.mockRestore()
    }
    expect((await readAllRecords(stores.documents)).map(({ id }) => id)).toEqual([fresh.id])
  })
})

describe('TRASH_PURGE_DAYS', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  async function maxAgeWith(value: string | undefined): Promise<number> {
    vi.resetModules()
    if (value !== undefined) vi.stubEnv('TRASH_PURGE_DAYS', value)
    const { trashMaxAgeMs } = await import('../../../netlify/server/trash/trash-sweep')
    return trashMaxAgeMs()
  }

  it('defaults to 30 days, takes whole or fractional days, and refuses anything else', async () => {
    expect(await maxAgeWith(undefined)).toBe(30 * DAY)
    expect(await maxAgeWith('')).toBe(30 * DAY)
    expect(await maxAgeWith('7')).toBe(7 * DAY)
    expect(await maxAgeWith('0.5')).toBe(DAY / 2)
    for (const bad of ['-1', 'soon', '4000']) await expect(maxAgeWith(bad)).rejects.toThrow()
  })

  it("is the trash answer's purge_days, from which the screen counts each file's days left", async () => {
    for (const [value, days] of [
      [undefined, 30],
      ['0.5', 0.5],
      ['0', 0],
    ] as const) {
      vi.resetModules()
      if (value !== undefined) vi.stubEnv('TRASH_PURGE_DAYS', value)
      const { replaceDocumentStore: replace } = await import('../../../netlify/server/store')
      replace(new MemoryDocumentStore())
      const { default: trashList } = await import('../../../netlify/functions/trash-list.mts')
      const response = await trashList(new Request('http://localhost/api/trash'))
      expect(await response.json()).toEqual({ records: [], next: null, purge_days: days })
      vi.unstubAllEnvs()
    }
  })
})
