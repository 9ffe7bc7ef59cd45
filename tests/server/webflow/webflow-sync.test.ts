import { createHash } from 'node:crypto'

import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { readAllRecords } from '../../../netlify/server/records/record-pages'
import { deleteRecord, updateRecord } from '../../../netlify/server/records/media-service'
import type { MediaHostStores } from '../../../netlify/server/uploads/upload-service'
import { webflowSetup } from '../../../netlify/server/webflow/webflow-config'
import {
  initialSyncState,
  runSyncJob,
  setSyncState,
  type SyncContext,
} from '../../../netlify/server/webflow/webflow-sync'
import type { MediaRecord } from '../../../src/contract/record'
import { SPEC_FIELD_SLUGS } from '../../support/webflow-fake'
import { startMemoryMediaStores } from '../helpers/media-stores'
import {
  COLLECTION_ID,
  fixture,
  pendingRecord,
  readySetup,
  SITE_URL,
  storeBuiltInFile,
  syncContext,
  T0,
  webflowFakeForFile,
} from './setup'

const { fake, server } = webflowFakeForFile()

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex')
const MB = 1024 * 1024

function stores(): MediaHostStores {
  return startMemoryMediaStores().stores
}

async function stored(context: Pick<SyncContext, 'stores'>, id: number): Promise<MediaRecord> {
  const record = (await readAllRecords(context.stores.documents)).find((candidate) => candidate.id === id)
  if (!record) throw new Error(`record ${String(id)} is gone`)
  return record
}

async function upsert(context: SyncContext, ...records: MediaRecord[]) {
  await runSyncJob(context, { action: 'upsert', ids: records.map((record) => record.id as number) })
}

/** An https file the sync may fetch for its asset; any other URL of that host answers 404. */
function serveExternalFile(url: string, bytes: Uint8Array, type: string) {
  server.use(
    http.get(url, () => new HttpResponse(new Uint8Array(bytes), { headers: { 'Content-Type': type } })),
  )
}

describe('runSyncJob: a new record becomes a collection item', () => {
  it('creates the item (202) with exactly the spec fields, then marks the record synced', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const record = await pendingRecord(context.stores, {
      title: 'Harbour at Dusk',
      description: 'Boats and lights',
      category: 'Photos',
      media_url: 'https://media.example.test/harbour.mp4',
      file_type: 'video/mp4',
      file_size: 123_456,
      tags: ['harbour', 'dusk'],
      author: 'Ada',
      notes: 'not mirrored',
      station: 'North',
    })
    await upsert(context, record)

    const [item, ...others] = fake.itemsOf(COLLECTION_ID)
    expect(others).toEqual([])
    expect(fake.calls()).toEqual([`POST collections/${COLLECTION_ID}/items`])
    const create = fake.received[0]
    expect(create?.status).toBe(202)
    expect(create?.body).toEqual({
      isArchived: false,
      isDraft: false,
      fieldData: {
        name: 'Harbour at Dusk',
        slug: 'harbour-at-dusk',
        'media-url': 'https://media.example.test/harbour.mp4',
        description: 'Boats and lights',
        category: 'Photos',
        'file-type': 'video/mp4',
        'file-size': 123_456,
        tags: 'harbour, dusk',
        author: 'Ada',
        'upload-date': T0.toISOString(),
      },
    })
    expect(Object.keys((create?.body as { fieldData: object }).fieldData).sort()).toEqual(
      ['name', 'slug', ...SPEC_FIELD_SLUGS].sort(),
    )
    expect(item).toMatchObject({ isArchived: false, isDraft: false, lastPublished: null })

    const after = await stored(context, record.id)
    expect(after.webflow).toEqual({
      state: 'synced',
      item_id: item?.id,
      updated_at: expect.any(String) as unknown,
    })
    // The mirror's state is not an edit of the record.
    expect(after.updated_at).toBe(record.updated_at)
    expect({ ...after, webflow: undefined }).toEqual({ ...record, webflow: undefined })
  })

  it('sends the built-in host path as an absolute URL on the site', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const url = await storeBuiltInFile(context.stores, 'tone.mp3', await fixture('tone.mp3'))
    const record = await pendingRecord(context.stores, { title: 'Tone', media_url: url, file_size: 60_858 })
    await upsert(context, record)
    const [item] = fake.itemsOf(COLLECTION_ID)
    expect(url).toMatch(/^\/api\/files\//)
    expect(item?.fieldData['media-url']).toBe(`${SITE_URL}${url}`)
    expect(new URL(String(item?.fieldData['media-url'])).origin).toBe(SITE_URL)
  })

  it('retries a duplicate slug (400 validation_error) with -2, then -3', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const input = { title: 'Sunset', media_url: 'https://media.example.test/sunset.mov' }
    const first = await pendingRecord(context.stores, input)
    const second = await pendingRecord(context.stores, input)
    const third = await pendingRecord(context.stores, input)
    await upsert(context, first, second, third)

    expect(fake.itemsOf(COLLECTION_ID).map((item) => item.fieldData.slug)).toEqual([
      'sunset',
      'sunset-2',
      'sunset-3',
    ])
    const creates = fake.received.map((request) => [
      (request.body as { fieldData: { slug: string } }).fieldData.slug,
      request.status,
    ])
    expect(creates).toEqual([
      ['sunset', 202],
      ['sunset', 400],
      ['sunset-2', 202],
      ['sunset', 400],
      ['sunset-2', 400],
      ['sunset-3', 202],
    ])
    for (const record of [first, second, third]) {
      expect((await stored(context, record.id)).webflow?.state).toBe('synced')
    }
  })

  it('gives up on a slug after ten attempts, with the validation error as the message', async () => {
    const context = syncContext(stores(), readySetup(fake))
    fake.seedItem(COLLECTION_ID, { name: 'Busy', slug: 'busy' })
    for (let n = 2; n <= 10; n++) fake.seedItem(COLLECTION_ID, { name: 'Busy', slug: `busy-${String(n)}` })
    const record = await pendingRecord(context.stores, { title: 'Busy', media_url: 'https://m.test/a.mov' })
    await upsert(context, record)
    expect(
      fake.received.map((request) => (request.body as { fieldData: { slug: string } }).fieldData.slug),
    ).toEqual(['busy', ...Array.from({ length: 9 }, (_, i) => `busy-${String(i + 2)}`)])
    expect(fake.received.every((request) => request.status === 400)).toBe(true)
    expect((await stored(context, record.id)).webflow).toMatchObject({
      state: 'failed',
      message: `Webflow POST collections/${COLLECTION_ID}/items: 400 Validation Error`,
    })
  })

  it('falls back to file-<id> for a title with nothing sluggable', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const record = await pendingRecord(context.stores, {
      title: '東京 🙂',
      media_url: 'https://m.test/x.mov',
    })
    await upsert(context, record)
    expect(fake.itemsOf(COLLECTION_ID)[0]?.fieldData).toMatchObject({
      name: '東京 🙂',
      slug: `file-${String(record.id)}`,
    })
  })
})

describe('runSyncJob: assets through the three-step flow', () => {
  it('uploads a small image held by the built-in host: register, S3 form with file last, PATCH', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const bytes = await fixture('portrait.png')
    const url = await storeBuiltInFile(context.stores, 'portrait.png', bytes)
    const record = await pendingRecord(context.stores, {
      title: 'Portrait',
      description: 'A face in the window',
      media_url: url,
      file_size: bytes.length,
    })
    await upsert(context, record)

    const [asset] = [...fake.assets.values()]
    expect(fake.calls()).toEqual([
      `POST sites/${fake.siteId}/assets`,
      `PATCH assets/${String(asset?.id)}`,
      `POST collections/${COLLECTION_ID}/items`,
    ])
    expect(fake.received.map((request) => [request.kind, request.status])).toEqual([
      ['api', 200],
      ['s3', 201],
      ['api', 200],
      ['api', 202],
    ])
    expect(fake.received[0]?.body).toEqual({ fileName: 'portrait.png', fileHash: md5(bytes) })
    const [form] = fake.s3Uploads
    expect(form?.fieldNames).toEqual([...Object.keys(asset?.uploadDetails ?? {}), 'file'])
    expect(form?.fields).toEqual(asset?.uploadDetails)
    expect(form?.file).toEqual({
      name: 'portrait.png',
      type: 'image/png',
      size: bytes.length,
      md5: md5(bytes),
    })
    expect(fake.received[2]?.body).toEqual({ displayName: 'portrait.png', altText: 'A face in the window' })
    expect(asset).toMatchObject({ uploaded: true, size: bytes.length, altText: 'A face in the window' })

    const [item] = fake.itemsOf(COLLECTION_ID)
    expect(item?.fieldData['media-url']).toBe(`${SITE_URL}${url}`)
    expect((await stored(context, record.id)).webflow).toEqual({
      state: 'synced',
      item_id: item?.id,
      asset_id: asset?.id,
      updated_at: expect.any(String) as unknown,
    })
  })

  it('uploads a PDF held by the built-in host, with the title as alt text when there is no description', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const bytes = await fixture('report.pdf')
    const url = await storeBuiltInFile(context.stores, 'report.pdf', bytes)
    const record = await pendingRecord(context.stores, {
      title: 'Annual report',
      media_url: url,
      file_size: bytes.length,
    })
    await upsert(context, record)

    expect(fake.s3Uploads).toHaveLength(1)
    expect(fake.s3Uploads[0]?.file).toMatchObject({
      name: 'report.pdf',
      type: 'application/pdf',
      md5: md5(bytes),
    })
    const [asset] = [...fake.assets.values()]
    expect(asset).toMatchObject({
      fileName: 'report.pdf',
      contentType: 'application/pdf',
      altText: 'Annual report',
    })
    expect((await stored(context, record.id)).webflow).toMatchObject({ state: 'synced', asset_id: asset?.id })
  })

  it('fetches an external small image for its asset', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const bytes = await fixture('small.gif')
    serveExternalFile('https://cdn.example.test/photos/small.gif', bytes, 'image/gif')
    const record = await pendingRecord(context.stores, {
      title: 'Small',
      media_url: 'https://cdn.example.test/photos/small.gif',
      file_size: bytes.length,
    })
    await upsert(context, record)
    expect(fake.s3Uploads[0]?.file).toMatchObject({ name: 'small.gif', md5: md5(bytes) })
    expect((await stored(context, record.id)).webflow?.asset_id).toBeDefined()
  })

  it('keeps the asset file name under 100 characters with its extension', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const bytes = await fixture('small.webp')
    const name = `${'long-name-'.repeat(15)}.webp`
    const url = await storeBuiltInFile(context.stores, name, bytes)
    const record = await pendingRecord(context.stores, {
      title: 'Long',
      media_url: url,
      file_size: bytes.length,
    })
    await upsert(context, record)
    const fileName = (fake.received[0]?.body as { fileName: string }).fileName
    expect(fileName.length).toBeLessThan(100)
    expect(fileName.endsWith('.webp')).toBe(true)
    expect(fake.received[0]?.status).toBe(200)
    expect((await stored(context, record.id)).webflow?.asset_id).toBeDefined()
  })

  it.each([
    ['an image over 4 MB', 'big.jpg', 4 * MB + 1],
    ['a video', 'clip.mp4', 600_000],
    ['a document over 10 MB', 'huge.pdf', 10 * MB + 1],
    ['an archive', 'bundle.zip', 300],
  ])('skips the asset of %s and mirrors only the URL', async (_kind, name, size) => {
    const context = syncContext(stores(), readySetup(fake))
    // No handler serves these URLs: fetching one would be an unhandled request.
    const record = await pendingRecord(context.stores, {
      title: name,
      media_url: `https://cdn.example.test/${name}`,
      file_size: size,
    })
    await upsert(context, record)
    expect(fake.calls()).toEqual([`POST collections/${COLLECTION_ID}/items`])
    expect(fake.s3Uploads).toEqual([])
    const { webflow } = await stored(context, record.id)
    expect(webflow).toMatchObject({ state: 'synced' })
    expect(webflow?.asset_id).toBeUndefined()
    expect(webflow?.message).toBeUndefined()
  })

  it('still mirrors the item when the asset fails, and says why', async () => {
    const context = syncContext(stores(), readySetup(fake))
    server.use(http.get('https://cdn.example.test/gone.png', () => new HttpResponse(null, { status: 404 })))
    const record = await pendingRecord(context.stores, {
      title: 'Gone',
      media_url: 'https://cdn.example.test/gone.png',
      file_size: 1_000,
    })
    await upsert(context, record)
    expect(fake.itemsOf(COLLECTION_ID)).toHaveLength(1)
    expect((await stored(context, record.id)).webflow).toMatchObject({
      state: 'synced',
      message: 'Asset not mirrored: fetching the file answered 404',
    })
  })
})

describe('runSyncJob: edits and deletes', () => {
  it('PATCHes the same item on an edit, keeping its slug and asset', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const bytes = await fixture('small.webp')
    const url = await storeBuiltInFile(context.stores, 'small.webp', bytes)
    const record = await pendingRecord(context.stores, {
      title: 'Before',
      media_url: url,
      file_size: bytes.length,
    })
    await upsert(context, record)
    const synced = await stored(context, record.id)
    const itemId = synced.webflow?.item_id
    fake.received.length = 0

    await updateRecord(context.stores.documents, record.id, { title: 'After', tags: ['new'] })
    await upsert(context, record)

    expect(fake.calls()).toEqual([`PATCH collections/${COLLECTION_ID}/items/${String(itemId)}`])
    const patch = fake.received[0]?.body as { fieldData: Record<string, unknown> }
    expect(patch.fieldData).toMatchObject({ name: 'After', tags: 'new' })
    expect(patch.fieldData).not.toHaveProperty('slug')
    const [item, ...others] = fake.itemsOf(COLLECTION_ID)
    expect(others).toEqual([])
    expect(item?.fieldData).toMatchObject({ name: 'After', slug: 'before', tags: 'new' })
    expect(fake.assets.size).toBe(1)
    expect((await stored(context, record.id)).webflow).toMatchObject({
      state: 'synced',
      item_id: itemId,
      asset_id: synced.webflow?.asset_id,
    })
  })

  it('recreates an item that was deleted on the Webflow side', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const record = await pendingRecord(context.stores, {
      title: 'Phoenix',
      media_url: 'https://m.test/p.mov',
    })
    await upsert(context, record)
    const oldId = (await stored(context, record.id)).webflow?.item_id ?? ''
    fake.items.get(COLLECTION_ID)?.delete(oldId)
    fake.received.length = 0

    await upsert(context, record)
    expect(fake.received.map((request) => [request.method, request.status])).toEqual([
      ['PATCH', 404],
      ['POST', 202],
    ])
    const [item] = fake.itemsOf(COLLECTION_ID)
    expect(item?.id).not.toBe(oldId)
    expect((await stored(context, record.id)).webflow).toMatchObject({ state: 'synced', item_id: item?.id })
  })

  it('removes the item and its asset on a delete job, and ignores ones already gone', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const bytes = await fixture('portrait.png')
    const url = await storeBuiltInFile(context.stores, 'portrait.png', bytes)
    const record = await pendingRecord(context.stores, {
      title: 'Doomed',
      media_url: url,
      file_size: bytes.length,
    })
    await upsert(context, record)
    const { item_id, asset_id } = (await stored(context, record.id)).webflow ?? {}
    if (!item_id || !asset_id) throw new Error('the record did not sync')
    fake.received.length = 0

    await runSyncJob(context, {
      action: 'delete',
      items: [{ item_id, asset_id }, { item_id: 'ffffffffffffffffffffffff' }],
    })
    expect(
      fake.received.map((request) => `${request.method} ${request.path} ${String(request.status)}`),
    ).toEqual([
      `DELETE collections/${COLLECTION_ID}/items/${item_id} 204`,
      `DELETE assets/${asset_id} 204`,
      `DELETE collections/${COLLECTION_ID}/items/ffffffffffffffffffffffff 404`,
    ])
    expect(fake.itemsOf(COLLECTION_ID)).toEqual([])
    expect(fake.assets.size).toBe(0)
  })
})

describe('runSyncJob: failures never touch the record and end in a failed state', () => {
  it("marks the record failed with Webflow's 401 message, and a later run syncs it", async () => {
    const context = syncContext(stores(), readySetup(fake))
    const record = await pendingRecord(context.stores, { title: 'Locked', media_url: 'https://m.test/l.mov' })
    fake.forceUnauthorized()
    await upsert(context, record)
    const failed = await stored(context, record.id)
    expect(failed.webflow).toEqual({
      state: 'failed',
      message: `Webflow POST collections/${COLLECTION_ID}/items: 401 Request not authorized`,
      updated_at: expect.any(String) as unknown,
    })
    expect({ ...failed, webflow: undefined }).toEqual({ ...record, webflow: undefined })

    fake.forceUnauthorized(false)
    await upsert(context, record)
    expect((await stored(context, record.id)).webflow).toMatchObject({ state: 'synced' })
    expect(fake.itemsOf(COLLECTION_ID)).toHaveLength(1)
  })

  it('fails with a wrong token the same way', async () => {
    const context = syncContext(stores(), readySetup(fake, { token: 'not-the-token' }))
    const record = await pendingRecord(context.stores, { title: 'Wrong', media_url: 'https://m.test/w.mov' })
    await upsert(context, record)
    expect((await stored(context, record.id)).webflow).toMatchObject({
      state: 'failed',
      message: expect.stringContaining('401 Request not authorized') as unknown,
    })
  })

  it('fails with the 404 when the collection does not exist', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const record = await pendingRecord(context.stores, {
      title: 'Nowhere',
      media_url: 'https://m.test/n.mov',
    })
    fake.removeCollection(COLLECTION_ID)
    try {
      await upsert(context, record)
    } finally {
      fake.items.set(COLLECTION_ID, new Map())
    }
    expect((await stored(context, record.id)).webflow).toMatchObject({
      state: 'failed',
      message: expect.stringContaining(': 404 Requested resource not found') as unknown,
    })
  })

  it('honours Retry-After on a 429 and then syncs', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const record = await pendingRecord(context.stores, {
      title: 'Patient',
      media_url: 'https://m.test/p.mov',
    })
    fake.rateLimitNext(2, '3')
    await upsert(context, record)
    expect(context.sleeps).toEqual([3_000, 3_000])
    expect(fake.received.map((request) => request.status)).toEqual([429, 429, 202])
    expect((await stored(context, record.id)).webflow?.state).toBe('synced')
  })

  it('gives up after the retry budget and marks the record failed', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const record = await pendingRecord(context.stores, {
      title: 'Throttled',
      media_url: 'https://m.test/t.mov',
    })
    fake.rateLimitNext(50, '60')
    await upsert(context, record)
    expect(context.sleeps).toEqual([60_000, 60_000, 60_000])
    expect((await stored(context, record.id)).webflow).toMatchObject({
      state: 'failed',
      message: `Webflow POST collections/${COLLECTION_ID}/items: 429 Too Many Requests`,
    })
  })

  it('keeps going after one record fails', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const first = await pendingRecord(context.stores, { title: 'One', media_url: 'https://m.test/1.mov' })
    const second = await pendingRecord(context.stores, { title: 'Two', media_url: 'https://m.test/2.mov' })
    fake.rateLimitNext(4, '1')
    await upsert(context, first, second)
    expect((await stored(context, first.id)).webflow?.state).toBe('failed')
    expect((await stored(context, second.id)).webflow?.state).toBe('synced')
  })

  it('skips ids with no record, and does nothing when the mirror is not ready', async () => {
    const context = syncContext(stores(), readySetup(fake))
    await runSyncJob(context, { action: 'upsert', ids: [999] })
    expect(fake.received).toEqual([])

    const record = await pendingRecord(context.stores, { title: 'Idle', media_url: 'https://m.test/i.mov' })
    for (const setup of [webflowSetup({}), webflowSetup({ WEBFLOW_API_TOKEN: 't' })]) {
      await upsert({ ...context, setup }, record)
      await runSyncJob({ ...context, setup }, { action: 'delete', items: [{ item_id: 'x' }] })
    }
    expect(fake.received).toEqual([])
    expect((await stored(context, record.id)).webflow?.state).toBe('pending')
  })
})

describe('sync state', () => {
  it('starts absent with no token, skipped with the spec messages, pending when ready', () => {
    const now = new Date('2025-02-01T00:00:00.000Z')
    expect(initialSyncState(webflowSetup({}), now)).toBeUndefined()
    expect(initialSyncState(webflowSetup({ WEBFLOW_API_TOKEN: '  ' }), now)).toBeUndefined()
    expect(initialSyncState(webflowSetup({ WEBFLOW_API_TOKEN: 't' }), now)).toEqual({
      state: 'skipped',
      message: 'Configuration missing',
      updated_at: now.toISOString(),
    })
    expect(
      initialSyncState(webflowSetup({ WEBFLOW_API_TOKEN: 't', WEBFLOW_COLLECTION_ID: 'c' }), now),
    ).toMatchObject({ state: 'skipped', message: 'Configuration missing' })
    expect(initialSyncState(webflowSetup({ WEBFLOW_API_TOKEN: 't', WEBFLOW_SITE_ID: 's' }), now)).toEqual({
      state: 'skipped',
      message: 'Collection configuration missing',
      updated_at: now.toISOString(),
    })
    expect(
      initialSyncState(
        webflowSetup({ WEBFLOW_API_TOKEN: 't', WEBFLOW_SITE_ID: 's', WEBFLOW_COLLECTION_ID: 'c' }),
        now,
      ),
    ).toEqual({ state: 'pending', updated_at: now.toISOString() })
  })

  it('setSyncState replaces the state, drops undefined fields, and leaves a missing record missing', async () => {
    const context = { stores: stores() }
    const record = await pendingRecord(context.stores, { title: 'S', media_url: 'https://m.test/s.mov' })
    const at = new Date('2025-03-01T00:00:00.000Z')
    const updated = await setSyncState(
      context,
      record.id,
      { state: 'failed', message: 'boom', item_id: undefined, asset_id: undefined },
      at,
    )
    expect(updated?.webflow).toEqual({ state: 'failed', message: 'boom', updated_at: at.toISOString() })
    expect(Object.keys(updated?.webflow ?? {})).toEqual(['state', 'message', 'updated_at'])
    expect(await setSyncState(context, 12_345, { state: 'synced' })).toBeUndefined()
    expect(await readAllRecords(context.stores.documents)).toHaveLength(1)
  })
})

describe('runSyncJob: overlapping work on one record', () => {
  it('two jobs for one record at once (an upload then a quick edit) make one item', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const record = await pendingRecord(context.stores, { title: 'Race', media_url: 'https://m.test/r.mov' })
    fake.latencyMs = 20
    await Promise.all([upsert(context, record), upsert(context, record)])
    // Both jobs create an item; the one that loses the claim on the record deletes its own.
    expect(fake.itemsOf(COLLECTION_ID)).toHaveLength(1)
  })

  it('a record deleted while its item is being created leaves no item behind', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const record = await pendingRecord(context.stores, { title: 'Brief', media_url: 'https://m.test/b.mov' })
    server.use(
      http.post(`${fake.apiBase}/collections/:collection/items`, async ({ request }) => {
        await deleteRecord(context.stores.documents, record.id)
        return fake.handle(request)
      }),
    )
    await upsert(context, record)
    // The item is created, finds no record to claim, and is deleted again.
    expect(fake.itemsOf(COLLECTION_ID)).toEqual([])
  })
})

describe('runSyncJob: an edit while a sync runs', () => {
  it('mirrors the record again when its revision moved, so the item ends with the latest data', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const record = await pendingRecord(context.stores, { title: 'First', media_url: 'https://m.test/e.mov' })
    let edited = false
    server.use(
      http.post(`${fake.apiBase}/collections/:collection/items`, async ({ request }) => {
        if (!edited) {
          edited = true
          await updateRecord(context.stores.documents, record.id, { title: 'Second' }, new Date(), true)
        }
        return fake.handle(request)
      }),
    )
    await upsert(context, record)
    const [item] = fake.itemsOf(COLLECTION_ID)
    expect(fake.itemsOf(COLLECTION_ID)).toHaveLength(1)
    expect(item?.fieldData.name).toBe('Second')
    const after = await stored(context, record.id)
    expect(after.webflow?.state).toBe('synced')
    expect(after.webflow?.revision).toBe(1)
  })
})
