import { createHmac } from 'node:crypto'

import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import type { DocumentStore } from '../../../../netlify/server/storage/document-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import {
  claimJob,
  openJob,
  queueSyncJob,
  RAN_JOB_PREFIX,
  removeSpentJobMarks,
  sealJob,
  SYNC_FUNCTION_PATH,
  SYNC_SECRET_KEY,
  syncJobSecret,
} from '../../../../netlify/server/webflow/sync-trigger'
import type { SyncJob } from '../../../../netlify/server/webflow/webflow-sync'

const SECRET = Buffer.alloc(32, 7)
const OTHER_SECRET = Buffer.alloc(32, 8)
const NOW = new Date('2026-05-01T12:00:00.000Z')
const ORIGIN = 'https://media.example.test'
const UPSERT: SyncJob = { action: 'upsert', ids: [1, 2, 3] }
const DELETE: SyncJob = {
  action: 'delete',
  items: [
    { item_id: 'abc', asset_id: 'def', outdated_asset_ids: ['jkl'] },
    { item_id: 'ghi' },
    // An asset whose item was never made.
    { asset_id: 'mno' },
  ],
}

const server = setupServer()
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
})
afterAll(() => {
  server.close()
})

function envelope(body: string): { job: string; signature: string } {
  return JSON.parse(body) as { job: string; signature: string }
}

const minutesFrom = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000)
const open = (body: string, secret: Buffer = SECRET, now = NOW) => openJob(body, secret, now)?.job ?? null

describe('sealJob / openJob', () => {
  it('opens what it sealed with the same secret', () => {
    expect(open(sealJob(UPSERT, SECRET, NOW))).toEqual(UPSERT)
    expect(open(sealJob(DELETE, SECRET, NOW))).toEqual(DELETE)
  })

  it('never puts the secret itself in the body', () => {
    const body = sealJob(UPSERT, SECRET, NOW)
    expect(body).not.toContain(SECRET.toString('base64url'))
    expect(body).not.toContain(SECRET.toString('hex'))
  })

  it('refuses a body sealed with another secret', () => {
    expect(open(sealJob(UPSERT, OTHER_SECRET, NOW))).toBeNull()
  })

  it('stamps every job with its issue time and a nonce of its own', () => {
    const first = openJob(sealJob(UPSERT, SECRET, NOW), SECRET, NOW)
    const second = openJob(sealJob(UPSERT, SECRET, NOW), SECRET, NOW)
    expect(first?.issuedAt).toBe(NOW.getTime())
    expect(first?.nonce).toMatch(/^[\w-]{22}$/)
    expect(second?.nonce).not.toBe(first?.nonce)
  })

  it('refuses a job issued more than five minutes from now, either way', () => {
    const body = sealJob(UPSERT, SECRET, NOW)
    expect(open(body, SECRET, minutesFrom(NOW, 5))).toEqual(UPSERT)
    expect(open(body, SECRET, minutesFrom(NOW, 5.01))).toBeNull()
    expect(open(body, SECRET, minutesFrom(NOW, 60 * 24))).toBeNull()
    expect(open(body, SECRET, minutesFrom(NOW, -5.01))).toBeNull()
  })

  it('refuses a job whose issue time or nonce was changed under the original signature', () => {
    const { job, signature } = envelope(sealJob(UPSERT, SECRET, NOW))
    const payload = JSON.parse(job) as Record<string, unknown>
    for (const changed of [
      { ...payload, issued_at: NOW.getTime() + 1 },
      { ...payload, nonce: 'A'.repeat(22) },
      { job: payload.job, issued_at: payload.issued_at },
    ]) {
      expect(open(JSON.stringify({ job: JSON.stringify(changed), signature }))).toBeNull()
    }
  })

  it('refuses a tampered job under the original signature', () => {
    const { job, signature } = envelope(sealJob(UPSERT, SECRET, NOW))
    const payload = JSON.parse(job) as Record<string, unknown>
    const tampered = [
      JSON.stringify({ ...payload, job: { action: 'upsert', ids: [1, 2, 3, 4] } }),
      JSON.stringify({ ...payload, job: { action: 'delete', items: [{ item_id: 'victim' }] } }),
      `${job} `,
    ]
    for (const candidate of tampered) expect(open(JSON.stringify({ job: candidate, signature }))).toBeNull()
  })

  it('refuses a forged, truncated or missing signature', () => {
    const { job, signature } = envelope(sealJob(DELETE, SECRET, NOW))
    const forged = [
      '',
      signature.slice(0, -1),
      `${signature}A`,
      signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
      Buffer.from(signature, 'base64url').toString('hex'),
    ]
    for (const candidate of forged) {
      expect(open(JSON.stringify({ job, signature: candidate }))).toBeNull()
    }
    expect(open(JSON.stringify({ job }))).toBeNull()
  })

  it('refuses a job signed the old way, with the Webflow token', () => {
    const payload = JSON.stringify({ job: UPSERT, issued_at: NOW.getTime(), nonce: 'B'.repeat(22) })
    const signature = createHmac('sha256', 'webflow-sync:webflow-test-token')
      .update(payload)
      .digest('base64url')
    expect(open(JSON.stringify({ job: payload, signature }))).toBeNull()
  })

  it('refuses malformed bodies without throwing', () => {
    const { job, signature } = envelope(sealJob(UPSERT, SECRET, NOW))
    for (const body of [
      '',
      'null',
      '[]',
      '{',
      JSON.stringify(UPSERT),
      JSON.stringify({ job: JSON.parse(job) as unknown, signature }),
      JSON.stringify({ job, signature: 42 }),
    ]) {
      expect(open(body)).toBeNull()
    }
  })

  it('refuses a correctly signed job that is not a valid job', () => {
    const invalid = [
      { action: 'upsert', ids: [] },
      { action: 'upsert', ids: [0] },
      { action: 'upsert', ids: [1.5] },
      { action: 'upsert', ids: Array.from({ length: 5_001 }, (_, i) => i + 1) },
      { action: 'publish', ids: [1] },
      { action: 'delete', items: [{}] },
      { action: 'delete', items: [{ outdated_asset_ids: [] }] },
      {
        action: 'delete',
        items: [{ asset_id: 'x', outdated_asset_ids: Array.from({ length: 11 }, () => 'y') }],
      },
      { action: 'delete', items: [{ item_id: 'x'.repeat(101) }] },
    ]
    for (const job of invalid) expect(open(sealJob(job as SyncJob, SECRET, NOW))).toBeNull()
  })
})

describe('the secret jobs are signed with', () => {
  it('is made once, kept in the store, and the same for every instance that starts together', async () => {
    const documents = new MemoryDocumentStore()
    // Separate "instances": each its own view of one store, so none shares the other's cache.
    const views = Array.from({ length: 5 }, (): DocumentStore => ({
      read: (key) => documents.read(key),
      write: (key, value, condition) => documents.write(key, value, condition),
      remove: (key) => documents.remove(key),
      list: (prefix) => documents.list(prefix),
      exclusive: (key, task) => documents.exclusive(key, task),
    }))
    const secrets = await Promise.all(views.map((view) => syncJobSecret(view)))
    for (const secret of secrets) {
      expect(secret).toHaveLength(32)
      expect(secret.equals(secrets[0] ?? Buffer.alloc(0))).toBe(true)
    }
    const stored = await documents.read(SYNC_SECRET_KEY)
    expect(
      Buffer.from((stored?.value as { key: string }).key, 'base64url').equals(secrets[0] ?? Buffer.alloc(0)),
    ).toBe(true)
    // Another store (another site) gets another secret.
    expect((await syncJobSecret(new MemoryDocumentStore())).equals(secrets[0] ?? Buffer.alloc(0))).toBe(false)
  })
})

describe('claimJob and the cleanup of its marks', () => {
  it('lets a job run once, and refuses the same nonce again', async () => {
    const documents = new MemoryDocumentStore()
    const opened = openJob(sealJob(UPSERT, SECRET, NOW), SECRET, NOW)
    if (!opened) throw new Error('did not open')
    expect(await claimJob(documents, opened, NOW)).toBe(true)
    expect(await claimJob(documents, opened, NOW)).toBe(false)
    const results = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const again = openJob(sealJob(UPSERT, SECRET, NOW), SECRET, NOW)
        if (!again) throw new Error('did not open')
        return Promise.all([claimJob(documents, again), claimJob(documents, again)])
      }),
    )
    for (const pair of results) expect(pair.filter(Boolean)).toHaveLength(1)
  })

  it('removes only the marks of jobs too old to be opened again', async () => {
    const documents = new MemoryDocumentStore()
    for (const minutesAgo of [60, 11, 9, 0]) {
      const issued = minutesFrom(NOW, -minutesAgo)
      const opened = openJob(sealJob(UPSERT, SECRET, issued), SECRET, issued)
      if (!opened) throw new Error('did not open')
      await claimJob(documents, opened, issued)
    }
    expect(await documents.list(RAN_JOB_PREFIX)).toHaveLength(4)
    expect(await removeSpentJobMarks(documents, NOW)).toBe(2)
    expect(await documents.list(RAN_JOB_PREFIX)).toHaveLength(2)
    expect(await removeSpentJobMarks(documents, NOW)).toBe(0)
  })
})

describe('queueSyncJob', () => {
  const url = `${ORIGIN}${SYNC_FUNCTION_PATH}`

  it('posts the sealed job to the background function and is satisfied by its 202', async () => {
    const bodies: string[] = []
    server.use(
      http.post(url, async ({ request }) => {
        expect(request.headers.get('content-type')).toBe('application/json')
        bodies.push(await request.text())
        return new HttpResponse(null, { status: 202 })
      }),
    )
    const documents = new MemoryDocumentStore()
    expect(await queueSyncJob(ORIGIN, UPSERT, documents, NOW)).toBe(true)
    expect(bodies).toHaveLength(1)
    expect(open(bodies[0] ?? '', await syncJobSecret(documents))).toEqual(UPSERT)
  })

  it('reports false, without throwing, when the function fails or cannot be reached', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const documents = new MemoryDocumentStore()
    server.use(http.post(url, () => new HttpResponse(null, { status: 500 })))
    expect(await queueSyncJob(ORIGIN, UPSERT, documents)).toBe(false)
    server.use(http.post(url, () => HttpResponse.error()))
    expect(await queueSyncJob(ORIGIN, UPSERT, documents)).toBe(false)
    expect(logged).toHaveBeenCalledTimes(1)
  })
})
