import { beforeAll, describe, expect, it } from 'vitest'

import { api, errorOf } from '../support/api-client'
import { GATE_TOKEN } from '../support/gate-client'
import { withServerEnv } from '../support/server-env'
import { joinTeam, OWNER, storedBlobs, type Member } from '../support/team-steps'

/** Personal API tokens over HTTP, behind the gate (issue 45). */
withServerEnv(() => ({ APP_ACCESS_TOKEN: GATE_TOKEN }))

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' }

interface Created {
  id: string
  name: string
  scope: string
  token: string
  prefix: string
  expires_at: string | null
}

let editor: Member
const made: string[] = []

async function makeToken(by: Record<string, string>, body: Record<string, unknown>) {
  const response = await api<Created>('POST', '/api/tokens', body, { ...by, ...SAME_ORIGIN })
  if (response.status === 201) made.push(response.body.token)
  return response
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const newRecord = (headers: Record<string, string>) =>
  api('POST', '/api/upload', { title: 'By token', media_url: 'https://images.example.test/t.jpg' }, headers)

beforeAll(async () => {
  editor = await joinTeam('editor@example.com', 'editor')
})

describe('making a token', () => {
  it('answers it once, then lists it by prefix, scope, dates and owner, never the token', async () => {
    const created = await makeToken(editor.cookie, { name: 'CI', scope: 'write', expires_in_days: 30 })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      name: 'CI',
      scope: 'write',
      token: expect.stringMatching(/^mfm_[\w-]{43}$/) as unknown,
    })
    expect(Date.parse(created.body.expires_at ?? '') - Date.now()).toBeGreaterThan(29 * 86_400_000)

    expect((await newRecord(bearer(created.body.token))).status).toBe(201)
    const listed = await api<{ tokens: Record<string, unknown>[] }>(
      'GET',
      '/api/tokens',
      undefined,
      editor.cookie,
    )
    expect(listed.body.tokens).toEqual([
      {
        id: created.body.id,
        name: 'CI',
        scope: 'write',
        prefix: created.body.token.slice(0, 12),
        created_at: expect.any(String) as unknown,
        last_used_at: expect.any(String) as unknown,
        expires_at: created.body.expires_at,
        owner: { type: 'person', id: editor.id, name: 'editor' },
      },
    ])
    expect(listed.text).not.toContain(created.body.token)
  })

  it('refuses a scope wider than the role, and a token making a wider token (403)', async () => {
    const wide = await makeToken(editor.cookie, { name: 'too wide', scope: 'admin' })
    expect(wide.status).toBe(403)
    expect(errorOf(wide)).toMatch(/no wider than your role/)
    const read = await makeToken(editor.cookie, { name: 'reader', scope: 'read' })
    expect((await makeToken(bearer(read.body.token), { name: 'wider', scope: 'write' })).status).toBe(403)
    expect((await makeToken(bearer(read.body.token), { name: 'same', scope: 'read' })).status).toBe(201)
    expect((await makeToken(editor.cookie, { name: 'x', scope: 'read', owner: 'someone' })).status).toBe(400)
  })

  it("keeps others' tokens to admins: ?all=true is 403 for an editor and lists everyone's for the owner", async () => {
    expect((await api('GET', '/api/tokens?all=true', undefined, editor.cookie)).status).toBe(403)
    const all = await api<{ tokens: { owner: { id: string } }[] }>(
      'GET',
      '/api/tokens?all=true',
      undefined,
      OWNER,
    )
    expect(all.body.tokens.some((token) => token.owner.id === editor.id)).toBe(true)
  })
})

describe('using a token', () => {
  it('a read token reads but cannot write', async () => {
    const read = await makeToken(editor.cookie, { name: 'read only', scope: 'read' })
    expect((await api('GET', '/api/media', undefined, bearer(read.body.token))).status).toBe(200)
    const refused = await newRecord(bearer(read.body.token))
    expect(refused.status).toBe(403)
    expect(errorOf(refused)).toMatch(/this one acts as viewer/)
  })

  it('is refused at once once revoked', async () => {
    const made = await makeToken(editor.cookie, { name: 'short lived', scope: 'write' })
    const revoked = await api('DELETE', `/api/tokens/${made.body.id}`, undefined, {
      ...editor.cookie,
      ...SAME_ORIGIN,
    })
    expect(revoked.status).toBe(204)
    const refused = await api('GET', '/api/media', undefined, bearer(made.body.token))
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toContain('invalid_token')
  })

  it('narrows with its owner role, and ends with its owner', async () => {
    const person = await joinTeam('narrowed@example.com', 'editor')
    const made = await makeToken(person.cookie, { name: 'deploys', scope: 'write' })
    expect((await newRecord(bearer(made.body.token))).status).toBe(201)
    expect((await api('PATCH', `/api/people/${person.id}`, { role: 'viewer' }, OWNER)).status).toBe(200)
    expect((await newRecord(bearer(made.body.token))).status).toBe(403)
    expect((await api('GET', '/api/media', undefined, bearer(made.body.token))).status).toBe(200)
    expect((await api('DELETE', `/api/people/${person.id}`, undefined, OWNER)).status).toBe(204)
    expect((await api('GET', '/api/media', undefined, bearer(made.body.token))).status).toBe(401)
  })

  it("the owner's key makes tokens too, and keeps working as it always has", async () => {
    const owners = await makeToken(OWNER, { name: 'backup', scope: 'admin' })
    expect(owners.status).toBe(201)
    expect((await api('GET', '/api/people', undefined, bearer(owners.body.token))).status).toBe(200)
    expect((await api('GET', '/api/media', undefined, OWNER)).status).toBe(200)
  })
})

describe('what is kept', () => {
  it('holds no token in any stored blob', async () => {
    expect(made.length).toBeGreaterThan(5)
    const stored = await storedBlobs()
    for (const token of made) expect(stored).not.toContain(token)
  })
})
