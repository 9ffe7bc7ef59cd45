import { beforeAll, describe, expect, it } from 'vitest'

import { baseUrl } from '../support/api-client'
import { BEARER, gateClient, GATE_TOKEN as TOKEN, json, okJson, TUS } from '../support/gate-client'
import { withServerEnv } from '../support/server-env'

/**
 * The access gate in process, with `APP_ACCESS_TOKEN` set for this file (the other files run without
 * it, and their tests are what show that nothing changes without the variable). The Image CDN behind
 * the gate is tested through netlify dev in tests/netlify-dev/access-gate.test.ts.
 */
withServerEnv(() => ({ APP_ACCESS_TOKEN: TOKEN }))

const { call, hostFixture } = gateClient(baseUrl)

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
    expect(await okJson(await call('/api/access', { headers: BEARER }))).toEqual({
      required: true,
      actor: { type: 'owner', id: 'owner', name: 'Owner', role: 'admin' },
    })
  })

  it('signs a browser in with a cookie that serves files, ranges included, and writes', async () => {
    const signIn = await call('/api/access', { method: 'POST', ...json({ token: TOKEN }) })
    expect(signIn.status).toBe(204)
    const setCookie = signIn.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(
      /^mfm_access=\d+\.[\w-]{22}\.[\w-]{43}; Path=\/; Max-Age=604800; HttpOnly; SameSite=Strict$/,
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

  it('ends a session at sign-out: the same cookie then gets 401, and signing out everywhere ends the others', async () => {
    const signIn = async () => {
      const answer = await call('/api/access', { method: 'POST', ...json({ token: TOKEN }) })
      expect(answer.status).toBe(204)
      return { cookie: (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '' }
    }
    const read = async (cookie: { cookie: string }) =>
      (await call('/api/media?limit=1', { headers: cookie })).status

    const first = await signIn()
    expect(await read(first)).toBe(200)
    const out = await call('/api/access', { method: 'DELETE', headers: first })
    expect(out.status).toBe(204)
    expect(out.headers.get('clear-site-data')).toBe('"cache", "storage"')
    expect(await read(first)).toBe(401)

    const [mine, theirs] = [await signIn(), await signIn()]
    expect([await read(mine), await read(theirs)]).toEqual([200, 200])
    const everywhere = await call('/api/access?everywhere=true', { method: 'DELETE', headers: mine })
    expect(everywhere.status).toBe(204)
    expect([await read(mine), await read(theirs)]).toEqual([401, 401])
    // The token itself is no session: it still opens everything.
    expect((await call('/api/media?limit=1', { headers: BEARER })).status).toBe(200)
  })

  it('refuses a wrong token at sign-in and sets no cookie', async () => {
    const response = await call('/api/access', { method: 'POST', ...json({ token: 'guess' }) })
    expect(response.status).toBe(401)
    expect(response.headers.get('set-cookie')).toBeNull()
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
