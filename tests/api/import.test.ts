import { describe, expect, it } from 'vitest'

import { api } from '../support/api-client'
import { expectClientError, snapshot } from '../support/api-steps'

/**
 * `POST /api/import` over HTTP (decision 0048): every address that could reach inside the network is
 * refused with 400 naming why, in the upload's `{ success: false, error }` shape, and nothing is stored.
 * The tests have no internet, so a fetch that succeeds is shown in tests/netlify/server/imports instead.
 */
describe('POST /api/import', () => {
  it.each([
    ['https://localhost/secret.png', /this server itself/],
    ['https://127.0.0.1/secret.png', /this server itself/],
    ['https://2130706433/secret.png', /this server itself/],
    ['https://[::1]/secret.png', /this server itself/],
    ['https://[::ffff:127.0.0.1]/secret.png', /this server itself/],
    ['https://169.254.169.254/latest/meta-data/', /link-local/],
    ['https://[::ffff:169.254.169.254]/latest/meta-data/', /link-local/],
    ['https://10.0.0.1/secret.png', /private network/],
    ['https://100.100.100.200/latest/meta-data/', /shared network/],
    ['http://example.com/photo.png', /http:\/\/, which is not encrypted/],
    ['file:///etc/passwd', /starts with file:/],
    ['data:image/png;base64,iVBORw0KGgo=', /starts with data:/],
  ])('refuses %s with 400 naming why, storing nothing', async (url, reason) => {
    const before = await snapshot()
    const response = await api('POST', '/api/import', { url, title: 'Not imported', tags: ['x'] })
    const error = expectClientError(response, 400)
    expect(response.body).toEqual({ success: false, error })
    expect(error).toMatch(reason)
    expect(error).toMatch(/cannot be imported\./)
    expect(await snapshot()).toEqual(before)
  })

  it('refuses a body without an address, or with fields a create refuses, before fetching anything', async () => {
    expect(expectClientError(await api('POST', '/api/import', { title: 'x' }), 400)).toBe('url is required')
    expect(
      expectClientError(
        await api('POST', '/api/import', { url: 'https://127.0.0.1/a.png', tags: 'a'.repeat(101) }),
        400,
      ),
    ).toMatch(/^tags/)
    expect(expectClientError(await api('POST', '/api/import', { url: 'x'.repeat(3_000) }), 400)).toBe(
      'url must be at most 2048 characters',
    )
  })

  it('takes url as the address, never as the record media_url a create would read it as', async () => {
    const response = await api('POST', '/api/import', {
      url: 'https://[::ffff:127.0.0.1]/a.png',
      media_url: 'https://cdn.example.test/a.png',
    })
    expect(expectClientError(response, 400)).toMatch(/this server itself/)
  })

  it('refuses a malformed Idempotency-Key with 400, before reading the address', async () => {
    const before = await snapshot()
    const response = await api(
      'POST',
      '/api/import',
      { url: 'https://example.com/a.png' },
      {
        'Idempotency-Key': 'has spaces in it',
      },
    )
    expect(expectClientError(response, 400)).toMatch(/^Idempotency-Key must be 1 to 200 visible ASCII/)
    expect(await snapshot()).toEqual(before)
  })
})
