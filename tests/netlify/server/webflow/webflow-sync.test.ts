import { createHash } from 'node:crypto'

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { http, HttpResponse } from 'msw'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { accessGateFor, replaceAccessGate } from '../../../../netlify/server/http/access-gate'
import { readAllRecords } from '../../../../netlify/server/records/record-pages'
import { deleteRecord, updateRecord } from '../../../../netlify/server/records/media-service'
import { WebflowBudgetSpentError } from '../../../../netlify/server/webflow/request-budget'
import { webflowSetup } from '../../../../netlify/server/webflow/webflow-config'
import { initialSyncState, runSyncJob, setSyncState } from '../../../../netlify/server/webflow/webflow-sync'
import { LIMITS } from '../../../../src/contract/limits'
import { SPEC_FIELD_SLUGS } from '../../../support/webflow-fake'
import {
  CLOUD_NAME,
  COLLECTION_ID,
  fixture,
  pendingRecord,
  readySetup,
  SITE_URL,
  storeBuiltInFile,
  syncContext,
  T0,
  webflowFakeForFile,
  stores,
  stored,
  upsert,
} from '../../../support/webflow-setup'

const { fake, server } = webflowFakeForFile()

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex')
const MB = 1024 * 1024

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
    expect(fake.calls()).toEqual([`POST collections/${COLLECTION_ID}/items/live`])
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
        'file-size': '123456',
        tags: 'harbour, dusk',
        author: 'Ada',
        'upload-date': T0.toISOString(),
      },
    })
    expect(Object.keys((create?.body as { fieldData: object }).fieldData).sort()).toEqual(
      ['name', 'slug', ...SPEC_FIELD_SLUGS].sort(),
    )
    // Created through the live endpoint: on the site at once, not queued for the next publish.
    expect(item).toMatchObject({
      isArchived: false,
      isDraft: false,
      lastPublished: expect.any(String) as unknown,
    })
    expect(fake.live.get(String(item?.id))).toEqual(item?.fieldData)

    const after = await stored(context, record.id)
    expect(after.webflow).toEqual({
      state: 'synced',
      message: 'Published live',
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
      message: `Webflow POST collections/${COLLECTION_ID}/items/live: 400 Validation Error`,
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
      `POST collections/${COLLECTION_ID}/items/live`,
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
      message: 'Published live',
      updated_at: expect.any(String) as unknown,
    })
  })

  it("sets the asset's alt text to the record's alt text over its description", async () => {
    const context = syncContext(stores(), readySetup(fake))
    const bytes = await fixture('portrait.png')
    const url = await storeBuiltInFile(context.stores, 'portrait.png', bytes)
    const record = await pendingRecord(context.stores, {
      title: 'Portrait',
      description: 'Taken for the spring issue',
      alt_text: 'A face in the window, lit from the left',
      media_url: url,
      file_size: bytes.length,
    })
    await upsert(context, record)

    const [asset] = [...fake.assets.values()]
    expect(fake.received[2]?.body).toEqual({
      displayName: 'portrait.png',
      altText: 'A face in the window, lit from the left',
    })
    expect(asset).toMatchObject({ uploaded: true, altText: 'A face in the window, lit from the left' })
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

  it('fetches a small image from the configured Cloudinary cloud for its asset, refusing redirects', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const bytes = await fixture('small.gif')
    const url = `https://res.cloudinary.com/${CLOUD_NAME}/image/upload/v1700000000/HIBF_assets/small.gif`
    const modes: RequestRedirect[] = []
    const fetchSpy: typeof fetch = (input, init) => {
      modes.push(init?.redirect ?? 'follow')
      return fetch(input, init)
    }
    serveExternalFile(url, bytes, 'image/gif')
    const record = await pendingRecord(context.stores, {
      title: 'Small',
      media_url: url,
      file_size: bytes.length,
    })
    await upsert({ ...context, fetch: fetchSpy }, record)
    expect(fake.s3Uploads[0]?.file).toMatchObject({ name: 'small.gif', md5: md5(bytes) })
    expect((await stored(context, record.id)).webflow?.asset_id).toBeDefined()
    // The file fetch, then Webflow's calls (which follow redirects as usual).
    expect(modes[0]).toBe('error')
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
    expect(fake.calls()).toEqual([`POST collections/${COLLECTION_ID}/items/live`])
    expect(fake.s3Uploads).toEqual([])
    const { webflow } = await stored(context, record.id)
    expect(webflow).toMatchObject({ state: 'synced' })
    expect(webflow?.asset_id).toBeUndefined()
    expect(webflow?.message).toBe('Published live')
  })

  it('still mirrors the item when the file cannot be read, with a message that does not say why', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const url = `https://res.cloudinary.com/${CLOUD_NAME}/image/upload/HIBF_assets/gone.png`
    server.use(http.get(url, () => new HttpResponse('<html>internal details</html>', { status: 404 })))
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const record = await pendingRecord(context.stores, { title: 'Gone', media_url: url, file_size: 1_000 })
    await upsert(context, record)
    logged.mockRestore()
    expect(fake.itemsOf(COLLECTION_ID)).toHaveLength(1)
    expect((await stored(context, record.id)).webflow).toMatchObject({
      state: 'synced',
      message: 'Published live; Asset not mirrored: the file could not be read',
    })
  })
})

describe('runSyncJob: the server fetches no address a record names, except its own Cloudinary cloud', () => {
  let loopback: Server
  let origin = ''
  const requested: string[] = []

  beforeAll(async () => {
    loopback = createServer((request, response) => {
      requested.push(`${String(request.method)} ${String(request.url)}`)
      if (request.url?.startsWith('/redirect')) {
        response.writeHead(302, { Location: '/admin/secret.png' }).end()
        return
      }
      response.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.alloc(64, 1))
    })
    await new Promise<void>((resolve) => loopback.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${String((loopback.address() as AddressInfo).port)}`
  })

  afterAll(async () => {
    await new Promise((resolve) => loopback.close(resolve))
  })

  it('never requests an arbitrary URL, one that redirects, or a Cloudinary-looking one on another host', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const otherCloud: string[] = []
    server.use(
      // Another cloud's real delivery URL: not this site's, so not fetched either.
      http.get('https://res.cloudinary.com/another-cloud/*', ({ request }) => {
        otherCloud.push(request.url)
        return new HttpResponse(new Uint8Array(64))
      }),
      // This site's cloud answering with a redirect to the internal host: not followed.
      http.get(
        `https://res.cloudinary.com/${CLOUD_NAME}/image/upload/HIBF_assets/moved.png`,
        () =>
          new HttpResponse(null, { status: 302, headers: { Location: `${origin}/redirect/internal.png` } }),
      ),
    )
    const foreign = [
      `${origin}/internal.png`,
      `${origin}/redirect/to-internal.png`,
      `${origin}/${CLOUD_NAME}/image/upload/v1/HIBF_assets/photo.png`,
      `http://localhost:${origin.split(':')[2] ?? ''}/photo.png`,
      `https://res.cloudinary.com@${origin.slice('http://'.length)}/${CLOUD_NAME}/image/upload/photo.png`,
      `https://res.cloudinary.com/another-cloud/image/upload/HIBF_assets/photo.png`,
      `http://res.cloudinary.com/${CLOUD_NAME}/image/upload/HIBF_assets/photo.png`,
    ]
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const records = []
    for (const url of foreign) {
      records.push(await pendingRecord(context.stores, { title: 'Probe', media_url: url, file_size: 64 }))
    }
    const moved = await pendingRecord(context.stores, {
      title: 'Moved',
      media_url: `https://res.cloudinary.com/${CLOUD_NAME}/image/upload/HIBF_assets/moved.png`,
      file_size: 64,
    })
    await upsert(context, ...records, moved)
    logged.mockRestore()

    console.log(`loopback server received ${String(requested.length)} requests`)
    expect(requested).toEqual([])
    expect(otherCloud).toEqual([])
    expect(fake.s3Uploads).toEqual([])
    const items = fake.itemsOf(COLLECTION_ID)
    expect(items.map((item) => item.fieldData['media-url'])).toEqual([...foreign, moved.media_url])
    for (const record of records) {
      expect((await stored(context, record.id)).webflow).toMatchObject({
        state: 'synced',
        message: 'Published live; Asset not mirrored: the file is not on a host the mirror reads from',
      })
    }
    expect((await stored(context, moved.id)).webflow).toMatchObject({
      state: 'synced',
      message: 'Published live; Asset not mirrored: the file could not be read',
    })

    // The loopback server does count what reaches it.
    await (await fetch(`${origin}/control.png`)).arrayBuffer()
    expect(requested).toEqual(['GET /control.png'])
    requested.length = 0
  })

  it('fetches nothing at all when no Cloudinary cloud is configured', async () => {
    const context = { ...syncContext(stores(), readySetup(fake)), cloudName: null }
    const url = `https://res.cloudinary.com/${CLOUD_NAME}/image/upload/HIBF_assets/photo.png`
    let fetched = 0
    server.use(
      http.get(url, () => {
        fetched++
        return new HttpResponse(new Uint8Array(64))
      }),
    )
    const record = await pendingRecord(context.stores, { title: 'Unset', media_url: url, file_size: 64 })
    await upsert(context, record)
    expect(fetched).toBe(0)
    expect((await stored(context, record.id)).webflow?.message).toBe(
      'Published live; Asset not mirrored: the file is not on a host the mirror reads from',
    )
  })

  it('stops reading past the asset limit, whatever the record and the headers say', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const url = `https://res.cloudinary.com/${CLOUD_NAME}/image/upload/HIBF_assets/endless.png`
    let sent = 0
    let cancelled = false
    server.use(
      http.get(url, () => {
        const endless = new ReadableStream<Uint8Array>({
          pull(controller) {
            sent += MB
            controller.enqueue(new Uint8Array(MB))
          },
          cancel() {
            cancelled = true
          },
        })
        return new HttpResponse(endless, { headers: { 'Content-Type': 'image/png' } })
      }),
      http.get(
        `https://res.cloudinary.com/${CLOUD_NAME}/image/upload/HIBF_assets/declared.png`,
        () =>
          new HttpResponse(new Uint8Array(16), {
            headers: { 'Content-Type': 'image/png', 'Content-Length': String(100 * MB) },
          }),
      ),
    )
    const endless = await pendingRecord(context.stores, {
      title: 'Endless',
      media_url: url,
      file_size: 1_000,
    })
    const declared = await pendingRecord(context.stores, {
      title: 'Declared',
      media_url: `https://res.cloudinary.com/${CLOUD_NAME}/image/upload/HIBF_assets/declared.png`,
      file_size: 1_000,
    })
    await upsert(context, endless, declared)
    console.log(`an endless file: ${String(sent / MB)} MiB sent before the read stopped`)
    expect(sent).toBeLessThanOrEqual(4 * MB + 4 * MB)
    await vi.waitFor(() => {
      expect(cancelled).toBe(true)
    })
    expect(fake.s3Uploads).toEqual([])
    for (const record of [endless, declared]) {
      const { webflow } = await stored(context, record.id)
      expect(webflow).toMatchObject({ state: 'synced' })
      expect(webflow?.asset_id).toBeUndefined()
    }
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

    // The title is the asset's alt text while the record has neither alt text nor description.
    const assetId = String(synced.webflow?.asset_id)
    expect(fake.calls()).toEqual([
      `GET assets/${assetId}`,
      `PATCH assets/${assetId}`,
      `PATCH collections/${COLLECTION_ID}/items/${String(itemId)}/live`,
    ])
    expect(fake.received[1]?.body).toEqual({ altText: 'After' })
    expect(fake.assets.get(assetId)?.altText).toBe('After')
    const patch = fake.received[2]?.body as { fieldData: Record<string, unknown> }
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
      `DELETE collections/${COLLECTION_ID}/items/${item_id}/live 204`,
      `DELETE collections/${COLLECTION_ID}/items/${item_id} 204`,
      `DELETE assets/${asset_id} 204`,
      `DELETE collections/${COLLECTION_ID}/items/ffffffffffffffffffffffff/live 404`,
      `DELETE collections/${COLLECTION_ID}/items/ffffffffffffffffffffffff 404`,
    ])
    expect(fake.itemsOf(COLLECTION_ID)).toEqual([])
    expect(fake.assets.size).toBe(0)
  })
  it('removes every asset a delete job names, the outdated ones too, even when the item cannot be removed', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const bytes = await fixture('portrait.png')
    const [first, second] = await Promise.all(
      ['First', 'Second'].map(async (title) =>
        pendingRecord(context.stores, {
          title,
          media_url: await storeBuiltInFile(context.stores, 'portrait.png', bytes),
          file_size: bytes.length,
        }),
      ),
    )
    if (!first || !second) throw new Error('no records')
    await upsert(context, first, second)
    const held = (await stored(context, first.id)).webflow
    const outdated = (await stored(context, second.id)).webflow?.asset_id
    if (!held?.item_id || !held.asset_id || !outdated) throw new Error('the records did not sync')
    server.use(
      http.delete(`${fake.apiBase}/collections/${COLLECTION_ID}/items/${held.item_id}`, () =>
        HttpResponse.json({ code: 'internal_error', message: 'Internal error' }, { status: 500 }),
      ),
    )
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)

    await runSyncJob(context, {
      action: 'delete',
      items: [{ item_id: held.item_id, asset_id: held.asset_id, outdated_asset_ids: [outdated] }],
    })
    expect([...fake.assets.keys()]).toEqual([])
    expect(logged).toHaveBeenCalledOnce()
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
      message: `Webflow POST collections/${COLLECTION_ID}/items/live: 401 Request not authorized`,
      updated_at: expect.any(String) as unknown,
    })
    expect({ ...failed, webflow: undefined }).toEqual({ ...record, webflow: undefined })

    fake.forceUnauthorized(false)
    await upsert(context, record)
    expect((await stored(context, record.id)).webflow).toMatchObject({ state: 'synced' })
    expect(fake.itemsOf(COLLECTION_ID)).toHaveLength(1)
  })

  it('leaves the record pending for Sync all when the budget is spent at its asset, not synced without it', async () => {
    let takes = 0
    const context = {
      ...syncContext(stores(), readySetup(fake)),
      // Spent for the first request (the asset's) only: the item's would have gone through.
      budget: {
        take: () => (takes++ === 0 ? Promise.reject(new WebflowBudgetSpentError(30_000)) : Promise.resolve()),
      },
    }
    const bytes = await fixture('portrait.png')
    const url = await storeBuiltInFile(context.stores, 'portrait.png', bytes)
    const record = await pendingRecord(context.stores, {
      title: 'Portrait',
      media_url: url,
      file_size: bytes.length,
    })
    await upsert(context, record).catch(() => undefined)
    expect((await stored(context, record.id)).webflow).toMatchObject({
      state: 'pending',
      message: expect.stringMatching(/^Deferred: /) as unknown,
    })
    expect(fake.itemsOf(COLLECTION_ID)).toEqual([])

    await upsert(context, record)
    const [asset] = [...fake.assets.values()]
    expect((await stored(context, record.id)).webflow).toMatchObject({ state: 'synced', asset_id: asset?.id })
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
      message: `Webflow POST collections/${COLLECTION_ID}/items/live: 429 Too Many Requests`,
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

  it("cuts a long message (Webflow's own error text) so the record stays within its maximum size", async () => {
    const context = { stores: stores() }
    const record = await pendingRecord(context.stores, { title: 'L', media_url: 'https://m.test/l.png' })
    const updated = await setSyncState(context, record.id, { state: 'failed', message: 'x'.repeat(50_000) })
    expect(updated?.webflow?.message).toHaveLength(LIMITS.syncMessageChars)
    expect(updated?.webflow?.message?.endsWith('…')).toBe(true)
    expect(Buffer.byteLength(JSON.stringify(updated))).toBeLessThanOrEqual(LIMITS.recordBytes)
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
      http.post(`${fake.apiBase}/collections/:collection/items/live`, async ({ request }) => {
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
      http.post(`${fake.apiBase}/collections/:collection/items/live`, async ({ request }) => {
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

describe('runSyncJob: with the access gate on', () => {
  beforeEach(() => {
    replaceAccessGate(accessGateFor('a-gate-token-long-enough-0123456789'))
  })
  afterEach(() => {
    replaceAccessGate(undefined)
  })

  /** The public URL Webflow serves an asset at, as the fake's asset answers give it. */
  const hostedUrlOf = (assetId: string | undefined) =>
    `https://cdn.prod.website-files.com/${String(fake.assets.get(assetId ?? '')?.uploadDetails.key)}`

  it("points a built-in image's item at its Webflow-hosted asset, not the gated file URL", async () => {
    const context = syncContext(stores(), readySetup(fake))
    const bytes = await fixture('portrait.png')
    const url = await storeBuiltInFile(context.stores, 'portrait.png', bytes)
    const record = await pendingRecord(context.stores, {
      title: 'Portrait',
      media_url: url,
      file_size: bytes.length,
    })
    await upsert(context, record)

    const [item] = fake.itemsOf(COLLECTION_ID)
    const { webflow } = await stored(context, record.id)
    expect(webflow).toMatchObject({ state: 'synced', item_id: item?.id })
    expect(webflow?.message).toBe('Published live')
    expect(item?.fieldData['media-url']).toBe(hostedUrlOf(webflow?.asset_id))
    expect(String(item?.fieldData['media-url'])).toMatch(
      /^https:\/\/cdn\.prod\.website-files\.com\/.+portrait\.png$/,
    )
    expect(String(item?.fieldData['media-url'])).not.toContain('/api/files/')

    // An edit keeps the asset and asks Webflow for its URL again; the new title is its alt text.
    fake.received.length = 0
    await updateRecord(context.stores.documents, record.id, { title: 'Portrait, cropped' })
    await upsert(context, record)
    expect(fake.calls()).toEqual([
      `GET assets/${String(webflow?.asset_id)}`,
      `PATCH assets/${String(webflow?.asset_id)}`,
      `PATCH collections/${COLLECTION_ID}/items/${String(item?.id)}/live`,
    ])
    expect(item?.fieldData).toMatchObject({
      name: 'Portrait, cropped',
      'media-url': hostedUrlOf(webflow?.asset_id),
    })
  })

  it('uploads the asset again when Webflow no longer has it', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const bytes = await fixture('small.webp')
    const url = await storeBuiltInFile(context.stores, 'small.webp', bytes)
    const record = await pendingRecord(context.stores, {
      title: 'Small',
      media_url: url,
      file_size: bytes.length,
    })
    await upsert(context, record)
    const first = (await stored(context, record.id)).webflow?.asset_id ?? ''
    fake.assets.delete(first)

    await upsert(context, record)
    const { webflow } = await stored(context, record.id)
    expect(webflow?.asset_id).toBeDefined()
    expect(webflow?.asset_id).not.toBe(first)
    expect(fake.itemsOf(COLLECTION_ID)[0]?.fieldData['media-url']).toBe(hostedUrlOf(webflow?.asset_id))
  })

  it.each([
    ['audio', 'tone.mp3', 'Webflow takes as assets only images up to 4 MB and documents up to 10 MB'],
  ])(
    'leaves media-url empty for built-in %s, which cannot be an asset, and says why',
    async (_kind, name, why) => {
      const context = syncContext(stores(), readySetup(fake))
      const bytes = await fixture(name)
      const url = await storeBuiltInFile(context.stores, name, bytes)
      const record = await pendingRecord(context.stores, {
        title: 'Tone',
        media_url: url,
        file_size: bytes.length,
      })
      await upsert(context, record)
      const [item] = fake.itemsOf(COLLECTION_ID)
      expect(item?.fieldData['media-url']).toBe('')
      expect(fake.s3Uploads).toEqual([])
      expect((await stored(context, record.id)).webflow).toMatchObject({
        state: 'synced',
        item_id: item?.id,
        message: `Published live; No public URL: the access gate keeps the file private, and ${why}`,
      })
    },
  )

  it('leaves media-url empty for a built-in image larger than the asset limit, and says why', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const png = await fixture('portrait.png')
    // A real PNG header followed by padding: over 4 MB on the built-in host.
    const bytes = Buffer.concat([png, Buffer.alloc(4 * MB)])
    const url = await storeBuiltInFile(context.stores, 'huge.png', bytes)
    const record = await pendingRecord(context.stores, {
      title: 'Huge',
      media_url: url,
      file_size: bytes.length,
    })
    await upsert(context, record)
    expect(fake.itemsOf(COLLECTION_ID)[0]?.fieldData['media-url']).toBe('')
    expect((await stored(context, record.id)).webflow?.message).toBe(
      'Published live; No public URL: the access gate keeps the file private, and Webflow takes as assets only images up to 4 MB and documents up to 10 MB',
    )
  })

  it('says both why the asset failed and that the item has no public URL', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const bytes = await fixture('portrait.png')
    const url = await storeBuiltInFile(context.stores, 'portrait.png', bytes)
    server.use(http.post(fake.s3Url, () => new HttpResponse(null, { status: 403 })))
    const record = await pendingRecord(context.stores, {
      title: 'Refused',
      media_url: url,
      file_size: bytes.length,
    })
    await upsert(context, record)
    expect(fake.itemsOf(COLLECTION_ID)[0]?.fieldData['media-url']).toBe('')
    expect((await stored(context, record.id)).webflow).toMatchObject({
      state: 'synced',
      message:
        "Published live; Asset not mirrored: The asset upload to Webflow's storage failed with status 403; No public URL: the access gate keeps the file private, and it could not be copied to Webflow as an asset",
    })
  })

  it('keeps a Cloudinary or other public URL as it is', async () => {
    const context = syncContext(stores(), readySetup(fake))
    const record = await pendingRecord(context.stores, {
      title: 'Clip',
      media_url: 'https://m.test/clip.mov',
    })
    await upsert(context, record)
    expect(fake.itemsOf(COLLECTION_ID)[0]?.fieldData['media-url']).toBe('https://m.test/clip.mov')
    expect((await stored(context, record.id)).webflow?.message).toBe('Published live')
  })
})
