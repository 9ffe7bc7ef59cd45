import { createHmac, randomBytes } from 'node:crypto'

import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import batchDelete from '../../../../netlify/functions/batch-delete.mts'
import batchUpdate from '../../../../netlify/functions/batch-update.mts'
import deleteFile from '../../../../netlify/functions/delete-file.mts'
import media from '../../../../netlify/functions/media.mts'
import updateFile from '../../../../netlify/functions/update-file.mts'
import upload from '../../../../netlify/functions/upload.mts'
import webflowStatus from '../../../../netlify/functions/webflow-status.mts'
import webflowSyncBackground from '../../../../netlify/functions/webflow-sync-background.mts'
import webflowSync from '../../../../netlify/functions/webflow-sync.mts'
import { mediaHostStores } from '../../../../netlify/server/store'
import { MemoryByteStore } from '../../../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { documentStore, replaceDocumentStore } from '../../../../netlify/server/store'
import { sealJob, SYNC_FUNCTION_PATH, syncJobSecret } from '../../../../netlify/server/webflow/sync-trigger'
import { BUDGET_KEY } from '../../../../netlify/server/webflow/request-budget'
import type { SyncJob } from '../../../../netlify/server/webflow/webflow-sync'
import type { MediaRecord } from '../../../../src/contract/record'
import { webflowStatusSchema } from '../../../../src/contract/webflow'
import { SPEC_FIELD_SLUGS } from '../../../support/webflow-fake'
import { COLLECTION_ID, fixture, storeBuiltInFile, webflowFakeForFile } from '../../../support/webflow-setup'

/**
 * The functions of the mirror, called as netlify dev calls them (`Request -> Response`) over in-memory
 * stores. The background function is queued as the platform queues it: its URL answers 202 at once, and
 * the real handler runs later, when a test drains the queue.
 */
const ORIGIN = 'https://media.example.test'
const { fake, server } = webflowFakeForFile()

let queued: (() => Promise<Response>)[] = []
let sealedBodies: string[] = []

/** Runs the queued background invocations, one after another, until none is left. */
async function drain(): Promise<void> {
  for (let next = queued.shift(); next; next = queued.shift()) await next()
}

function configure(env: Record<string, string>) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
}

function configureReady() {
  configure({
    // The site's address, as Netlify gives it: jobs go there, whatever a request's Host says.
    URL: ORIGIN,
    WEBFLOW_API_TOKEN: fake.token,
    WEBFLOW_SITE_ID: fake.siteId,
    WEBFLOW_COLLECTION_ID: COLLECTION_ID,
    WEBFLOW_API_URL: fake.apiBase,
  })
}

/** A request as a client sends it; `host` forges the origin its URL (and so its Host) names. */
function call(
  handler: (request: Request) => Promise<Response>,
  method: string,
  path: string,
  body?: unknown,
  host = ORIGIN,
): Promise<Response> {
  return handler(
    new Request(`${host}${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    }),
  )
}

async function uploaded(fields: Record<string, unknown> = {}, host = ORIGIN): Promise<MediaRecord> {
  const response = await call(
    upload,
    'POST',
    '/api/upload',
    { title: 'Sunset', media_url: 'https://cdn.example.test/sunset.mov', ...fields },
    host,
  )
  expect(response.status).toBe(201)
  return ((await response.json()) as { record: MediaRecord }).record
}

async function stateOf(id: number): Promise<MediaRecord['webflow']> {
  const response = await media(new Request(`${ORIGIN}/api/media?limit=500`))
  const { records } = (await response.json()) as { records: MediaRecord[] }
  return records.find((record) => record.id === id)?.webflow
}

beforeEach(() => {
  replaceDocumentStore(new MemoryDocumentStore(), new MemoryByteStore())
  queued = []
  sealedBodies = []
  server.use(
    http.post(`${ORIGIN}${SYNC_FUNCTION_PATH}`, async ({ request }) => {
      const body = await request.text()
      sealedBodies.push(body)
      const url = request.url
      queued.push(() => webflowSyncBackground(new Request(url, { method: 'POST', body })))
      return new HttpResponse(null, { status: 202 })
    }),
  )
})

afterEach(async () => {
  await drain()
  vi.unstubAllEnvs()
  replaceDocumentStore(undefined)
})

describe('with the mirror configured', () => {
  beforeEach(configureReady)

  it('answers the upload with a pending record before anything reaches Webflow, then syncs', async () => {
    const record = await uploaded()
    expect(record.webflow).toEqual({ state: 'pending', updated_at: expect.any(String) as unknown })
    expect(fake.received).toEqual([])
    expect(sealedBodies).toHaveLength(1)
    expect(sealedBodies[0]).not.toContain(fake.token)

    await drain()
    const [item] = fake.itemsOf(COLLECTION_ID)
    expect(item?.fieldData).toMatchObject({ name: 'Sunset', slug: 'sunset' })
    expect(await stateOf(record.id)).toMatchObject({ state: 'synced', item_id: item?.id })
  })

  it('propagates an edit, a batch edit, a delete and a batch delete', async () => {
    const first = await uploaded({ title: 'First' })
    const second = await uploaded({ title: 'Second' })
    await drain()
    const [one, two] = fake.itemsOf(COLLECTION_ID)
    fake.received.length = 0

    expect(
      (
        await call(updateFile, 'PATCH', `/api/update/${String(first.id)}?id=${String(first.id)}`, {
          title: 'Uno',
        })
      ).status,
    ).toBe(200)
    await drain()
    expect(fake.calls()).toEqual([`PATCH collections/${COLLECTION_ID}/items/${String(one?.id)}/live`])
    expect(one?.fieldData.name).toBe('Uno')

    fake.received.length = 0
    const batch = await call(batchUpdate, 'POST', '/api/batch-update', {
      updates: [
        { id: first.id, fields: { add_tags: ['x'] } },
        { id: second.id, fields: { description: 'Dos' } },
      ],
    })
    expect(batch.status).toBe(200)
    await drain()
    expect(fake.calls()).toEqual([
      `PATCH collections/${COLLECTION_ID}/items/${String(one?.id)}/live`,
      `PATCH collections/${COLLECTION_ID}/items/${String(two?.id)}/live`,
    ])
    expect(one?.fieldData.tags).toBe('x')
    expect(two?.fieldData.description).toBe('Dos')

    fake.received.length = 0
    expect(
      (await call(deleteFile, 'DELETE', `/api/delete/${String(first.id)}?id=${String(first.id)}`)).status,
    ).toBe(200)
    await drain()
    expect(fake.calls()).toEqual([
      `DELETE collections/${COLLECTION_ID}/items/${String(one?.id)}/live`,
      `DELETE collections/${COLLECTION_ID}/items/${String(one?.id)}`,
    ])

    fake.received.length = 0
    expect((await call(batchDelete, 'POST', '/api/batch-delete', { ids: [second.id] })).status).toBe(200)
    await drain()
    expect(fake.calls()).toEqual([
      `DELETE collections/${COLLECTION_ID}/items/${String(two?.id)}/live`,
      `DELETE collections/${COLLECTION_ID}/items/${String(two?.id)}`,
    ])
    expect(fake.itemsOf(COLLECTION_ID)).toEqual([])
  })

  it('queues no delete for a record that never got an item', async () => {
    fake.forceUnauthorized()
    const record = await uploaded()
    await drain()
    expect((await stateOf(record.id))?.state).toBe('failed')
    sealedBodies = []
    await call(deleteFile, 'DELETE', `/api/delete/${String(record.id)}?id=${String(record.id)}`)
    expect(sealedBodies).toEqual([])
  })

  it('retries a failed sync through POST /api/webflow-sync/{id}: 202 pending, then synced', async () => {
    fake.forceUnauthorized()
    const record = await uploaded()
    await drain()
    expect(await stateOf(record.id)).toMatchObject({
      state: 'failed',
      message: `Webflow POST collections/${COLLECTION_ID}/items/live: 401 Request not authorized`,
    })

    fake.forceUnauthorized(false)
    const retry = await call(
      webflowSync,
      'POST',
      `/api/webflow-sync/${String(record.id)}?id=${String(record.id)}`,
    )
    expect(retry.status).toBe(202)
    const body = (await retry.json()) as { success: boolean; record: MediaRecord }
    expect(body.record.webflow).toEqual({
      state: 'pending',
      queued_at: expect.any(String) as unknown,
      updated_at: expect.any(String) as unknown,
    })
    await drain()
    expect(await stateOf(record.id)).toMatchObject({ state: 'synced' })
  })

  it('answers 404 for a retry of a record that does not exist', async () => {
    const response = await call(webflowSync, 'POST', '/api/webflow-sync/999?id=999')
    expect(response.status).toBe(404)
    expect(sealedBodies).toEqual([])
  })

  it('connection test: 200 with the site, never the token', async () => {
    const response = await call(webflowStatus, 'GET', '/api/webflow-status')
    const text = await response.text()
    expect(response.status).toBe(200)
    const body = webflowStatusSchema.parse(JSON.parse(text))
    expect(body).toEqual({
      ok: true,
      configured: true,
      site: { id: fake.siteId, displayName: 'Media Library', shortName: 'media-library' },
      collection_id: COLLECTION_ID,
      publish: 'live',
      collection: { id: COLLECTION_ID, display_name: 'Media Files', slug: 'media-files' },
      mapping: SPEC_FIELD_SLUGS.map((slug) => ({
        field: slug,
        status: 'mapped',
        collection_field: {
          slug,
          display_name: expect.any(String) as unknown,
          type: 'PlainText',
          required: false,
        },
        write_as: 'text',
        chosen_by: 'slug',
      })),
      picture: {
        collection_field: null,
        message: 'No Image field gets the picture; PlainText field "Media Url" gets the file URL',
      },
      skipped_fields: [],
      unmapped_required: [],
    })
    expect(text).not.toContain(fake.token)
    expect(fake.calls()).toEqual([`GET sites/${fake.siteId}`, `GET collections/${COLLECTION_ID}`])
  })

  it('connection test: 502 with the reason for a wrong token, an unknown site, or a 429', async () => {
    vi.stubEnv('WEBFLOW_API_TOKEN', 'wrong-token')
    const unauthorized = await call(webflowStatus, 'GET', '/api/webflow-status')
    expect(unauthorized.status).toBe(502)
    const text = await unauthorized.text()
    expect(JSON.parse(text)).toEqual({
      ok: false,
      configured: true,
      error: `Webflow GET sites/${fake.siteId}: 401 Request not authorized`,
    })
    expect(text).not.toContain('wrong-token')

    configureReady()
    vi.stubEnv('WEBFLOW_SITE_ID', '000000000000000000000000')
    const unknown = await call(webflowStatus, 'GET', '/api/webflow-status')
    expect(unknown.status).toBe(502)
    expect(((await unknown.json()) as { error: string }).error).toContain('404')

    configureReady()
    fake.rateLimitNext(1)
    const limited = await call(webflowStatus, 'GET', '/api/webflow-status')
    expect(limited.status).toBe(502)
    expect(((await limited.json()) as { error: string }).error).toContain('429')
  })

  it('the background function refuses a forged, an expired and a replayed job, and runs none of them', async () => {
    const record = await uploaded()
    // The queued invocation never runs: this test posts its own bodies.
    queued = []
    const run = (body: string) =>
      webflowSyncBackground(new Request(`${ORIGIN}${SYNC_FUNCTION_PATH}`, { method: 'POST', body }))
    const job: SyncJob = { action: 'upsert', ids: [record.id] }
    const secret = await syncJobSecret(documentStore())

    // Forged: signed with another secret, with the Webflow token (the old key), or not at all.
    const forged = await run(sealJob(job, randomBytes(32)))
    expect(forged.status).toBe(400)
    const payload = JSON.stringify({ job, issued_at: Date.now(), nonce: 'C'.repeat(22) })
    const underToken = createHmac('sha256', `webflow-sync:${fake.token}`).update(payload).digest('base64url')
    expect((await run(JSON.stringify({ job: payload, signature: underToken }))).status).toBe(400)
    expect(await run('{"job":"{}","signature":""}')).toHaveProperty('status', 400)

    // Expired: genuinely signed, but issued six minutes ago.
    const expired = await run(sealJob(job, secret, new Date(Date.now() - 6 * 60_000)))
    expect(expired.status).toBe(400)
    expect(fake.received).toEqual([])
    expect((await stateOf(record.id))?.state).toBe('pending')

    // Genuine: runs once; the same body again is a replay.
    const genuine = sealJob(job, secret)
    expect((await run(genuine)).status).toBe(204)
    expect(fake.itemsOf(COLLECTION_ID)).toHaveLength(1)
    fake.received.length = 0
    const replayed = await run(genuine)
    expect(replayed.status).toBe(409)
    expect(fake.received).toEqual([])
    expect(fake.itemsOf(COLLECTION_ID)).toHaveLength(1)
  })

  it('a replayed delete job deletes nothing the second time', async () => {
    const record = await uploaded()
    await drain()
    const [item] = fake.itemsOf(COLLECTION_ID)
    expect(
      (await call(deleteFile, 'DELETE', `/api/delete/${String(record.id)}?id=${String(record.id)}`)).status,
    ).toBe(200)
    const deleteBody = sealedBodies.at(-1) ?? ''
    await drain()
    expect(fake.itemsOf(COLLECTION_ID)).toEqual([])
    // An item with the same id appears again (as a re-created one would): the replay must not touch it.
    fake.items.get(COLLECTION_ID)?.set(String(item?.id), { ...(item as NonNullable<typeof item>) })
    fake.received.length = 0
    const replayed = await webflowSyncBackground(
      new Request(`${ORIGIN}${SYNC_FUNCTION_PATH}`, { method: 'POST', body: deleteBody }),
    )
    expect(replayed.status).toBe(409)
    expect(fake.received).toEqual([])
    expect(fake.itemsOf(COLLECTION_ID)).toHaveLength(1)
  })
})

describe('the site address comes from configuration, never from the Host', () => {
  const FORGED = 'https://attacker.example.test'

  beforeEach(configureReady)

  it("a create with a forged Host queues its job at the site's address, and the item gets the site's URL", async () => {
    const url = await storeBuiltInFile(mediaHostStores(), 'small.gif', await fixture('small.gif'))
    const forgedJobs: string[] = []
    server.use(
      http.post(`${FORGED}${SYNC_FUNCTION_PATH}`, async ({ request }) => {
        forgedJobs.push(await request.text())
        return new HttpResponse(null, { status: 202 })
      }),
    )
    const record = await uploaded({ title: 'Forged', media_url: url }, FORGED)
    expect(JSON.stringify(record)).not.toContain('attacker')
    expect(forgedJobs).toEqual([])
    expect(sealedBodies).toHaveLength(1)

    // The job replayed (here: run first) at the forged address writes the site's address all the same.
    queued = []
    const job = sealedBodies[0] ?? ''
    const ran = await webflowSyncBackground(
      new Request(`${FORGED}${SYNC_FUNCTION_PATH}`, { method: 'POST', body: job }),
    )
    expect(ran.status).toBe(204)
    const [item] = fake.itemsOf(COLLECTION_ID)
    expect(item?.fieldData['media-url']).toBe(`${ORIGIN}${url}`)
    expect(JSON.stringify(fake.received)).not.toContain('attacker')
  })

  it('PUBLIC_ORIGIN names the address written to Webflow; jobs still go to the deploy', async () => {
    vi.stubEnv('PUBLIC_ORIGIN', 'https://media.example.com/')
    const url = await storeBuiltInFile(mediaHostStores(), 'small.gif', await fixture('small.gif'))
    await uploaded({ title: 'Public', media_url: url }, 'https://attacker.example.test')
    expect(sealedBodies).toHaveLength(1)
    await drain()
    expect(fake.itemsOf(COLLECTION_ID)[0]?.fieldData['media-url']).toBe(`https://media.example.com${url}`)
  })

  it('with no address configured the job is not queued, and the record says so', async () => {
    vi.stubEnv('URL', '')
    const record = await uploaded({}, 'http://localhost:8888')
    expect(sealedBodies).toEqual([])
    expect(await stateOf(record.id)).toMatchObject({
      state: 'failed',
      message: 'Could not queue the Webflow sync',
    })
  })
})

describe('coalesced Webflow work', () => {
  beforeEach(configureReady)

  const syncRequest = async (id: number) => {
    const response = await call(webflowSync, 'POST', `/api/webflow-sync/${String(id)}?id=${String(id)}`)
    const body = (await response.json()) as { record: MediaRecord; queued?: boolean }
    return { status: response.status, ...body }
  }

  it('ten sync requests on a synced record queue nothing and cost no Webflow call', async () => {
    const record = await uploaded()
    await drain()
    expect((await stateOf(record.id))?.state).toBe('synced')
    fake.received.length = 0
    sealedBodies = []

    for (let request = 0; request < 10; request++) {
      const answer = await syncRequest(record.id)
      expect(answer).toMatchObject({ status: 200, queued: false, record: { webflow: { state: 'synced' } } })
    }
    await drain()
    console.log(`10 sync requests on a synced record: ${String(fake.received.length)} Webflow requests`)
    expect(sealedBodies).toEqual([])
    expect(fake.received).toEqual([])
  })

  it('twenty sync requests on a failed record cost what one does', async () => {
    fake.forceUnauthorized()
    const once = await uploaded({ title: 'Once' })
    const often = await uploaded({ title: 'Often' })
    await drain()
    fake.forceUnauthorized(false)
    fake.received.length = 0
    expect((await syncRequest(once.id)).status).toBe(202)
    await drain()
    const one = fake.received.length
    expect(one).toBeGreaterThan(0)

    fake.received.length = 0
    sealedBodies = []
    const answers = await Promise.all(Array.from({ length: 20 }, () => syncRequest(often.id)))
    await drain()
    console.log(`20 sync requests on a failed record: ${String(fake.received.length)} Webflow requests`)
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(1)
    expect(answers.every((answer) => answer.record.webflow?.state === 'pending')).toBe(true)
    expect(sealedBodies).toHaveLength(1)
    expect(fake.received).toHaveLength(one)
    expect(fake.itemsOf(COLLECTION_ID)).toHaveLength(2)
    expect(await stateOf(often.id)).toMatchObject({ state: 'synced' })
  })

  it('quick edits while a job is queued queue no more jobs, and the item ends with the last edit', async () => {
    const record = await uploaded()
    const path = `/api/update/${String(record.id)}?id=${String(record.id)}`
    for (const title of ['One', 'Two', 'Three']) {
      expect((await call(updateFile, 'PATCH', path, { title })).status).toBe(200)
    }
    expect(sealedBodies).toHaveLength(1)
    await drain()
    expect(fake.itemsOf(COLLECTION_ID).map((item) => item.fieldData.name)).toEqual(['Three'])
    expect(await stateOf(record.id)).toMatchObject({ state: 'synced' })
  })

  it('a record pending for longer than a job lives is queued again', async () => {
    const record = await uploaded()
    queued = []
    sealedBodies = []
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 5 * 60_000 + 1_000)
      expect((await syncRequest(record.id)).status).toBe(202)
    } finally {
      vi.useRealTimers()
    }
    expect(sealedBodies).toHaveLength(1)
  })
})

describe("the connection test and the jobs share the site's Webflow budget", () => {
  beforeEach(configureReady)

  it('ten connection tests cost what one does, and the repeats say they were kept', async () => {
    const answers = []
    for (let check = 0; check < 10; check++)
      answers.push(await call(webflowStatus, 'GET', '/api/webflow-status'))
    expect(fake.calls()).toEqual([`GET sites/${fake.siteId}`, `GET collections/${COLLECTION_ID}`])
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 200))
    expect(answers[0]?.headers.get('cache-status')).toBe('webflow-status; fwd=miss; stored')
    expect(answers[9]?.headers.get('cache-status')).toBe('webflow-status; hit')
    expect(answers[9]?.headers.get('age')).toMatch(/^\d+$/)
    expect(await answers[9]?.json()).toEqual(await answers[0]?.json())

    // Other settings are tested afresh.
    vi.stubEnv('WEBFLOW_PUBLISH', 'staged')
    fake.received.length = 0
    const staged = await call(webflowStatus, 'GET', '/api/webflow-status')
    expect(await staged.json()).toMatchObject({ ok: true, publish: 'staged' })
    expect(fake.calls()).toHaveLength(2)
  })

  it('with the budget spent, the test answers 503 with Retry-After, and a job defers its records', async () => {
    vi.stubEnv('WEBFLOW_RATE_PER_MINUTE', '1')
    await documentStore().write(BUDGET_KEY, { tokens: -100, at: Date.now() }, { ifNew: true })

    const status = await call(webflowStatus, 'GET', '/api/webflow-status')
    expect(status.status).toBe(503)
    expect(Number(status.headers.get('retry-after'))).toBeGreaterThan(60)
    expect(((await status.json()) as { error: string }).error).toMatch(
      /^Deferred: the site's Webflow request/,
    )

    const record = await uploaded()
    await drain()
    expect(fake.received).toEqual([])
    const deferred = await stateOf(record.id)
    expect(deferred).toMatchObject({
      state: 'pending',
      message: expect.stringMatching(/^Deferred: /) as unknown,
    })
    expect(deferred).not.toHaveProperty('queued_at')

    // Once the budget has room, a sync request queues it again.
    await documentStore().remove(BUDGET_KEY)
    const retry = await call(
      webflowSync,
      'POST',
      `/api/webflow-sync/${String(record.id)}?id=${String(record.id)}`,
    )
    expect(retry.status).toBe(202)
    await drain()
    expect(await stateOf(record.id)).toMatchObject({ state: 'synced' })
  })
})

describe('without a complete configuration', () => {
  it('with no token: no webflow field, no job, nothing sent, and the connection test answers 503', async () => {
    configure({ WEBFLOW_API_TOKEN: '', WEBFLOW_SITE_ID: '', WEBFLOW_COLLECTION_ID: '' })
    const record = await uploaded()
    expect(record).not.toHaveProperty('webflow')
    const status = await call(webflowStatus, 'GET', '/api/webflow-status')
    expect(status.status).toBe(503)
    expect(await status.json()).toEqual({ ok: false, configured: false, error: 'Configuration missing' })
    const retry = await call(
      webflowSync,
      'POST',
      `/api/webflow-sync/${String(record.id)}?id=${String(record.id)}`,
    )
    expect(retry.status).toBe(409)
    expect(sealedBodies).toEqual([])
    expect(fake.received).toEqual([])
  })

  it.each([
    [{ WEBFLOW_SITE_ID: '', WEBFLOW_COLLECTION_ID: 'c' }, 'Configuration missing'],
    [{ WEBFLOW_SITE_ID: 's', WEBFLOW_COLLECTION_ID: '' }, 'Collection configuration missing'],
  ])('with a token and %j: the upload succeeds, skipped with %j', async (env, message) => {
    configure({ WEBFLOW_API_TOKEN: fake.token, WEBFLOW_API_URL: fake.apiBase, ...env })
    const record = await uploaded()
    expect(record.webflow).toEqual({ state: 'skipped', message, updated_at: expect.any(String) as unknown })
    expect(sealedBodies).toEqual([])
    expect(fake.received).toEqual([])
  })

  it('the connection test works with a site but no collection, and warns about it', async () => {
    configure({ WEBFLOW_API_TOKEN: fake.token, WEBFLOW_SITE_ID: fake.siteId, WEBFLOW_API_URL: fake.apiBase })
    vi.stubEnv('WEBFLOW_COLLECTION_ID', '')
    const response = await call(webflowStatus, 'GET', '/api/webflow-status')
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      ok: true,
      collection_id: null,
      warning: 'Collection configuration missing',
    })
  })

  it('the background function does nothing when the mirror is not ready', async () => {
    configure({ WEBFLOW_API_TOKEN: fake.token })
    const response = await webflowSyncBackground(
      new Request(`${ORIGIN}${SYNC_FUNCTION_PATH}`, {
        method: 'POST',
        body: sealJob({ action: 'upsert', ids: [1] }, await syncJobSecret(documentStore())),
      }),
    )
    expect(response.status).toBe(204)
    expect(fake.received).toEqual([])
  })
})
