/**
 * The Webflow mirror in process: the real functions, each describe with its own settings, against the
 * fake Webflow behind a local HTTP stand-in (`WEBFLOW_API_URL`). That the mirror really runs in netlify
 * dev's background function is shown in tests/netlify-dev/webflow.test.ts.
 */
import { request } from 'node:http'

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { uploadResponseSchema } from '../../src/contract/api'
import type { MediaRecord } from '../../src/contract/record'
import { WebflowFake } from '../support/webflow-fake'
import { startWebflowStandIn, type WebflowStandIn } from '../support/webflow-stand-in'
import { api, baseUrl } from '../support/api-client'
import { uniqueName } from '../support/api-steps'
import { withServerEnv } from '../support/server-env'
import { tusUpload, uploadResultOf } from '../support/tus-client'
import { COLLECTION, fixture, mirrorClient, mirrorSettings } from '../support/webflow-mirror'

/** A request with its Host header set to `host`, which fetch will not send: through node:http. */
function withHost(host: string, method: string, path: string, body: unknown) {
  const payload = JSON.stringify(body)
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const outgoing = request(
      new URL(path, baseUrl()),
      { method, headers: { Host: host, 'Content-Type': 'application/json' } },
      (incoming) => {
        const parts: Buffer[] = []
        incoming.on('data', (part: Buffer) => parts.push(part))
        incoming.on('end', () => {
          resolve({ status: incoming.statusCode ?? 0, text: Buffer.concat(parts).toString() })
        })
      },
    )
    outgoing.on('error', reject)
    outgoing.end(payload)
  })
}

const fake = new WebflowFake({ collectionIds: [COLLECTION] })
let standIn: WebflowStandIn | undefined
const { answers, call, upload, recordOn, syncState, sawRequest } = mirrorClient(fake, baseUrl)

const apiUrl = () => {
  if (!standIn) throw new Error('the Webflow stand-in did not start')
  return standIn.apiUrl
}

beforeAll(async () => {
  standIn = await startWebflowStandIn(fake)
})

afterEach(() => {
  fake.reset()
})

afterAll(async () => {
  await standIn?.close()
  expect(answers.join('\n')).not.toContain(fake.token)
})

describe('Webflow mirror with the full settings', () => {
  withServerEnv(() => mirrorSettings(fake, apiUrl()))

  it('the connection test answers 200 with the site, and 502 once Webflow refuses the token', async () => {
    const ok = await call('GET', '/api/webflow-status')
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

    // Asked again within the minute, the answer is the kept one: no request reaches Webflow.
    fake.received.length = 0
    const kept = await call('GET', '/api/webflow-status')
    expect(kept.headers.get('cache-status')).toBe('webflow-status; hit')
    expect(kept.body).toEqual(ok.body)
    expect(fake.received).toEqual([])

    // Regenerating the site token in Webflow leaves the configured one wrong; a changed setting is
    // tested afresh (here the configured token, which is what a fix changes).
    const configured = process.env.WEBFLOW_API_TOKEN
    fake.token = 'regenerated-token'
    process.env.WEBFLOW_API_TOKEN = 'stale-token'
    const refused = await call('GET', '/api/webflow-status')
    process.env.WEBFLOW_API_TOKEN = configured
    expect(refused.status, refused.text).toBe(502)
    expect(refused.body).toEqual({
      ok: false,
      configured: true,
      error: `Webflow GET sites/${fake.siteId}: 401 Request not authorized`,
    })
  })

  it("a create sent with a forged Host is mirrored from the site's own address all the same", async () => {
    const bytes = await fixture('small.gif')
    const hosted = await uploadResultOf(
      await tusUpload(baseUrl(), bytes, { filename: 'small.gif', filetype: 'image/gif' }),
    )
    const created = await withHost('attacker.example.test', 'POST', '/api/upload', {
      title: uniqueName('Forged'),
      media_url: hosted.secure_url,
    })
    expect(created.status, created.text).toBe(201)
    expect(created.text).not.toContain('attacker')
    const { record } = JSON.parse(created.text) as { record: MediaRecord }
    // The job was sent to the host's own address (a job sent to the forged one would fail to queue).
    const synced = await syncState(record.id, 'synced')
    const item = fake.itemsOf(COLLECTION).find((candidate) => candidate.id === synced.webflow?.item_id)
    expect(item?.fieldData['media-url']).toBe(`${baseUrl()}${hosted.secure_url}`)
  }, 90_000)

  it('propagates an edit (PATCH of the same item) and a delete (item and asset removed)', async () => {
    const bytes = await fixture('small.gif')
    const hosted = await uploadResultOf(
      await tusUpload(baseUrl(), bytes, { filename: 'small.gif', filetype: 'image/gif' }),
    )
    const record = await upload({ title: uniqueName('Small'), media_url: hosted.secure_url })
    const synced = await syncState(record.id, 'synced')
    const itemId = synced.webflow?.item_id ?? ''
    const assetId = synced.webflow?.asset_id ?? ''
    expect(itemId).not.toBe('')
    expect(assetId).not.toBe('')

    const edited = await call('PATCH', `/api/update/${String(record.id)}`, {
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

    const deleted = await call('DELETE', `/api/delete/${String(record.id)}`)
    expect(deleted.status, deleted.text).toBe(200)
    expect((await sawRequest('DELETE', `collections/${COLLECTION}/items/${itemId}/live`)).status).toBe(204)
    expect((await sawRequest('DELETE', `collections/${COLLECTION}/items/${itemId}`)).status).toBe(204)
    expect((await sawRequest('DELETE', `assets/${assetId}`)).status).toBe(204)
    expect(fake.itemsOf(COLLECTION)).toEqual([])
    expect(fake.assets.size).toBe(0)
  }, 90_000)

  it('shows a 401 as a failed sync with its message; POST /api/webflow-sync/{id} retries it', async () => {
    fake.forceUnauthorized()
    const record = await upload({
      title: uniqueName('Locked'),
      media_url: `https://media.example.test/${uniqueName('clip')}.mp4`,
    })
    const failed = await syncState(record.id, 'failed')
    // The collection's schema, or the item when this instance has the schema cached.
    expect(failed.webflow?.message).toMatch(
      new RegExp(
        `^Webflow (GET collections/${COLLECTION}|POST collections/${COLLECTION}/items/live): 401 Request not authorized$`,
      ),
    )
    expect(fake.itemsOf(COLLECTION)).toEqual([])

    fake.forceUnauthorized(false)
    const retry = await call<{ record: MediaRecord }>('POST', `/api/webflow-sync/${String(record.id)}`)
    expect(retry.status, retry.text).toBe(202)
    expect(retry.body.record.webflow).toMatchObject({ state: 'pending' })
    const synced = await syncState(record.id, 'synced')
    expect(synced.webflow?.item_id).toBe(fake.itemsOf(COLLECTION)[0]?.id)
    expect(synced.webflow?.message).toBe('Published live')
  }, 90_000)
})

describe('with a token but no site id', () => {
  withServerEnv(() => ({ ...mirrorSettings(fake, apiUrl()), WEBFLOW_SITE_ID: undefined }))

  it('the upload succeeds, skipped with "Configuration missing"', async () => {
    const record = await upload({
      title: uniqueName('Skipped'),
      media_url: `https://media.example.test/${uniqueName('photo')}.jpg`,
    })
    expect(record.webflow).toEqual({
      state: 'skipped',
      message: 'Configuration missing',
      updated_at: expect.any(String) as unknown,
    })
    expect((await recordOn(record.id))?.webflow).toEqual(record.webflow)
    const status = await call('GET', '/api/webflow-status')
    expect(status.status).toBe(503)
    expect(status.body).toEqual({ ok: false, configured: false, error: 'Configuration missing' })
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(fake.received).toEqual([])
  })
})

describe('with no Webflow settings at all', () => {
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
