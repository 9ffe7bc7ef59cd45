/**
 * The Webflow mirror through netlify dev: two more netlify dev instances, each on its own copy of the
 * project with a `.env` (netlify dev reads it into the functions' environment), pointed at the fake
 * Webflow behind a local HTTP stand-in (`WEBFLOW_API_URL`). One has the full settings; the other a
 * token without a site id. The run's own netlify dev has no Webflow settings at all.
 *
 * Set API_TEST_DEV_LOG=<file> to keep what these netlify dev instances print.
 */
import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { mediaPageSchema, uploadResponseSchema } from '../../src/contract/api'
import type { MediaRecord } from '../../src/contract/record'
import { WebflowFake, type ReceivedRequest } from '../support/webflow-fake'
import { startWebflowStandIn, type WebflowStandIn } from '../support/webflow-stand-in'
import { api, type ApiResponse, type RequestBody } from './helpers/client'
import { uniqueName } from './helpers/fixtures'
import { createProjectDir, removeProjectDir, startNetlifyDev, type NetlifyDev } from './helpers/netlify-dev'
import { tusUpload, uploadResultOf, type Bytes } from './helpers/tus-client'

const COLLECTION = '6258f5b4fc2e1c4e5d3a1c3d'
/** Each request the slow stand-in answers takes this long. */
const SLOW_MS = 3_000

const fake = new WebflowFake({ collectionIds: [COLLECTION] })
let standIn: WebflowStandIn | undefined
let mirrored: NetlifyDev | undefined
let tokenOnly: NetlifyDev | undefined
/** Every body any Webflow-configured instance answered, to check that the token never leaves the server. */
const answers: string[] = []

async function startDevWith(env: Record<string, string>): Promise<NetlifyDev> {
  const dir = await createProjectDir()
  try {
    const lines = Object.entries(env).map(([name, value]) => `${name}=${value}`)
    await writeFile(join(dir, '.env'), `${lines.join('\n')}\n`)
    const dev = await startNetlifyDev(dir, { logFile: process.env.API_TEST_DEV_LOG || undefined })
    return {
      ...dev,
      stop: async () => {
        await dev.stop()
        await removeProjectDir(dir)
      },
    }
  } catch (error) {
    await removeProjectDir(dir)
    throw error
  }
}

beforeAll(async () => {
  standIn = await startWebflowStandIn(fake)
  const settings = { WEBFLOW_API_TOKEN: fake.token, WEBFLOW_API_URL: standIn.apiUrl }
  const started = await Promise.allSettled([
    startDevWith({ ...settings, WEBFLOW_SITE_ID: fake.siteId, WEBFLOW_COLLECTION_ID: COLLECTION }),
    startDevWith({ ...settings, WEBFLOW_COLLECTION_ID: COLLECTION }),
  ])
  const [first, second] = started
  if (first.status === 'fulfilled') mirrored = first.value
  if (second.status === 'fulfilled') tokenOnly = second.value
  const failure = started.find((result) => result.status === 'rejected')
  if (failure) throw failure.reason
}, 180_000)

afterEach(() => {
  fake.reset()
})

afterAll(async () => {
  await Promise.all([mirrored?.stop(), tokenOnly?.stop()])
  await standIn?.close()
  expect(answers.join('\n')).not.toContain(fake.token)
}, 60_000)

function devOf(instance: NetlifyDev | undefined): NetlifyDev {
  if (!instance) throw new Error('netlify dev did not start')
  return instance
}

/** A request to one of this file's instances (an absolute URL wins over the run's base URL). */
async function call<T = unknown>(
  instance: NetlifyDev | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: RequestBody,
): Promise<ApiResponse<T>> {
  const response = await api<T>(method, `${devOf(instance).baseUrl}${path}`, body)
  answers.push(response.text)
  return response
}

async function upload(instance: NetlifyDev | undefined, fields: Record<string, unknown>) {
  const response = await call(instance, 'POST', '/api/upload', fields)
  expect(response.status, response.text).toBe(201)
  const parsed = uploadResponseSchema.parse(response.body)
  if (!parsed.success) throw new Error(parsed.error)
  return parsed.record
}

async function recordOn(instance: NetlifyDev | undefined, id: number): Promise<MediaRecord | undefined> {
  const response = await call(instance, 'GET', '/api/media?limit=500')
  expect(response.status, response.text).toBe(200)
  return mediaPageSchema.parse(response.body).records.find((record) => record.id === id)
}

async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) {
      throw new Error(
        `${what} did not happen within ${String(timeoutMs)} ms; Webflow saw:\n${fake.calls().join('\n')}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** Waits until the record's mirror reaches `state`, and returns the record. */
function syncState(instance: NetlifyDev | undefined, id: number, state: string) {
  return eventually(`record ${String(id)} reaching ${state}`, async () => {
    const record = await recordOn(instance, id)
    return record?.webflow?.state === state ? record : undefined
  })
}

function sawRequest(method: string, path: string): Promise<ReceivedRequest> {
  return eventually(`${method} ${path}`, () =>
    Promise.resolve(fake.received.find((request) => request.method === method && request.path === path)),
  )
}

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex')

async function fixture(name: string): Promise<Bytes> {
  return new Uint8Array(await readFile(new URL(`../fixtures/media/${name}`, import.meta.url)))
}

describe('Webflow mirror through netlify dev', () => {
  it('the connection test answers 200 with the site, and 502 once Webflow refuses the token', async () => {
    const ok = await call(mirrored, 'GET', '/api/webflow-status')
    expect(ok.status, ok.text).toBe(200)
    expect(ok.body).toMatchObject({
      ok: true,
      configured: true,
      site: { id: fake.siteId, displayName: 'Media Library', shortName: 'media-library' },
      collection_id: COLLECTION,
      publish: 'live',
      skipped_fields: [],
      unmapped_required: [],
    })
    expect((ok.body as { mapping: { status: string }[] }).mapping.map((entry) => entry.status)).toEqual(
      Array.from({ length: 8 }, () => 'mapped'),
    )
    expect(fake.received[0]?.authorization).toBe(`Bearer ${fake.token}`)

    // Regenerating the site token in Webflow leaves the configured one wrong.
    fake.token = 'regenerated-token'
    const refused = await call(mirrored, 'GET', '/api/webflow-status')
    expect(refused.status, refused.text).toBe(502)
    expect(refused.body).toEqual({
      ok: false,
      configured: true,
      error: `Webflow GET sites/${fake.siteId}: 401 Request not authorized`,
    })
  })

  it('answers an upload at once with a pending record, then mirrors item and asset in the background', async () => {
    const dev = devOf(mirrored)
    const bytes = await fixture('portrait.png')
    const uploadUrl = await tusUpload(dev.baseUrl, bytes, { filename: 'portrait.png', filetype: 'image/png' })
    const hosted = await uploadResultOf(uploadUrl)
    const title = uniqueName('Portrait')

    fake.latencyMs = SLOW_MS
    const started = Date.now()
    const record = await upload(mirrored, {
      title,
      description: 'A face at the window',
      media_url: hosted.secure_url,
      file_size: bytes.length,
      tags: ['people', 'window'],
      author: 'Ada',
    })
    const answeredIn = Date.now() - started
    expect(answeredIn, `the upload took ${String(answeredIn)} ms`).toBeLessThan(SLOW_MS - 500)
    expect(record.webflow).toEqual({ state: 'pending', updated_at: expect.any(String) as unknown })

    const synced = await syncState(mirrored, record.id, 'synced')
    const [item, ...others] = fake.itemsOf(COLLECTION)
    const [asset] = [...fake.assets.values()]
    expect(others).toEqual([])
    expect(synced.webflow).toEqual({
      state: 'synced',
      item_id: item?.id,
      asset_id: asset?.id,
      message: 'Published live',
      updated_at: expect.any(String) as unknown,
    })
    // The collection's schema is read once per function instance (and cached for a few minutes).
    const received = fake.received.filter(
      (request) => !(request.method === 'GET' && request.path === `collections/${COLLECTION}`),
    )
    expect(received.map((request) => `${request.kind} ${request.method} ${String(request.status)}`)).toEqual([
      'api POST 200',
      's3 POST 201',
      'api PATCH 200',
      'api POST 202',
    ])

    const [createAsset, , patchAsset, createItem] = received
    expect(createAsset?.path).toBe(`sites/${fake.siteId}/assets`)
    expect(createAsset?.body).toEqual({ fileName: 'portrait.png', fileHash: md5(bytes) })
    expect(fake.s3Uploads[0]?.fieldNames.at(-1)).toBe('file')
    expect(fake.s3Uploads[0]?.file).toMatchObject({
      name: 'portrait.png',
      size: bytes.length,
      md5: md5(bytes),
    })
    expect(patchAsset?.body).toEqual({ displayName: 'portrait.png', altText: 'A face at the window' })

    expect(createItem?.path).toBe(`collections/${COLLECTION}/items/live`)
    const { fieldData } = createItem?.body as { fieldData: Record<string, unknown> }
    expect(createItem?.body).toMatchObject({ isArchived: false, isDraft: false })
    expect(fieldData).toEqual({
      name: title,
      slug: title.toLowerCase(),
      'media-url': expect.any(String) as unknown,
      description: 'A face at the window',
      category: record.category,
      'file-type': 'image/png',
      'file-size': String(bytes.length),
      tags: 'people, window',
      author: 'Ada',
      'upload-date': record.created_at,
    })
    // The mirrored URL is absolute and serves the file.
    const mediaUrl = new URL(String(fieldData['media-url']))
    expect(mediaUrl.pathname).toBe(hosted.secure_url)
    const served = await fetch(mediaUrl)
    expect(served.status).toBe(200)
    expect(md5(new Uint8Array(await served.arrayBuffer()))).toBe(md5(bytes))
  }, 90_000)

  it('propagates an edit (PATCH of the same item) and a delete (item and asset removed)', async () => {
    const bytes = await fixture('small.gif')
    const hosted = await uploadResultOf(
      await tusUpload(devOf(mirrored).baseUrl, bytes, { filename: 'small.gif', filetype: 'image/gif' }),
    )
    const record = await upload(mirrored, { title: uniqueName('Small'), media_url: hosted.secure_url })
    const synced = await syncState(mirrored, record.id, 'synced')
    const itemId = synced.webflow?.item_id ?? ''
    const assetId = synced.webflow?.asset_id ?? ''
    expect(itemId).not.toBe('')
    expect(assetId).not.toBe('')

    const edited = await call(mirrored, 'PATCH', `/api/update/${String(record.id)}`, {
      title: 'Renamed',
      description: 'Now described',
    })
    expect(edited.status, edited.text).toBe(200)
    const patch = await sawRequest('PATCH', `collections/${COLLECTION}/items/${itemId}/live`)
    expect(patch.status).toBe(200)
    expect(patch.body).toMatchObject({ fieldData: { name: 'Renamed', description: 'Now described' } })
    expect(fake.itemsOf(COLLECTION)).toHaveLength(1)
    expect(fake.itemsOf(COLLECTION)[0]?.fieldData).toMatchObject({
      name: 'Renamed',
      slug: record.title.toLowerCase(),
    })

    const deleted = await call(mirrored, 'DELETE', `/api/delete/${String(record.id)}`)
    expect(deleted.status, deleted.text).toBe(200)
    expect((await sawRequest('DELETE', `collections/${COLLECTION}/items/${itemId}/live`)).status).toBe(204)
    expect((await sawRequest('DELETE', `collections/${COLLECTION}/items/${itemId}`)).status).toBe(204)
    expect((await sawRequest('DELETE', `assets/${assetId}`)).status).toBe(204)
    expect(fake.itemsOf(COLLECTION)).toEqual([])
    expect(fake.assets.size).toBe(0)
  }, 90_000)

  it('shows a 401 as a failed sync with its message; POST /api/webflow-sync/{id} retries it', async () => {
    fake.forceUnauthorized()
    const record = await upload(mirrored, {
      title: uniqueName('Locked'),
      media_url: `https://media.example.test/${uniqueName('clip')}.mp4`,
    })
    const failed = await syncState(mirrored, record.id, 'failed')
    // The collection's schema, or the item when this instance has the schema cached.
    expect(failed.webflow?.message).toMatch(
      new RegExp(
        `^Webflow (GET collections/${COLLECTION}|POST collections/${COLLECTION}/items/live): 401 Request not authorized$`,
      ),
    )
    expect(fake.itemsOf(COLLECTION)).toEqual([])

    fake.forceUnauthorized(false)
    const retry = await call<{ record: MediaRecord }>(
      mirrored,
      'POST',
      `/api/webflow-sync/${String(record.id)}`,
    )
    expect(retry.status, retry.text).toBe(202)
    expect(retry.body.record.webflow).toMatchObject({ state: 'pending' })
    const synced = await syncState(mirrored, record.id, 'synced')
    expect(synced.webflow?.item_id).toBe(fake.itemsOf(COLLECTION)[0]?.id)
    expect(synced.webflow?.message).toBe('Published live')
  }, 90_000)

  it('with a token but no site id: the upload succeeds, skipped with "Configuration missing"', async () => {
    const record = await upload(tokenOnly, {
      title: uniqueName('Skipped'),
      media_url: `https://media.example.test/${uniqueName('photo')}.jpg`,
    })
    expect(record.webflow).toEqual({
      state: 'skipped',
      message: 'Configuration missing',
      updated_at: expect.any(String) as unknown,
    })
    expect((await recordOn(tokenOnly, record.id))?.webflow).toEqual(record.webflow)
    const status = await call(tokenOnly, 'GET', '/api/webflow-status')
    expect(status.status).toBe(503)
    expect(status.body).toEqual({ ok: false, configured: false, error: 'Configuration missing' })
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(fake.received).toEqual([])
  })
})

describe('with no Webflow settings at all (the run’s own netlify dev)', () => {
  it('uploads carry no webflow field, and the connection test answers 503 "Configuration missing"', async () => {
    const response = await api('POST', '/api/upload', {
      title: uniqueName('Plain'),
      media_url: `https://media.example.test/${uniqueName('plain')}.png`,
    })
    expect(response.status, response.text).toBe(201)
    const parsed = uploadResponseSchema.parse(response.body)
    if (!parsed.success) throw new Error(parsed.error)
    expect(parsed.record).not.toHaveProperty('webflow')

    const status = await api('GET', '/api/webflow-status')
    expect(status.status).toBe(503)
    expect(status.body).toEqual({ ok: false, configured: false, error: 'Configuration missing' })

    const retry = await api('POST', `/api/webflow-sync/${String(parsed.record.id)}`)
    expect(retry.status).toBe(409)
    expect(fake.received).toEqual([])
  })
})
