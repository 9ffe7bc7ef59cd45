import { readFile } from 'node:fs/promises'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { ACCESS_COOKIE_NAME } from '../../../../src/contract/access'
import {
  ACCESS_MESSAGES,
  accessGateFor,
  replaceAccessGate,
} from '../../../../netlify/server/http/access-gate'
import { MemoryByteStore } from '../../../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { replaceDocumentStore } from '../../../../netlify/server/store'
import { routeToFunction } from '../../../support/function-router'

/** The access routes and the file links, run in this process through the real handlers and routing table. */
const ORIGIN = 'http://localhost:8888'
const TOKEN = 'a-long-random-token-0123456789'
const BEARER = { authorization: `Bearer ${TOKEN}` }

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await routeToFunction(new Request(new URL(path, ORIGIN), init))
  if (response === null) throw new Error(`no function serves ${path}`)
  return response
}

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

/** `name=value` of a Set-Cookie header, as a browser would send it back. */
function cookieOf(response: Response): string {
  const header = response.headers.get('set-cookie')
  if (header === null) throw new Error('no Set-Cookie')
  return header.split(';')[0] ?? ''
}

/** Stores a fixture on the built-in host through tus (one PATCH) and returns its `/api/files/...` URL. */
async function hostFixture(
  name: string,
  headers: Record<string, string>,
): Promise<{ url: string; bytes: Buffer }> {
  const bytes = await readFile(new URL(`../../../fixtures/media/${name}`, import.meta.url))
  const tus = { 'tus-resumable': '1.0.0', ...headers }
  const created = await call('/api/uploads', {
    method: 'POST',
    headers: {
      ...tus,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
    },
  })
  expect(created.status).toBe(201)
  const location = created.headers.get('location') ?? ''
  const patched = await call(location, {
    method: 'PATCH',
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: bytes,
  })
  expect(patched.status).toBe(204)
  const status = (await (await call(location, { headers })).json()) as { result: { secure_url: string } }
  return { url: new URL(status.result.secure_url, ORIGIN).pathname, bytes }
}

beforeEach(() => {
  replaceDocumentStore(new MemoryDocumentStore(), new MemoryByteStore())
  replaceAccessGate(accessGateFor(TOKEN))
})

afterEach(() => {
  replaceDocumentStore(undefined)
  replaceAccessGate(undefined)
  vi.unstubAllEnvs()
})

describe('/api/access', () => {
  it('GET answers 401 without the token and { required: true } with it', async () => {
    const refused = await call('/api/access')
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/)
    expect(await (await call('/api/access', { headers: BEARER })).json()).toEqual({
      required: true,
      actor: { type: 'owner', id: 'owner', name: 'Owner', role: 'admin' },
    })
  })

  it('GET answers { required: false } when the gate is open, and 503 when it is misconfigured', async () => {
    replaceAccessGate(accessGateFor(undefined))
    expect(await (await call('/api/access')).json()).toEqual({ required: false })
    replaceAccessGate(accessGateFor(' '))
    const misconfigured = await call('/api/access')
    expect(misconfigured.status).toBe(503)
    expect(await misconfigured.json()).toEqual({ error: ACCESS_MESSAGES.misconfigured })
  })

  it('with a token under 24 characters every call, sign-in included, answers 503 naming the setting', async () => {
    const short = 'short-but-set-0123456'
    replaceAccessGate(accessGateFor(short))
    const bearer = { authorization: `Bearer ${short}` }
    for (const refused of [
      await call('/api/access'),
      await postJson('/api/access', { token: short }),
      await call('/api/media', { headers: bearer }),
      await call('/api/folder-list', { headers: bearer }),
      await call('/api/trash', { headers: bearer }),
      await call('/api/uploads', { method: 'POST', headers: { ...bearer, 'tus-resumable': '1.0.0' } }),
    ]) {
      expect(refused.status).toBe(503)
      const { error } = (await refused.json()) as { error: string }
      expect(error).toContain('APP_ACCESS_TOKEN')
      expect(error).toContain('at least 24 characters')
    }
  })

  it('POST with the token in the body sets a cookie that opens every route; DELETE clears it', async () => {
    expect((await call('/api/media')).status).toBe(401)
    const signedIn = await postJson('/api/access', { token: TOKEN })
    expect(signedIn.status).toBe(204)
    const cookie = cookieOf(signedIn)
    expect(cookie.startsWith(`${ACCESS_COOKIE_NAME}=`)).toBe(true)
    expect(cookie).not.toContain(TOKEN)
    expect((await call('/api/media', { headers: { cookie } })).status).toBe(200)
    expect((await call('/api/folder-list', { headers: { cookie } })).status).toBe(200)
    expect(
      (await postJson('/api/folder-create', { name: 'Shots', parent_path: '/' }, { cookie })).status,
    ).toBe(201)

    const signedOut = await call('/api/access', { method: 'DELETE', headers: { cookie } })
    expect(signedOut.status).toBe(204)
    expect(signedOut.headers.get('set-cookie')).toMatch(new RegExp(`^${ACCESS_COOKIE_NAME}=; .*Max-Age=0`))
  })

  it('POST takes the token as a bearer header too (curl)', async () => {
    const signedIn = await call('/api/access', { method: 'POST', headers: BEARER })
    expect(signedIn.status).toBe(204)
    expect((await call('/api/media', { headers: { cookie: cookieOf(signedIn) } })).status).toBe(200)
  })

  it('POST refuses a wrong token with 401 and sets no cookie', async () => {
    const refused = await postJson('/api/access', { token: 'guess' })
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({ error: ACCESS_MESSAGES.invalid })
    expect(refused.headers.get('set-cookie')).toBeNull()
  })

  it('POST refuses a malformed body with a 4xx, and says so when the site has no token', async () => {
    expect((await postJson('/api/access', { token: 42 })).status).toBe(400)
    expect((await call('/api/access', { method: 'POST', body: TOKEN })).status).toBe(415)
    replaceAccessGate(accessGateFor(undefined))
    expect((await postJson('/api/access', { token: TOKEN })).status).toBe(409)
  })
})

describe('routes outside route()', () => {
  it('tus uploads answer 401 with their protocol header without the token, and work with it', async () => {
    const refused = await call('/api/uploads', {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '3' },
    })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('tus-resumable')).toBe('1.0.0')
    const { url, bytes } = await hostFixture('notes.txt', BEARER)
    const served = await call(url, { headers: BEARER })
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true)
  })
})

describe('file links', () => {
  it('redirect a thumbnail to the Image CDN with a signed link the CDN can fetch without the cookie', async () => {
    const { url, bytes } = await hostFixture('landscape.jpg', BEARER)
    expect((await call(url)).status).toBe(401)
    const linkPath = url.replace('/api/files/', '/api/file-link/thumbnail/')

    expect((await call(linkPath)).status).toBe(401)
    const redirect = await call(linkPath, { headers: BEARER })
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/)
    const location = new URL(redirect.headers.get('location') ?? '', ORIGIN)
    expect(location.pathname).toBe('/.netlify/images')
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ w: '150', h: '150', fit: 'cover' })
    const source = location.searchParams.get('url') ?? ''
    const [, id = '', name = ''] = /^\/api\/files\/([^/]+)\/(.+)$/.exec(url) ?? []
    expect(source).toMatch(new RegExp(`^/api/signed-files/\\d+/[\\w-]{43}/${id}/${name}$`))

    // What the Image CDN does: fetch the source with no cookie and no token.
    const fetched = await call(source)
    expect(fetched.status).toBe(200)
    expect(fetched.headers.get('cache-control')).toMatch(/^private,/)
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true)
    // The signature opens reads of that file only, and only unaltered.
    expect((await call(source, { method: 'DELETE' })).status).toBe(401)
    const { url: other } = await hostFixture('portrait.png', BEARER)
    const otherId = /^\/api\/files\/([^/]+)\//.exec(other)?.[1] ?? ''
    expect((await call(source.replace(id, otherId))).status).toBe(401)
    const later = source.replace(
      /signed-files\/(\d+)\//,
      (_, expires: string) => `signed-files/${String(Number(expires) + 3600)}/`,
    )
    expect((await call(later)).status).toBe(401)
    // The plain file route takes no signature: the rewrite drops the query, and the gate reads none there.
    expect((await call(`${url}?id=${id}&expires=1&signature=x`)).status).toBe(401)
  })

  it("redirect an Office preview to the viewer with an absolute signed link on the site's address", async () => {
    vi.stubEnv('URL', ORIGIN)
    const { url, bytes } = await hostFixture('brief.docx', BEARER)
    const link = url.replace('/api/files/', '/api/file-link/office/')
    // A forged Host changes nothing: the link's origin is the configured one.
    const forged = await routeToFunction(
      new Request(new URL(link, 'https://attacker.example.test'), { headers: BEARER }),
    )
    expect(forged?.headers.get('location')).not.toContain('attacker')
    const redirect = await call(link, { headers: BEARER })
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('cache-control')).toBe('no-store')
    const location = new URL(redirect.headers.get('location') ?? '')
    expect(location.origin + location.pathname).toBe('https://view.officeapps.live.com/op/embed.aspx')
    const source = new URL(location.searchParams.get('src') ?? '')
    expect(source.origin).toBe(ORIGIN)
    const fetched = await call(source.pathname + source.search)
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true)
  })

  it('are plain links when the gate is open, draw card pictures at their widths, and refuse unknown purposes and ids', async () => {
    replaceAccessGate(accessGateFor(undefined))
    const { url } = await hostFixture('landscape.jpg', {})
    const redirect = await call(url.replace('/api/files/', '/api/file-link/thumbnail/'))
    expect(redirect.headers.get('location')).toBe(
      `/.netlify/images?url=${encodeURIComponent(url)}&w=150&h=150&fit=cover`,
    )
    const card = await call(url.replace('/api/files/', '/api/file-link/card-480/'))
    expect(card.headers.get('location')).toBe(
      `/.netlify/images?url=${encodeURIComponent(url)}&w=480&h=360&fit=cover`,
    )
    expect((await call(url.replace('/api/files/', '/api/file-link/card-500/'))).status).toBe(400)
    expect((await call(url.replace('/api/files/', '/api/file-link/other/'))).status).toBe(400)
    expect((await call('/api/file-link/thumbnail/not-an-id/a.png')).status).toBe(404)
  })
})

describe('/api/cloudinary-signature', () => {
  it('signs nothing without the token; with it, the function answers (501: no Cloudinary credentials here)', async () => {
    const refused = await call('/api/cloudinary-signature', { method: 'POST' })
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({ error: ACCESS_MESSAGES.required })
    const passed = await call('/api/cloudinary-signature', { method: 'POST', headers: BEARER })
    expect(passed.status).toBe(501)
  })
})

describe('/api/webflow-sync-all', () => {
  it('starts and reports nothing without the token; with it, GET answers the progress', async () => {
    for (const method of ['GET', 'POST']) {
      const refused = await call('/api/webflow-sync-all', { method })
      expect(refused.status).toBe(401)
      expect(await refused.json()).toEqual({ error: ACCESS_MESSAGES.required })
    }
    const progress = await call('/api/webflow-sync-all', { headers: BEARER })
    expect(progress.status).toBe(200)
    expect(await progress.json()).toMatchObject({ running: false, total: 0, done: 0, failed: 0 })
  })
})
