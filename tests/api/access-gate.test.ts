import { readFile } from 'node:fs/promises'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createProjectDir, removeProjectDir, startNetlifyDev, type NetlifyDev } from './helpers/netlify-dev'

/**
 * The access gate over HTTP: a netlify dev of its own, started with `APP_ACCESS_TOKEN` (the suite's
 * shared one runs without it, and its tests are what show that nothing changes without the variable).
 */
const TOKEN = 'api-test-token-1f0c6f1d2a'
const BEARER = { authorization: `Bearer ${TOKEN}` }
const TUS = { 'tus-resumable': '1.0.0' }

let dev: NetlifyDev
let dir: string

beforeAll(async () => {
  dir = await createProjectDir()
  try {
    dev = await startNetlifyDev(dir, { env: { APP_ACCESS_TOKEN: TOKEN } })
  } catch (error) {
    await removeProjectDir(dir)
    throw error
  }
})

afterAll(async () => {
  await dev.stop()
  await removeProjectDir(dir)
})

function call(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(new URL(path, dev.baseUrl), {
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
    ...init,
  })
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
})

async function okJson<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${String(response.status)} ${await response.text()}`)
  return (await response.json()) as T
}

/** Stores a fixture on the built-in host with the given credentials and returns its `/api/files/...` path. */
async function hostFixture(name: string, headers: Record<string, string>): Promise<string> {
  const bytes = await readFile(new URL(`../fixtures/media/${name}`, import.meta.url))
  const created = await call('/api/uploads', {
    method: 'POST',
    headers: {
      ...TUS,
      ...headers,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
    },
  })
  expect(created.status).toBe(201)
  const location = created.headers.get('location') ?? ''
  const patched = await call(location, {
    method: 'PATCH',
    headers: { ...TUS, ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: bytes,
  })
  expect(patched.status).toBe(204)
  const status = await okJson<{ result: { secure_url: string } }>(await call(location, { headers }))
  return new URL(status.result.secure_url, dev.baseUrl).pathname
}

interface Seeded {
  recordId: number
  folderId: number
  file: string
}
let seeded: Seeded

async function snapshot() {
  const media = await okJson<{ records: unknown[] }>(await call('/api/media?limit=5000', { headers: BEARER }))
  const folders = await okJson<unknown[]>(await call('/api/folder-list', { headers: BEARER }))
  return { media, folders }
}

describe('with APP_ACCESS_TOKEN set', () => {
  beforeAll(async () => {
    const file = await hostFixture('landscape.jpg', BEARER)
    const folder = await okJson<{ id: number }>(
      await call('/api/folder-create', {
        method: 'POST',
        ...json({ name: 'Kept', parent_path: '/' }, BEARER),
      }),
    )
    const created = await okJson<{ record: { id: number } }>(
      await call('/api/upload', {
        method: 'POST',
        ...json({ title: 'Kept photo', media_url: file, file_size: 18245 }, BEARER),
      }),
    )
    seeded = { recordId: created.record.id, folderId: folder.id, file }
  })

  it('answers 401 JSON with a Bearer challenge on every route without the token, and changes nothing', async () => {
    const before = await snapshot()
    const { recordId, folderId, file } = seeded
    const uploadId = file.split('/')[3] ?? ''
    const cases: [string, string, RequestInit?][] = [
      ['GET', '/api/media'],
      ['HEAD', '/api/media'],
      ['POST', '/api/upload', json({ title: 'x', media_url: 'https://x.test/a.png' })],
      ['PATCH', `/api/update/${String(recordId)}`, json({ title: 'Changed' })],
      ['DELETE', `/api/delete/${String(recordId)}`],
      ['POST', '/api/batch-update', json({ updates: [{ id: recordId, fields: { title: 'Changed' } }] })],
      ['POST', '/api/batch-delete', json({ ids: [recordId] })],
      ['GET', '/api/folder-list'],
      ['POST', '/api/folder-create', json({ name: 'New', parent_path: '/' })],
      ['DELETE', `/api/folder-delete/${String(folderId)}`],
      ['POST', '/api/batch-move-to-folder', json({ fileIds: [recordId], folderId })],
      ['POST', '/.netlify/functions/batch-move-to-folder', json({ fileIds: [recordId], folderId })],
      ['OPTIONS', '/api/media'],
      ['POST', '/api/uploads', { headers: { ...TUS, 'upload-length': '10' } }],
      ['HEAD', `/api/uploads/${uploadId}`, { headers: TUS }],
      ['PATCH', `/api/uploads/${uploadId}`, { headers: { ...TUS, 'upload-offset': '0' }, body: 'x' }],
      ['DELETE', `/api/uploads/${uploadId}`, { headers: TUS }],
      ['GET', `/api/uploads/${uploadId}`],
      ['GET', file],
      ['HEAD', file],
      ['GET', file.replace('/api/files/', '/api/file-link/thumbnail/')],
      ['GET', file.replace('/api/files/', '/api/file-link/office/')],
      ['GET', '/api/webflow-status'],
      ['POST', `/api/webflow-sync/${String(recordId)}`],
      ['GET', '/api/webflow-sync-all'],
      ['POST', '/api/webflow-sync-all'],
      ['POST', '/api/cloudinary-signature'],
      ['GET', '/api/access'],
      ['GET', '/api/trash'],
      ['POST', '/api/trash/restore', json({ ids: [recordId] })],
      ['POST', '/api/trash/purge', json({ ids: [recordId] })],
      ['GET', '/api/no-such-route'],
      ['GET', '/.netlify/functions/media'],
      ['GET', '/.netlify/functions/files?id=' + uploadId],
    ]
    const refused: string[] = []
    for (const [method, path, init] of cases) {
      const response = await call(path, { method, ...init })
      const body = method === 'HEAD' ? '' : await response.text()
      const wellFormed =
        response.status === 401 &&
        response.headers.get('www-authenticate') === 'Bearer realm="Media File Manager"' &&
        (method === 'HEAD' || (JSON.parse(body) as { error?: string }).error === 'Access token required')
      if (!wellFormed) refused.push(`${method} ${path}: ${String(response.status)} ${body.slice(0, 80)}`)
    }
    expect(refused).toEqual([])
    expect(await snapshot()).toEqual(before)
  })

  it('answers 401 invalid_token for a wrong bearer token', async () => {
    const response = await call('/api/media', { headers: { authorization: 'Bearer wrong' } })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"')
    expect(await response.json()).toEqual({ error: 'Invalid access token' })
  })

  it('lets curl in with the bearer header', async () => {
    const media = await okJson<{ records: { title: string }[] }>(
      await call('/api/media', { headers: BEARER }),
    )
    expect(media.records.map((record) => record.title)).toContain('Kept photo')
    expect(await okJson(await call('/api/access', { headers: BEARER }))).toEqual({ required: true })
  })

  it('signs a browser in with a cookie that serves files, ranges included, and writes', async () => {
    const signIn = await call('/api/access', { method: 'POST', ...json({ token: TOKEN }) })
    expect(signIn.status).toBe(204)
    const setCookie = signIn.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(
      /^mfm_access=\d+\.[\w-]{43}; Path=\/; Max-Age=604800; HttpOnly; SameSite=Strict$/,
    )
    const cookie = { cookie: setCookie.split(';')[0] ?? '' }

    const whole = await call(seeded.file, { headers: cookie })
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe('image/jpeg')
    // Behind the gate a file may be kept by the browser, never by a shared cache.
    expect(whole.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
    const bytes = Buffer.from(await whole.arrayBuffer())
    const part = await call(seeded.file, { headers: { ...cookie, range: 'bytes=0-99' } })
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true)

    const folder = await call('/api/folder-create', {
      method: 'POST',
      ...json({ name: 'By cookie', parent_path: '/' }, cookie),
    })
    expect(folder.status).toBe(201)

    const signOut = await call('/api/access', { method: 'DELETE', headers: cookie })
    expect(signOut.status).toBe(204)
    expect(signOut.headers.get('set-cookie')).toMatch(/^mfm_access=; Path=\/; Max-Age=0;/)
  })

  it('refuses a wrong token at sign-in and sets no cookie', async () => {
    const response = await call('/api/access', { method: 'POST', ...json({ token: 'guess' }) })
    expect(response.status).toBe(401)
    expect(response.headers.get('set-cookie')).toBeNull()
  })

  it('gives the Image CDN a signed link it can fetch without the cookie, so thumbnails show', async () => {
    const linked = await call(seeded.file.replace('/api/files/', '/api/file-link/thumbnail/'), {
      headers: BEARER,
    })
    expect(linked.status).toBe(302)
    const location = linked.headers.get('location') ?? ''
    expect(location).toMatch(/^\/\.netlify\/images\?url=%2Fapi%2Fsigned-files%2F\d+%2F[\w-]{43}%2F/)
    // netlify dev's Image CDN fetches its source without the visitor's cookie, as the real one does.
    const unsigned = `/.netlify/images?url=${encodeURIComponent(seeded.file)}&w=150&h=150&fit=cover`
    expect((await call(unsigned, { headers: BEARER })).status).not.toBe(200)
    const thumbnail = await call(location)
    expect(thumbnail.status).toBe(200)
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg')
    const original = Buffer.from(await (await call(seeded.file, { headers: BEARER })).arrayBuffer())
    expect(Buffer.from(await thumbnail.arrayBuffer()).equals(original)).toBe(false)
  })

  it('gives the Office viewer an absolute signed link to the file', async () => {
    const docx = await hostFixture('brief.docx', BEARER)
    const linked = await call(docx.replace('/api/files/', '/api/file-link/office/'), { headers: BEARER })
    expect(linked.status).toBe(302)
    const viewer = new URL(linked.headers.get('location') ?? '')
    expect(viewer.origin + viewer.pathname).toBe('https://view.officeapps.live.com/op/embed.aspx')
    const source = new URL(viewer.searchParams.get('src') ?? '')
    expect(source.pathname).toMatch(/^\/api\/signed-files\/\d+\/[\w-]{43}\/[^/]+\/brief\.docx$/)
    const fetched = await call(source.pathname)
    expect(fetched.status).toBe(200)
    expect(fetched.headers.get('content-type')).toMatch(/wordprocessingml/)
  })

  it('leaves the Webflow background job, which checks its own HMAC seal, reachable', async () => {
    const response = await call('/.netlify/functions/webflow-sync-background', {
      method: 'POST',
      ...json({}),
    })
    expect(response.status).not.toBe(401)
  })
})
