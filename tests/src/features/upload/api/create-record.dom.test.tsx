/**
 * The screen's create call: one Idempotency-Key per file, sent again with each retry of a create whose
 * answer was lost, so a dropped connection never stores the file's record twice.
 */
import { http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import * as z from 'zod'

import { createRecord } from '../../../../../src/features/upload/api/create-record'
import { apiRequest } from '../../../../../src/lib/api-client'
import { createApiServer } from '../../../../support/upload-api-server'

const api = createApiServer()
const keys: (string | null)[] = []
const server = setupServer(
  http.post('/api/upload', ({ request }) => {
    keys.push(request.headers.get('idempotency-key'))
  }),
  api.handler,
)

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
beforeEach(() => {
  api.install()
  api.log.length = 0
  keys.length = 0
})
afterEach(() => {
  server.resetHandlers()
  api.uninstall()
})
afterAll(() => {
  server.close()
})

const body = { title: 'Harbour', media_url: 'https://cdn.example.test/harbour.jpg' }

describe('createRecord', () => {
  it('sends a fresh key per file', async () => {
    await createRecord(body)
    await createRecord({ ...body, title: 'Another file' })
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[1]).not.toBe(keys[0])
  })

  it('retries a create whose answer was lost with the same key, and stores one record', async () => {
    // The server stores the record, then the connection drops before the answer arrives.
    api.fail({
      method: 'POST',
      match: (entry) => entry.path === '/api/upload',
      respond: 'network',
      after: true,
    })
    const record = await createRecord(body)
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    const stored = await api.records()
    expect(stored).toEqual([record])
  })

  it('does not retry a create the server answered', async () => {
    api.fail({
      method: 'POST',
      match: (entry) => entry.path === '/api/upload',
      respond: { status: 503, body: { success: false, error: 'Save failed' } },
    })
    await expect(createRecord(body)).rejects.toThrow('Backend API error: 503 - Save failed')
    expect(keys).toHaveLength(1)
  })

  it("fails with the server's words, sending once, when the key's file was deleted for good (410)", async () => {
    const record = await createRecord(body, { idempotencyKey: 'purged-file' })
    await apiRequest(`/api/delete/${String(record.id)}`, { method: 'DELETE', schema: z.unknown() })
    await apiRequest('/api/trash/purge', { method: 'POST', body: { ids: [record.id] }, schema: z.unknown() })
    keys.length = 0
    await expect(createRecord(body, { idempotencyKey: 'purged-file' })).rejects.toThrow(
      `Backend API error: 410 - The file made with this Idempotency-Key (file ${String(record.id)}) was ` +
        'deleted for good; send a new key to upload it again',
    )
    expect(keys).toHaveLength(1)
    expect(await api.records()).toEqual([])
  })
})
