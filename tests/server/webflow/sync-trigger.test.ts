import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import {
  openJob,
  queueSyncJob,
  sealJob,
  SYNC_FUNCTION_PATH,
} from '../../../netlify/server/webflow/sync-trigger'
import type { SyncJob } from '../../../netlify/server/webflow/webflow-sync'

const TOKEN = 'site-token-1'
const ORIGIN = 'https://media.example.test'
const UPSERT: SyncJob = { action: 'upsert', ids: [1, 2, 3] }
const DELETE: SyncJob = { action: 'delete', items: [{ item_id: 'abc', asset_id: 'def' }, { item_id: 'ghi' }] }

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

describe('sealJob / openJob', () => {
  it('opens what it sealed with the same token', () => {
    expect(openJob(sealJob(UPSERT, TOKEN), TOKEN)).toEqual(UPSERT)
    expect(openJob(sealJob(DELETE, TOKEN), TOKEN)).toEqual(DELETE)
  })

  it('never puts the token itself in the body', () => {
    expect(sealJob(UPSERT, TOKEN)).not.toContain(TOKEN)
  })

  it('refuses a body sealed with another token', () => {
    expect(openJob(sealJob(UPSERT, 'another-token'), TOKEN)).toBeNull()
    expect(openJob(sealJob(UPSERT, TOKEN), `${TOKEN} `)).toBeNull()
  })

  it('refuses a tampered job under the original signature', () => {
    const { signature } = envelope(sealJob(UPSERT, TOKEN))
    const tampered = [
      JSON.stringify({ action: 'upsert', ids: [1, 2, 3, 4] }),
      JSON.stringify({ action: 'delete', items: [{ item_id: 'victim' }] }),
      `${JSON.stringify(UPSERT)} `,
    ]
    for (const job of tampered) expect(openJob(JSON.stringify({ job, signature }), TOKEN)).toBeNull()
  })

  it('refuses a forged, truncated or missing signature', () => {
    const { job, signature } = envelope(sealJob(DELETE, TOKEN))
    const forged = [
      '',
      signature.slice(0, -1),
      `${signature}A`,
      signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
      Buffer.from(signature, 'base64url').toString('hex'),
    ]
    for (const candidate of forged) {
      expect(openJob(JSON.stringify({ job, signature: candidate }), TOKEN)).toBeNull()
    }
    expect(openJob(JSON.stringify({ job }), TOKEN)).toBeNull()
  })

  it('refuses malformed bodies without throwing', () => {
    const { job, signature } = envelope(sealJob(UPSERT, TOKEN))
    for (const body of [
      '',
      'null',
      '[]',
      '{',
      JSON.stringify(UPSERT),
      JSON.stringify({ job: JSON.parse(job) as unknown, signature }),
      JSON.stringify({ job, signature: 42 }),
    ]) {
      expect(openJob(body, TOKEN)).toBeNull()
    }
  })

  it('refuses a correctly signed job that is not a valid job', () => {
    const invalid = [
      { action: 'upsert', ids: [] },
      { action: 'upsert', ids: [0] },
      { action: 'upsert', ids: [1.5] },
      { action: 'upsert', ids: Array.from({ length: 5_001 }, (_, i) => i + 1) },
      { action: 'publish', ids: [1] },
      { action: 'delete', items: [{ asset_id: 'x' }] },
      { action: 'delete', items: [{ item_id: 'x'.repeat(101) }] },
    ]
    for (const job of invalid) expect(openJob(sealJob(job as SyncJob, TOKEN), TOKEN)).toBeNull()
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
    expect(await queueSyncJob(ORIGIN, UPSERT, TOKEN)).toBe(true)
    expect(bodies).toHaveLength(1)
    expect(openJob(bodies[0] ?? '', TOKEN)).toEqual(UPSERT)
  })

  it('reports false, without throwing, when the function fails or cannot be reached', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.use(http.post(url, () => new HttpResponse(null, { status: 500 })))
    expect(await queueSyncJob(ORIGIN, UPSERT, TOKEN)).toBe(false)
    server.use(http.post(url, () => HttpResponse.error()))
    expect(await queueSyncJob(ORIGIN, UPSERT, TOKEN)).toBe(false)
    expect(logged).toHaveBeenCalledTimes(1)
  })
})
