import { describe, expect, it } from 'vitest'

import { retryAfterMs, WebflowApi, WebflowError } from '../../../../netlify/server/webflow/webflow-api'
import { COLLECTION_ID, readySetup, webflowFakeForFile } from '../../../support/webflow-setup'

const { fake } = webflowFakeForFile()

function client(options: { token?: string; sleeps?: number[]; rateLimitRetries?: number } = {}) {
  const setup = readySetup(fake, { token: options.token })
  if (setup.kind !== 'ready') throw new Error('unreachable')
  const sleeps = options.sleeps ?? []
  return new WebflowApi(setup.config, {
    rateLimitRetries: options.rateLimitRetries,
    sleep: (ms) => {
      sleeps.push(ms)
      return Promise.resolve()
    },
  })
}

async function caught(promise: Promise<unknown>): Promise<WebflowError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  if (!(error instanceof WebflowError)) throw new Error(`expected a WebflowError, got ${String(error)}`)
  return error
}

describe('WebflowApi', () => {
  it('sends the bearer token and JSON, and reads the site back (connection test)', async () => {
    const site = (await client().request('GET', `sites/${fake.siteId}`)) as { id: string }
    expect(site.id).toBe(fake.siteId)
    expect(fake.received).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: `sites/${fake.siteId}`,
        authorization: `Bearer ${fake.token}`,
        body: null,
        status: 200,
      }),
    ])
  })

  it("turns a 401 into an error carrying Webflow's code and message", async () => {
    const error = await caught(client({ token: 'wrong' }).request('GET', `sites/${fake.siteId}`))
    expect(error).toMatchObject({ status: 401, code: 'not_authorized', isDuplicateSlug: false })
    expect(error.message).toBe(`Webflow GET sites/${fake.siteId}: 401 Request not authorized`)
  })

  it('turns a 404 into an error, and keeps the details of a validation error', async () => {
    const missing = await caught(client().request('GET', 'sites/000000000000000000000000'))
    expect(missing).toMatchObject({ status: 404, code: 'resource_not_found' })

    const api = client()
    const item = { fieldData: { name: 'Sunset', slug: 'sunset' } }
    await api.request('POST', `collections/${COLLECTION_ID}/items`, item)
    const duplicate = await caught(api.request('POST', `collections/${COLLECTION_ID}/items`, item))
    expect(duplicate).toMatchObject({ status: 400, code: 'validation_error', isDuplicateSlug: true })
    expect(duplicate.details).toEqual([
      { param: 'slug', description: "Unique value is already in database: 'sunset'" },
    ])
  })

  it('recognises a duplicate slug in either details shape, and nothing else as one', () => {
    const param = new WebflowError(400, 'validation_error', 'x', [{ param: 'slug', description: 'taken' }])
    const field = new WebflowError(400, 'validation_error', 'x', [{ field: 'slug', message: 'taken' }])
    const other = new WebflowError(400, 'validation_error', 'x', [{ param: 'name', description: 'required' }])
    const conflict = new WebflowError(409, 'conflict', 'x', [{ param: 'slug' }])
    expect([param, field, other, conflict].map((error) => error.isDuplicateSlug)).toEqual([
      true,
      true,
      false,
      false,
    ])
  })

  it('waits out a 429 for the seconds Retry-After gives, then succeeds', async () => {
    const sleeps: number[] = []
    fake.rateLimitNext(2, '7')
    const site = (await client({ sleeps }).request('GET', `sites/${fake.siteId}`)) as { id: string }
    expect(site.id).toBe(fake.siteId)
    expect(sleeps).toEqual([7_000, 7_000])
    expect(fake.received.map((request) => request.status)).toEqual([429, 429, 200])
  })

  it('waits until the HTTP date a Retry-After gives', async () => {
    const sleeps: number[] = []
    fake.rateLimitNext(1, new Date(Date.now() + 30_000).toUTCString())
    await client({ sleeps }).request('GET', `sites/${fake.siteId}`)
    expect(sleeps).toHaveLength(1)
    // An HTTP date has whole seconds: the wait is 29-30 s from now.
    expect(sleeps[0]).toBeGreaterThan(28_000)
    expect(sleeps[0]).toBeLessThanOrEqual(30_000)
  })

  it('caps one wait at 65 s, whatever Retry-After asks', async () => {
    const sleeps: number[] = []
    fake.rateLimitNext(1, '3600')
    await client({ sleeps }).request('GET', `sites/${fake.siteId}`)
    expect(sleeps).toEqual([65_000])
  })

  it('gives up after its retry budget with the 429 as the error', async () => {
    const sleeps: number[] = []
    fake.rateLimitNext(10, '1')
    const error = await caught(client({ sleeps }).request('GET', `sites/${fake.siteId}`))
    expect(error).toMatchObject({ status: 429, code: 'too_many_requests' })
    expect(error.message).toContain('429 Too Many Requests')
    expect(sleeps).toEqual([1_000, 1_000, 1_000])
    expect(fake.received).toHaveLength(4)
  })

  it('does not wait at all with a budget of 0 (the connection test)', async () => {
    const sleeps: number[] = []
    fake.rateLimitNext(1)
    const error = await caught(client({ sleeps, rateLimitRetries: 0 }).request('GET', `sites/${fake.siteId}`))
    expect(error.status).toBe(429)
    expect(sleeps).toEqual([])
  })
})

describe('retryAfterMs', () => {
  const now = Date.parse('2025-01-31T12:00:00.000Z')

  it.each([
    ['0', 0],
    ['1', 1_000],
    [' 60 ', 60_000],
    ['Fri, 31 Jan 2025 12:00:45 GMT', 45_000],
    ['Fri, 31 Jan 2025 11:59:00 GMT', 0],
    [null, 60_000],
    ['soon', 60_000],
  ])('%j -> %i ms', (header, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected)
  })
})
