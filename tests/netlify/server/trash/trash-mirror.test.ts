import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import deleteFile from '../../../../netlify/functions/delete-file.mts'
import media from '../../../../netlify/functions/media.mts'
import trashDeleteForever from '../../../../netlify/functions/trash-delete-forever.mts'
import trashRestore from '../../../../netlify/functions/trash-restore.mts'
import upload from '../../../../netlify/functions/upload.mts'
import webflowSyncBackground from '../../../../netlify/functions/webflow-sync-background.mts'
import { MemoryByteStore } from '../../../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { replaceDocumentStore } from '../../../../netlify/server/store'
import { SYNC_FUNCTION_PATH } from '../../../../netlify/server/webflow/sync-trigger'
import { batchResponseSchema } from '../../../../src/contract/api'
import type { MediaRecord } from '../../../../src/contract/record'
import { COLLECTION_ID, webflowFakeForFile } from '../../../support/webflow-setup'

/**
 * The trash and the Webflow mirror, through the real functions over in-memory stores: the background
 * function is queued as the platform queues it and run when a test drains the queue.
 */
const ORIGIN = 'https://media.example.test'
const { fake, server } = webflowFakeForFile()
let queued: (() => Promise<Response>)[] = []

async function drain(): Promise<void> {
  for (let next = queued.shift(); next; next = queued.shift()) await next()
}

function call(
  handler: (request: Request) => Promise<Response>,
  method: string,
  path: string,
  body?: unknown,
) {
  return handler(
    new Request(`${ORIGIN}${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    }),
  )
}

async function listed(id: number): Promise<MediaRecord | undefined> {
  const { records } = (await (await media(new Request(`${ORIGIN}/api/media`))).json()) as {
    records: MediaRecord[]
  }
  return records.find((record) => record.id === id)
}

beforeEach(() => {
  replaceDocumentStore(new MemoryDocumentStore(), new MemoryByteStore())
  queued = []
  for (const [name, value] of Object.entries({
    WEBFLOW_API_TOKEN: fake.token,
    WEBFLOW_SITE_ID: fake.siteId,
    WEBFLOW_COLLECTION_ID: COLLECTION_ID,
    WEBFLOW_API_URL: fake.apiBase,
    // The site's address, as Netlify gives it: jobs go there, whatever a request's Host says.
    URL: ORIGIN,
  })) {
    vi.stubEnv(name, value)
  }
  server.use(
    http.post(`${ORIGIN}${SYNC_FUNCTION_PATH}`, async ({ request }) => {
      const body = await request.text()
      queued.push(() => webflowSyncBackground(new Request(request.url, { method: 'POST', body })))
      return new HttpResponse(null, { status: 202 })
    }),
  )
})

afterEach(async () => {
  await drain()
  vi.unstubAllEnvs()
  replaceDocumentStore(undefined)
})

describe('the trash and the Webflow mirror', () => {
  it('removes the item on delete, and mirrors a restored record again as a new item', async () => {
    const created = await call(upload, 'POST', '/api/upload', {
      title: 'Sunset',
      media_url: 'https://cdn.example.test/sunset.mov',
    })
    const { record } = (await created.json()) as { record: MediaRecord }
    await drain()
    const [first] = fake.itemsOf(COLLECTION_ID)
    expect((await listed(record.id))?.webflow).toMatchObject({ state: 'synced', item_id: first?.id })

    const path = `/api/delete/${String(record.id)}?id=${String(record.id)}`
    expect((await call(deleteFile, 'DELETE', path)).status).toBe(200)
    await drain()
    expect(fake.itemsOf(COLLECTION_ID)).toEqual([])

    fake.received.length = 0
    const restored = await call(trashRestore, 'POST', '/api/trash/restore', { ids: [record.id] })
    expect(restored.status).toBe(200)
    const [result] = batchResponseSchema.parse(await restored.json()).results
    expect(result?.record?.webflow).toEqual({
      state: 'pending',
      revision: 1,
      updated_at: expect.any(String) as unknown,
    })
    await drain()
    // Published live by default (WEBFLOW_PUBLISH).
    expect(fake.calls()).toEqual([`POST collections/${COLLECTION_ID}/items/live`])
    const [second] = fake.itemsOf(COLLECTION_ID)
    expect(second?.id).not.toBe(first?.id)
    expect(second?.fieldData).toMatchObject({ name: 'Sunset', slug: 'sunset' })
    expect((await listed(record.id))?.webflow).toMatchObject({ state: 'synced', item_id: second?.id })
  })

  it('asks nothing of Webflow when a trashed record is purged: its item went with the delete', async () => {
    const created = await call(upload, 'POST', '/api/upload', { media_url: 'https://cdn.example.test/a.png' })
    const { record } = (await created.json()) as { record: MediaRecord }
    await drain()
    await call(deleteFile, 'DELETE', `/api/delete/${String(record.id)}?id=${String(record.id)}`)
    await drain()
    fake.received.length = 0
    const purged = await call(trashDeleteForever, 'POST', '/api/trash/purge', { ids: [record.id] })
    expect(await purged.json()).toEqual({
      results: [{ id: record.id, success: true }],
      succeeded: 1,
      failed: 0,
    })
    await drain()
    expect(fake.received).toEqual([])
  })
})
