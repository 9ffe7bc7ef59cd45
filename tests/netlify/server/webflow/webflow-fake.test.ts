import { createHash } from 'node:crypto'

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { WebflowApi } from '../../../../netlify/server/webflow/webflow-api'
import { uploadAsset } from '../../../../netlify/server/webflow/webflow-assets'
import { WebflowFake } from '../../../support/webflow-fake'
import { startWebflowStandIn, type WebflowStandIn } from '../../../support/webflow-stand-in'

/**
 * The fake's wire format, checked over real HTTP through the stand-in the API tests point netlify dev
 * at: statuses, error bodies, rate-limit headers and the S3 form rules. The msw adapter hands the same
 * `Request`s to the same `handle`.
 */
const COLLECTION = '6258f5b4fc2e1c4e5d3a1c3d'
const fake = new WebflowFake({ collectionIds: [COLLECTION] })
let standIn: WebflowStandIn

beforeAll(async () => {
  standIn = await startWebflowStandIn(fake)
})
afterEach(() => {
  fake.reset()
})
afterAll(async () => {
  await standIn.close()
})

async function send(method: string, path: string, body?: unknown, token: string | null = fake.token) {
  const response = await fetch(`${standIn.apiUrl}/${path}`, {
    method,
    headers: {
      ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? null : (JSON.parse(text) as unknown),
  }
}

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex')

async function registerAsset(fileName = 'photo.png', bytes = new Uint8Array([1, 2, 3])) {
  const created = await send('POST', `sites/${fake.siteId}/assets`, { fileName, fileHash: md5(bytes) })
  expect(created.status).toBe(200)
  return created.body as { id: string; uploadUrl: string; uploadDetails: Record<string, string> }
}

describe('the Webflow fake over HTTP', () => {
  it('requires the bearer token: 401 not_authorized', async () => {
    for (const token of [null, 'wrong']) {
      const response = await send('GET', `sites/${fake.siteId}`, undefined, token)
      expect(response.status).toBe(401)
      expect(response.body).toEqual({ code: 'not_authorized', message: 'Request not authorized' })
    }
    fake.forceUnauthorized()
    expect((await send('GET', `sites/${fake.siteId}`)).status).toBe(401)
  })

  it('answers the site, 404 resource_not_found for another, with rate-limit headers', async () => {
    const site = await send('GET', `sites/${fake.siteId}`)
    expect(site.status).toBe(200)
    expect(site.body).toMatchObject({ id: fake.siteId, displayName: 'Media Library', customDomains: [] })
    expect(site.headers.get('x-ratelimit-limit')).toBe('60')
    expect(Number(site.headers.get('x-ratelimit-remaining'))).toBeLessThan(60)
    const other = await send('GET', 'sites/000000000000000000000000')
    expect(other.status).toBe(404)
    expect(other.body).toMatchObject({ code: 'resource_not_found', details: [] })
  })

  it('rate-limits the next requests with 429, Retry-After and the too_many_requests body', async () => {
    fake.rateLimitNext(2, '42')
    for (let i = 0; i < 2; i++) {
      const limited = await send('GET', `sites/${fake.siteId}`)
      expect(limited.status).toBe(429)
      expect(limited.headers.get('retry-after')).toBe('42')
      expect(limited.headers.get('x-ratelimit-limit')).toBe('60')
      expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')
      expect(limited.body).toEqual({
        message: 'Too Many Requests',
        code: 'too_many_requests',
        externalReference: null,
        details: [],
      })
    }
    expect((await send('GET', `sites/${fake.siteId}`)).status).toBe(200)
  })

  it('creates items with 202, refuses a missing name or slug, a duplicate slug and unknown fields', async () => {
    const path = `collections/${COLLECTION}/items`
    const created = await send('POST', path, {
      isArchived: false,
      isDraft: false,
      fieldData: { name: 'A', slug: 'a', 'media-url': 'https://x.test/a.png' },
    })
    expect(created.status).toBe(202)
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/) as unknown,
      cmsLocaleId: expect.any(String) as unknown,
      lastPublished: null,
      lastUpdated: expect.any(String) as unknown,
      createdOn: expect.any(String) as unknown,
      isArchived: false,
      isDraft: false,
      fieldData: { name: 'A', slug: 'a', 'media-url': 'https://x.test/a.png' },
    })

    expect(await send('POST', path, { fieldData: { name: 'B', slug: 'a' } })).toMatchObject({
      status: 400,
      body: {
        message: 'Validation Error',
        code: 'validation_error',
        details: [{ param: 'slug', description: "Unique value is already in database: 'a'" }],
      },
    })
    expect(await send('POST', path, { fieldData: { slug: 'b' } })).toMatchObject({
      status: 400,
      body: { code: 'validation_error', details: [{ param: 'name' }] },
    })
    expect(await send('POST', path, { fieldData: { name: 'C', slug: 'c', colour: 'red' } })).toMatchObject({
      status: 400,
      body: { code: 'validation_error', details: [{ param: 'colour' }] },
    })
    expect(fake.itemsOf(COLLECTION)).toHaveLength(1)
  })

  it('patches (200) and deletes (204) items; 404 item_not_found and for an unknown collection', async () => {
    const item = fake.seedItem(COLLECTION, { name: 'A', slug: 'a' })
    const path = `collections/${COLLECTION}/items/${item.id}`
    const patched = await send('PATCH', path, { fieldData: { name: 'A2' } })
    expect(patched).toMatchObject({
      status: 200,
      body: { id: item.id, fieldData: { name: 'A2', slug: 'a' } },
    })
    const deleted = await send('DELETE', path)
    expect(deleted).toMatchObject({ status: 204, body: null })
    expect(await send('DELETE', path)).toMatchObject({ status: 404, body: { code: 'item_not_found' } })
    expect(await send('PATCH', path, { fieldData: {} })).toMatchObject({ status: 404 })
    fake.removeCollection(COLLECTION)
    try {
      expect(
        await send('POST', `collections/${COLLECTION}/items`, { fieldData: { name: 'x', slug: 'x' } }),
      ).toMatchObject({ status: 404, body: { code: 'collection_not_found' } })
    } finally {
      fake.items.set(COLLECTION, new Map())
    }
  })

  it('validates asset registration: a name under 100 characters with an extension, an MD5 hash', async () => {
    const path = `sites/${fake.siteId}/assets`
    const hash = md5(new Uint8Array([1]))
    for (const body of [
      { fileName: `${'a'.repeat(96)}.png`, fileHash: hash },
      { fileName: 'no-extension', fileHash: hash },
      { fileName: 'ok.png', fileHash: 'a'.repeat(64) },
      { fileName: 'ok.png' },
    ]) {
      expect(await send('POST', path, body)).toMatchObject({
        status: 400,
        body: { code: 'validation_error' },
      })
    }
    const created = await registerAsset(`${'a'.repeat(95)}.png`)
    expect(created.uploadUrl).toBe(fake.s3Url)
    expect(created.uploadDetails).toMatchObject({ success_action_status: '201', 'content-type': 'image/png' })
  })

  it('takes the S3 form only with every presigned field and the file last', async () => {
    const bytes = new Uint8Array([9, 8, 7, 6])
    const created = await registerAsset('photo.png', bytes)
    const post = (build: (form: FormData) => void) => {
      const form = new FormData()
      build(form)
      return fetch(created.uploadUrl, { method: 'POST', body: form })
    }
    const fields = Object.entries(created.uploadDetails)
    const file = new Blob([bytes], { type: 'image/png' })

    const fileFirst = await post((form) => {
      form.append('file', file, 'photo.png')
      for (const [name, value] of fields) form.append(name, value)
    })
    expect(fileFirst.status).toBe(400)
    expect(await fileFirst.text()).toContain('<Code>InvalidArgument</Code>')

    const missingPolicy = await post((form) => {
      for (const [name, value] of fields) if (name !== 'Policy') form.append(name, value)
      form.append('file', file, 'photo.png')
    })
    expect(missingPolicy.status).toBe(403)

    const notMultipart = await fetch(created.uploadUrl, { method: 'POST', body: 'file=x' })
    expect(notMultipart.status).toBe(412)
    expect(fake.assets.get(created.id)?.uploaded).toBe(false)

    const good = await post((form) => {
      for (const [name, value] of fields) form.append(name, value)
      form.append('file', file, 'photo.png')
    })
    expect(good.status).toBe(201)
    const xml = await good.text()
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<PostResponse><Location>/)
    expect(xml).toContain(`<Key>${String(created.uploadDetails.key)}</Key>`)
    expect(xml).toContain(`<ETag>"${md5(bytes)}"</ETag>`)
    expect(fake.assets.get(created.id)).toMatchObject({ uploaded: true, size: 4 })
  })

  it('patches (200) and deletes (204) assets', async () => {
    const created = await registerAsset()
    const path = `assets/${created.id}`
    expect(await send('PATCH', path, { displayName: 'Photo', altText: 'A photo' })).toMatchObject({
      status: 200,
      body: { id: created.id, displayName: 'Photo', altText: 'A photo', variants: [] },
    })
    expect(await send('DELETE', path)).toMatchObject({ status: 204 })
    expect(await send('PATCH', path, {})).toMatchObject({ status: 404, body: { code: 'resource_not_found' } })
  })

  it("serves the app's own asset upload end to end", async () => {
    const api = new WebflowApi({
      token: fake.token,
      siteId: fake.siteId,
      collectionId: COLLECTION,
      apiUrl: standIn.apiUrl,
    })
    const bytes = new Uint8Array(2_048).map((_, i) => i % 251)
    const { id, hostedUrl } = await uploadAsset(
      api,
      {
        title: 'Pattern',
        description: '',
        alt_text: 'Grey diagonal stripes',
        file_type: 'image/png',
        media_url: '/x/pattern.png',
      },
      bytes,
      'pattern.png',
    )
    expect(hostedUrl).toMatch(/^https:\/\/cdn\.prod\.website-files\.com\/.+pattern\.png$/)
    expect(fake.assets.get(id)).toMatchObject({
      uploaded: true,
      size: 2_048,
      fileHash: md5(bytes),
      altText: 'Grey diagonal stripes',
    })
    expect(fake.received.map((request) => [request.kind, request.method, request.status])).toEqual([
      ['api', 'POST', 200],
      ['s3', 'POST', 201],
      ['api', 'PATCH', 200],
    ])
  })
})
