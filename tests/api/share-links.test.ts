import { readFile } from 'node:fs/promises'

import { describe, expect, it } from 'vitest'

import { baseUrl } from '../support/api-client'
import { BEARER, gateClient, GATE_TOKEN, json, okJson } from '../support/gate-client'
import { withServerEnv } from '../support/server-env'

/**
 * A share link over HTTP with the access gate closed: made with the token, it opens the file for a
 * caller with no credential at all, and stops once revoked (decision 0041). The rest is in
 * tests/netlify/server/shares/share-links.test.ts.
 */
const PUBLIC = 'https://media.example.com'
withServerEnv(() => ({ APP_ACCESS_TOKEN: GATE_TOKEN, PUBLIC_ORIGIN: PUBLIC }))

const { call, hostFixture } = gateClient(baseUrl)

describe('share links with the gate closed', () => {
  it('open the file without a credential, on the configured origin, until revoked', async () => {
    const file = await hostFixture('landscape.jpg', BEARER)
    const { record } = await okJson<{ record: { id: number } }>(
      await call('/api/upload', { method: 'POST', ...json({ title: 'Shared', media_url: file }, BEARER) }),
    )
    expect((await call(file)).status).toBe(401)
    const created = await call(`/api/share/${String(record.id)}`, {
      method: 'POST',
      ...json({ expires_in_hours: 24 }, { ...BEARER, host: 'evil.example' }),
    })
    expect(created.status).toBe(201)
    const share = (await created.json()) as { id: string; url: string }
    expect(share.url.startsWith(`${PUBLIC}/api/shared/${share.id}/`)).toBe(true)

    const path = new URL(share.url).pathname
    const opened = await call(path)
    expect(opened.status).toBe(200)
    expect(opened.headers.get('content-type')).toBe('image/jpeg')
    const bytes = await readFile(new URL('../fixtures/media/landscape.jpg', import.meta.url))
    expect(Buffer.from(await opened.arrayBuffer()).equals(bytes)).toBe(true)

    expect((await call(`/api/share/${share.id}`, { method: 'DELETE' })).status).toBe(401)
    expect((await call(`/api/share/${share.id}`, { method: 'DELETE', headers: BEARER })).status).toBe(204)
    const revoked = await call(path)
    expect(revoked.status).toBe(410)
    expect(((await revoked.json()) as { error: string }).error).toMatch(/expired or was revoked/)
  })
})
