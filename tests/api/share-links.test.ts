import { readFile } from 'node:fs/promises'

import { describe, expect, it } from 'vitest'

import { baseUrl } from '../support/api-client'
import { BEARER, gateClient, GATE_TOKEN, json, okJson } from '../support/gate-client'
import { withServerEnv } from '../support/server-env'

/**
 * Share links over HTTP with the access gate closed: made with the token, a link opens the file for a
 * caller with no credential at all, and stops once revoked (decision 0041); the per-file limit holds
 * against calls made at once, and a file elsewhere than the site's own storage or Cloudinary account
 * is refused (0063). The rest is in tests/netlify/server/shares/.
 */
const PUBLIC = 'https://media.example.com'
withServerEnv(() => ({ APP_ACCESS_TOKEN: GATE_TOKEN, PUBLIC_ORIGIN: PUBLIC, CLOUDINARY_CLOUD_NAME: 'demo' }))

const { call, hostFixture } = gateClient(baseUrl)

async function storedRecord(mediaUrl: string): Promise<number> {
  const { record } = await okJson<{ record: { id: number } }>(
    await call('/api/upload', { method: 'POST', ...json({ title: 'Shared', media_url: mediaUrl }, BEARER) }),
  )
  return record.id
}

const makeShare = (fileId: number) =>
  call(`/api/share/${String(fileId)}`, { method: 'POST', ...json({ expires_in_hours: 24 }, BEARER) })

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

  it('holds a file to 50 links when 20 are asked for at once beside 40, and lists and revokes them all', async () => {
    const fileId = await storedRecord('https://res.cloudinary.com/demo/image/upload/v1/HIBF_assets/cat.jpg')
    for (let i = 0; i < 40; i++) expect((await makeShare(fileId)).status).toBe(201)
    const answers = await Promise.all(Array.from({ length: 20 }, () => makeShare(fileId)))
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([...Array<number>(10).fill(201), ...Array<number>(10).fill(409)])
    const refusal = answers.find((answer) => answer.status === 409)
    expect(refusal?.headers.get('content-type')).toMatch(/^application\/json/)
    expect(((await refusal?.json()) as { error: string }).error).toMatch(/already has 50 active share links/)

    const listed = await okJson<{ id: string; url: string }[]>(
      await call(`/api/shares?file=${String(fileId)}`, { headers: BEARER }),
    )
    expect(listed).toHaveLength(50)
    const opened = await call(new URL(listed[49]?.url ?? '').pathname)
    expect([opened.status, opened.headers.get('location')]).toEqual([
      302,
      'https://res.cloudinary.com/demo/image/upload/v1/HIBF_assets/cat.jpg',
    ])
    for (const share of listed) {
      expect((await call(`/api/share/${share.id}`, { method: 'DELETE', headers: BEARER })).status).toBe(204)
    }
    const left = await call(`/api/shares?file=${String(fileId)}`, { headers: BEARER })
    expect(await left.json()).toEqual([])
  })

  it('refuses, as JSON, to share a file on another Cloudinary account', async () => {
    const fileId = await storedRecord('https://res.cloudinary.com/someone-else/raw/upload/v1/page.html')
    const refused = await makeShare(fileId)
    expect(refused.status).toBe(400)
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/)
    expect(((await refused.json()) as { error: string }).error).toMatch(/does not serve/)
  })
})
