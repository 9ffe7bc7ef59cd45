/**
 * Share links through the real functions and routing table, on in-memory stores: making, listing and
 * revoking them, expiry, tampered links, and the access gate (decision 0041).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { accessGateFor, replaceAccessGate } from '../../../../netlify/server/http/access-gate'
import { SHARE_MESSAGES } from '../../../../netlify/server/shares/share-links'
import { LIMITS } from '../../../../src/contract/limits'
import { shareListSchema } from '../../../../src/contract/shares'
import { mediaHostStores, replaceDocumentStore } from '../../../../netlify/server/store'
import { sweepTrash } from '../../../../netlify/server/trash/trash-sweep'
import type { MediaHostStores } from '../../../../netlify/server/uploads/upload-service'
import type { StoreCall } from '../../../support/store-interceptor'
import { freshStores, send, sendOk, uploadFile } from '../../../support/in-process-api'

const PUBLIC = 'https://media.example.com'
const TOKEN = 'a-long-random-token-0123456789'
const BEARER = { authorization: `Bearer ${TOKEN}` }
const BYTES = new TextEncoder().encode('the shared bytes, as they were uploaded')

interface Created {
  id: string
  url: string
  expires_at: string
}

let calls: StoreCall[]
let stores: MediaHostStores

beforeEach(() => {
  vi.stubEnv('PUBLIC_ORIGIN', PUBLIC)
  calls = []
  stores = freshStores(() => (call, proceed) => {
    calls.push(call)
    return proceed()
  })
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllEnvs()
  replaceAccessGate(undefined)
  replaceDocumentStore(undefined)
})

async function storedRecord(mediaUrl?: string): Promise<number> {
  const url = mediaUrl ?? (await uploadFile('notes.txt', BYTES)).url
  const { body } = await sendOk({
    method: 'POST',
    path: '/api/upload',
    json: { title: 'Shared notes', media_url: url },
  })
  return (body as { record: { id: number } }).record.id
}

async function share(fileId: number, hours: number, headers: Record<string, string> = {}): Promise<Created> {
  const answer = await send({
    method: 'POST',
    path: `/api/share/${String(fileId)}`,
    json: { expires_in_hours: hours },
    headers,
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body as Created
}

/** A link as kept before decision 0063, one document each, made a minute ago; returns its share id. */
async function writeLegacyShare(fileId: number, random: string, expires: Date): Promise<string> {
  const id = `${String(fileId)}-${random}`
  const share = {
    id,
    file_id: fileId,
    created_at: new Date(Date.now() - 60_000).toISOString(),
    expires_at: expires.toISOString(),
  }
  await stores.documents.write(`shares/${String(fileId)}/${random}`, share, { ifNew: true })
  return id
}

/** Opens a share URL (its path, on this process's origin). */
const open = (url: string, headers: Record<string, string> = {}) =>
  send({ method: 'GET', path: new URL(url).pathname, headers })

describe('share links', () => {
  it('makes a link on the public origin that opens the file with the serving policy, until it expires', async () => {
    const fileId = await storedRecord()
    vi.useFakeTimers({ now: new Date('2026-12-01T10:00:00Z'), toFake: ['Date'] })
    const created = await share(fileId, 24)
    expect(created.id).toMatch(new RegExp(`^${String(fileId)}-[\\w-]{22}$`))
    expect(created.url).toBe(`${PUBLIC}/api/shared/${created.id}/${created.url.split('/').pop() ?? ''}`)
    expect(created.expires_at).toBe('2026-12-02T10:00:00.000Z')

    const opened = await open(created.url)
    expect(opened.status).toBe(200)
    expect(opened.body).toBe(new TextDecoder().decode(BYTES))
    expect(opened.headers.get('x-content-type-options')).toBe('nosniff')
    expect(opened.headers.get('content-disposition')).toMatch(/notes\.txt/)
    expect(opened.headers.get('cache-control')).toBe('private, no-cache')
    const ranged = await open(created.url, { range: 'bytes=4-9' })
    expect([ranged.status, ranged.body]).toEqual([206, 'shared'])

    vi.setSystemTime(new Date('2026-12-02T10:00:01Z'))
    const expired = await open(created.url)
    expect([expired.status, expired.body]).toEqual([410, { error: SHARE_MESSAGES.gone }])
    const page = await open(created.url, { accept: 'text/html,*/*' })
    expect(page.status).toBe(410)
    expect(page.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(page.body).toBe(`${SHARE_MESSAGES.gone}.\n`)
    expect((await send({ method: 'GET', path: `/api/shares?file=${String(fileId)}` })).body).toEqual([])
  })

  it('lists a file’s active links newest first, and a revoked link answers 410', async () => {
    const fileId = await storedRecord()
    const other = await storedRecord()
    vi.useFakeTimers({ now: new Date('2026-12-01T10:00:00Z'), toFake: ['Date'] })
    const first = await share(fileId, 1)
    vi.setSystemTime(new Date('2026-12-01T10:05:00Z'))
    const second = await share(fileId, 720)
    await share(other, 1)
    const listed = await sendOk({ method: 'GET', path: `/api/shares?file=${String(fileId)}` })
    expect(listed.body).toEqual([
      { ...second, created_at: '2026-12-01T10:05:00.000Z' },
      { ...first, created_at: '2026-12-01T10:00:00.000Z' },
    ])

    const revoked = await send({ method: 'DELETE', path: `/api/share/${first.id}` })
    expect(revoked.status).toBe(204)
    expect((await open(first.url)).status).toBe(410)
    expect((await open(second.url)).status).toBe(200)
    expect((await send({ method: 'DELETE', path: `/api/share/${first.id}` })).status).toBe(404)
    const after = await sendOk({ method: 'GET', path: `/api/shares?file=${String(fileId)}` })
    expect((after.body as Created[]).map((item) => item.id)).toEqual([second.id])
  })

  it('refuses bad bodies, unknown and trashed files, and unknown share ids', async () => {
    const fileId = await storedRecord()
    for (const body of [{}, { expires_in_hours: 0 }, { expires_in_hours: 721 }, { expires_in_hours: 1.5 }]) {
      const answer = await send({ method: 'POST', path: `/api/share/${String(fileId)}`, json: body })
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect((answer.body as { error: string }).error).toMatch(/expires_in_hours/)
    }
    expect(
      (await send({ method: 'POST', path: '/api/share/999', json: { expires_in_hours: 1 } })).status,
    ).toBe(404)
    const created = await share(fileId, 1)
    await sendOk({ method: 'DELETE', path: `/api/delete/${String(fileId)}` })
    expect(
      (await send({ method: 'POST', path: `/api/share/${String(fileId)}`, json: { expires_in_hours: 1 } }))
        .status,
    ).toBe(404)
    const trashed = await open(created.url)
    expect([trashed.status, trashed.body]).toEqual([404, { error: SHARE_MESSAGES.fileGone }])
    expect((await send({ method: 'GET', path: `/api/shares?file=${String(fileId)}` })).status).toBe(404)
    expect((await send({ method: 'DELETE', path: '/api/share/nonsense' })).status).toBe(404)
    expect((await send({ method: 'GET', path: '/api/shares' })).status).toBe(400)
  })

  it('refuses a forged or swapped signature without reading the share or the file', async () => {
    const fileId = await storedRecord()
    const other = await storedRecord()
    const created = await share(fileId, 1)
    const otherShare = await share(other, 1)
    const [, , , id = '', signature = ''] = new URL(created.url).pathname.split('/')
    const otherSignature = otherShare.url.split('/').pop() ?? ''
    calls = []
    const forged = [
      `/api/shared/${id}/${'A'.repeat(43)}`,
      `/api/shared/${id}/${otherSignature}`,
      `/api/shared/${otherShare.id}/${signature}`,
      `/api/shared/${id}/short`,
      `/api/shared/${String(other)}-${id.split('-').slice(1).join('-')}/${signature}`,
    ]
    for (const path of forged) {
      const answer = await send({ method: 'GET', path })
      expect([answer.status, answer.body], path).toEqual([404, { error: SHARE_MESSAGES.invalid }])
    }
    expect(calls, 'the secret is known to this instance already').toEqual([])
  })

  it('removes a file’s links when it is purged from the Trash, and its links still say the file is gone', async () => {
    const fileId = await storedRecord()
    const other = await storedRecord()
    const links = [await share(fileId, 1), await share(fileId, 720)]
    const kept = await share(other, 24)
    const storedLinks = async () => (await stores.documents.list('share-links/')).map(({ key }) => key)
    await sendOk({ method: 'DELETE', path: `/api/delete/${String(fileId)}` })
    // Only trashed: its links stay, for a restore to bring back.
    expect(await storedLinks()).toEqual([`share-links/${String(fileId)}`, `share-links/${String(other)}`])

    calls = []
    await sendOk({ method: 'POST', path: '/api/trash/purge', json: { ids: [fileId] } })
    const shareCalls = calls.filter((call) => /^shares?(-links)?\//.test(call.key))
    expect(shareCalls.map((call) => `${call.op} ${call.key}`).sort()).toEqual([
      `list shares/${String(fileId)}/`,
      `remove share-links/${String(fileId)}`,
    ])
    expect(await storedLinks()).toEqual([`share-links/${String(other)}`])
    for (const link of links) {
      const opened = await open(link.url)
      expect([opened.status, opened.body]).toEqual([404, { error: SHARE_MESSAGES.fileGone }])
    }
    expect((await open(kept.url)).status).toBe(200)
    // A revoked link of a live file still answers 410.
    await sendOk({ method: 'DELETE', path: `/api/share/${kept.id}` })
    expect((await open(kept.url)).status).toBe(410)
  })

  it('the Trash sweep removes the links of every file it purges with one listing of each layout', async () => {
    const [first, second, live] = [await storedRecord(), await storedRecord(), await storedRecord()]
    for (const id of [first, second, live]) await share(id, 24)
    await share(first, 48)
    await writeLegacyShare(second, 'B'.repeat(22), new Date(Date.now() + 3_600_000))
    await sendOk({ method: 'POST', path: '/api/batch-delete', json: { ids: [first, second] } })
    calls = []
    // The stores the functions use: each call is seen.
    await sweepTrash(mediaHostStores(), {
      now: new Date(Date.now() + 60_000),
      maxAgeMs: 0,
      cloudinary: null,
    })
    const shareCalls = calls.filter((call) => /^shares?(-links)?\//.test(call.key))
    expect(shareCalls.filter((call) => call.op === 'list').map((call) => call.key)).toEqual([
      'share-links/',
      'shares/',
    ])
    expect(shareCalls.filter((call) => call.op === 'remove')).toHaveLength(3)
    expect((await stores.documents.list('share-links/')).map(({ key }) => key)).toEqual([
      `share-links/${String(live)}`,
    ])
    expect(await stores.documents.list('shares/')).toEqual([])
  })

  it('keeps opening, listing and revoking links made before they shared one document', async () => {
    const fileId = await storedRecord()
    const expires = new Date(Date.now() + 3_600_000)
    const legacyId = await writeLegacyShare(fileId, 'C'.repeat(22), expires)
    const made = await share(fileId, 24)
    const listed = (await sendOk({ method: 'GET', path: `/api/shares?file=${String(fileId)}` }))
      .body as Created[]
    expect(listed.map((item) => item.id)).toEqual([made.id, legacyId])
    const legacyUrl = listed[1]?.url ?? ''
    expect((await open(legacyUrl)).status).toBe(200)
    expect((await send({ method: 'DELETE', path: `/api/share/${legacyId}` })).status).toBe(204)
    expect((await open(legacyUrl)).status).toBe(410)
    expect((await open(made.url)).status).toBe(200)
    expect((await send({ method: 'DELETE', path: `/api/share/${legacyId}` })).status).toBe(404)
  })

  it('counts links made before toward the limit, and lists every one even past it', async () => {
    const fileId = await storedRecord()
    const expires = new Date(Date.now() + 3_600_000)
    // As the limit's race once let happen: more than 50, each its own document.
    for (let i = 0; i < LIMITS.sharesPerFile + 5; i++) {
      await writeLegacyShare(fileId, String(i).padStart(22, 'L'), expires)
    }
    const refused = await send({
      method: 'POST',
      path: `/api/share/${String(fileId)}`,
      json: { expires_in_hours: 1 },
    })
    expect(refused.status).toBe(409)
    const listed = await sendOk({ method: 'GET', path: `/api/shares?file=${String(fileId)}` })
    expect(shareListSchema.parse(listed.body)).toHaveLength(LIMITS.sharesPerFile + 5)
  })

  it('redirects a file on the site’s own Cloudinary account to its URL', async () => {
    vi.stubEnv('CLOUDINARY_CLOUD_NAME', 'demo')
    const url = 'https://res.cloudinary.com/demo/image/upload/v1/HIBF_assets/cat.jpg'
    const created = await share(await storedRecord(url), 1)
    const opened = await open(created.url)
    expect([opened.status, opened.headers.get('location')]).toEqual([302, url])
  })

  it('refuses to share a file on another Cloudinary account, or anywhere the site does not serve', async () => {
    vi.stubEnv('CLOUDINARY_CLOUD_NAME', 'demo')
    const elsewhere = [
      'https://elsewhere.example/cat.jpg',
      'https://res.cloudinary.com/someone-else/raw/upload/v1/page.html',
      'https://res.cloudinary.com/demo/raw/upload/v1/x/../../../someone-else/raw/upload/page.html',
    ]
    for (const url of elsewhere) {
      const answer = await send({
        method: 'POST',
        path: `/api/share/${String(await storedRecord(url))}`,
        json: { expires_in_hours: 1 },
      })
      expect(answer.status, url).toBe(400)
      expect((answer.body as { error: string }).error, url).toMatch(/does not serve/)
    }
    vi.stubEnv('CLOUDINARY_CLOUD_NAME', '')
    const ours = await storedRecord('https://res.cloudinary.com/demo/image/upload/v1/HIBF_assets/cat.jpg')
    expect(
      (await send({ method: 'POST', path: `/api/share/${String(ours)}`, json: { expires_in_hours: 1 } }))
        .status,
      'with no account configured',
    ).toBe(400)
  })

  it('refuses to open a link to a file on another Cloudinary account, never redirecting', async () => {
    // Made while the site was set up with that account; the site's account is another one now.
    vi.stubEnv('CLOUDINARY_CLOUD_NAME', 'someone-else')
    const page = 'https://res.cloudinary.com/someone-else/raw/upload/v1/page.html'
    const created = await share(await storedRecord(page), 1)
    expect((await open(created.url)).headers.get('location')).toBe(page)
    vi.stubEnv('CLOUDINARY_CLOUD_NAME', 'demo')
    const opened = await open(created.url)
    expect([opened.status, opened.body, opened.headers.get('location')]).toEqual([
      404,
      { error: SHARE_MESSAGES.notServed },
      null,
    ])
    const inBrowser = await open(created.url, { accept: 'text/html' })
    expect([inBrowser.status, inBrowser.headers.get('location')]).toEqual([404, null])
  })

  it('with the gate closed, making, listing and revoking need the token, and the link opens without it', async () => {
    const fileId = await storedRecord()
    replaceAccessGate(accessGateFor(TOKEN))
    const created = await share(fileId, 1, BEARER)
    expect(
      (await send({ method: 'POST', path: `/api/share/${String(fileId)}`, json: { expires_in_hours: 1 } }))
        .status,
    ).toBe(401)
    expect((await send({ method: 'GET', path: `/api/shares?file=${String(fileId)}` })).status).toBe(401)
    expect((await send({ method: 'DELETE', path: `/api/share/${created.id}` })).status).toBe(401)
    const opened = await open(created.url)
    expect([opened.status, opened.body]).toEqual([200, new TextDecoder().decode(BYTES)])
    expect((await send({ method: 'DELETE', path: `/api/share/${created.id}`, headers: BEARER })).status).toBe(
      204,
    )
    expect((await open(created.url)).status).toBe(410)
  })
})
