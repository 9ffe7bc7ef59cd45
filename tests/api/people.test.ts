import { beforeAll, describe, expect, it } from 'vitest'

import { api, errorOf } from '../support/api-client'
import { GATE_TOKEN } from '../support/gate-client'
import { withServerEnv } from '../support/server-env'
import {
  joinTeam,
  OWNER,
  PASSWORD,
  signIn,
  storedBlobs,
  cookieFrom,
  type Member,
} from '../support/team-steps'

/** People, roles, invitations and password sign-in over HTTP, behind the gate (issue 45). */
withServerEnv(() => ({ APP_ACCESS_TOKEN: GATE_TOKEN }))

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' }

let editor: Member
let viewer: Member
let recordId: number

beforeAll(async () => {
  ;[editor, viewer] = [
    await joinTeam('editor@example.com', 'editor'),
    await joinTeam('viewer@example.com', 'viewer'),
  ]
  const created = await api<{ record: { id: number } }>(
    'POST',
    '/api/upload',
    { title: 'Team photo', media_url: 'https://images.example.test/team.jpg' },
    OWNER,
  )
  recordId = created.body.record.id
})

describe('inviting and accepting', () => {
  it('answers the invitation once, with a link on the site, and lists the person as invited', async () => {
    const invited = await api<Record<string, unknown>>(
      'POST',
      '/api/people',
      { email: 'New@Example.com', role: 'viewer' },
      OWNER,
    )
    expect(invited.status).toBe(201)
    expect(invited.body).toMatchObject({ email: 'new@example.com', role: 'viewer', status: 'invited' })
    expect(invited.body.invite_url).toMatch(/\/invite#token=[\w-]{43}$/)
    const listed = await api<{ people: Record<string, unknown>[] }>('GET', '/api/people', undefined, OWNER)
    expect(listed.body.people.find((person) => person.email === 'new@example.com')).toEqual({
      id: invited.body.id,
      email: 'new@example.com',
      name: null,
      role: 'viewer',
      status: 'invited',
      last_seen_at: null,
    })
    expect(listed.text).not.toContain(String(invited.body.invite_token))
  })

  it('signs the invitee in on accepting, as their role, and refuses the same link again', async () => {
    const access = await api<{ actor: unknown }>('GET', '/api/access', undefined, editor.cookie)
    expect(access.body.actor).toEqual({ type: 'person', id: editor.id, name: 'editor', role: 'editor' })
    const again = await api('POST', '/api/people/accept', {
      token: editor.inviteToken,
      name: 'x',
      password: PASSWORD,
    })
    expect(again.status).toBe(404)
  })

  it('refuses a weak password, and any field that would choose a role', async () => {
    const invited = await api<{ invite_token: string }>(
      'POST',
      '/api/people',
      { email: 'weak@example.com', role: 'viewer' },
      OWNER,
    )
    const token = invited.body.invite_token
    const weak = await api('POST', '/api/people/accept', { token, name: 'Weak', password: 'Password1234!' })
    expect(weak.status).toBe(400)
    expect(errorOf(weak)).toMatch(/most common/)
    const raised = await api('POST', '/api/people/accept', {
      token,
      name: 'Weak',
      password: PASSWORD,
      role: 'admin',
    })
    expect(raised.status).toBe(400)
    const owner = await api('POST', '/api/people', { email: 'x@example.com', role: 'owner' }, OWNER)
    expect(owner.status).toBe(400)
    const active = await api(
      'POST',
      '/api/people',
      { email: 'y@example.com', role: 'viewer', status: 'active' },
      OWNER,
    )
    expect(active.status).toBe(400)
  })
})

describe('the collection and its items', () => {
  it('allow each only its own methods: 405 with that path’s Allow, and a missing role is required', async () => {
    const calls = [
      ['GET', '/api/people/p_abc', 'PATCH, DELETE, OPTIONS'],
      ['POST', '/api/people/p_abc', 'PATCH, DELETE, OPTIONS'],
      ['PATCH', '/api/people', 'GET, POST, HEAD, OPTIONS'],
      ['DELETE', '/api/people', 'GET, POST, HEAD, OPTIONS'],
      ['GET', '/api/tokens/t_abc', 'DELETE, OPTIONS'],
      ['DELETE', '/api/tokens', 'GET, POST, HEAD, OPTIONS'],
    ] as const
    for (const [method, path, allow] of calls) {
      const answer = await api(method, path, method === 'GET' ? undefined : {}, { ...OWNER, ...SAME_ORIGIN })
      expect([method, path, answer.status, answer.headers.get('allow')]).toEqual([method, path, 405, allow])
    }
    const noRole = await api('PATCH', '/api/people/p_abc', {}, { ...OWNER, ...SAME_ORIGIN })
    expect([noRole.status, errorOf(noRole)]).toEqual([400, 'role is required'])
  })
})

describe('roles', () => {
  const edit = (headers: Record<string, string>) =>
    api('PATCH', `/api/update/${String(recordId)}`, { title: 'Renamed' }, { ...headers, ...SAME_ORIGIN })

  it('hold a viewer to reading: no upload, edit, delete, purge or people (403)', async () => {
    const headers = { ...viewer.cookie, ...SAME_ORIGIN }
    expect((await api('GET', '/api/media', undefined, viewer.cookie)).status).toBe(200)
    const refused = [
      await api(
        'POST',
        '/api/upload',
        { title: 'x', media_url: 'https://images.example.test/x.jpg' },
        headers,
      ),
      await api('POST', '/api/uploads', undefined, {
        ...headers,
        'tus-resumable': '1.0.0',
        'upload-length': '3',
      }),
      await edit(viewer.cookie),
      await api('DELETE', `/api/delete/${String(recordId)}`, undefined, headers),
      await api('POST', '/api/trash/purge', { ids: [recordId] }, headers),
      await api('GET', '/api/people', undefined, headers),
    ]
    expect(refused.map((response) => response.status)).toEqual([403, 403, 403, 403, 403, 403])
    expect(refused[2] && errorOf(refused[2])).toBe(
      'Not allowed: this needs the editor role, and you are a viewer',
    )
  })

  it('let an editor edit, but not purge nor manage people', async () => {
    const headers = { ...editor.cookie, ...SAME_ORIGIN }
    expect((await edit(editor.cookie)).status).toBe(200)
    expect((await api('POST', '/api/trash/purge', { ids: [recordId] }, headers)).status).toBe(403)
    expect(
      (await api('POST', '/api/people', { email: 'z@example.com', role: 'admin' }, headers)).status,
    ).toBe(403)
    expect((await api('PATCH', `/api/people/${editor.id}`, { role: 'admin' }, headers)).status).toBe(403)
  })

  it("refuse a cookie's change sent from another site", async () => {
    const crossSite = await api(
      'PATCH',
      `/api/update/${String(recordId)}`,
      { title: 'Forged' },
      {
        ...editor.cookie,
        'sec-fetch-site': 'cross-site',
      },
    )
    expect(crossSite.status).toBe(403)
  })

  it('keep the last admin (409), and a lower role ends the sessions begun before it', async () => {
    const admin = await joinTeam('lead@example.com', 'admin')
    expect((await api('DELETE', `/api/people/${admin.id}`, undefined, OWNER)).status).toBe(409)
    expect((await api('PATCH', `/api/people/${admin.id}`, { role: 'viewer' }, OWNER)).status).toBe(409)
    const second = await joinTeam('second@example.com', 'admin')
    const lowered = await api(
      'PATCH',
      `/api/people/${second.id}`,
      { role: 'editor' },
      { ...admin.cookie, ...SAME_ORIGIN },
    )
    expect(lowered.status).toBe(200)
    expect(lowered.body).toMatchObject({ id: second.id, role: 'editor' })
    expect((await api('GET', '/api/media', undefined, second.cookie)).status).toBe(401)
    const again = await signIn('second@example.com', PASSWORD)
    expect((await api('GET', '/api/people', undefined, cookieFrom(again))).status).toBe(403)
  })

  it("refuse a removed person's session at once", async () => {
    const leaving = await joinTeam('leaving@example.com', 'editor')
    expect((await api('GET', '/api/media', undefined, leaving.cookie)).status).toBe(200)
    expect((await api('DELETE', `/api/people/${leaving.id}`, undefined, OWNER)).status).toBe(204)
    expect((await api('GET', '/api/media', undefined, leaving.cookie)).status).toBe(401)
    expect((await signIn('leaving@example.com', PASSWORD)).status).toBe(401)
  })
})

describe('signing in with a password', () => {
  it('starts a session; a wrong password and an unknown email get the same answer', async () => {
    const signedIn = await signIn('viewer@example.com', PASSWORD)
    expect(signedIn.status).toBe(204)
    expect((await api('GET', '/api/media', undefined, cookieFrom(signedIn))).status).toBe(200)
    const wrong = await signIn('viewer@example.com', 'not the password at all', '192.0.2.50')
    const unknown = await signIn('nobody@example.com', 'not the password at all', '192.0.2.50')
    expect([wrong.status, unknown.status]).toEqual([401, 401])
    expect(wrong.text).toBe(unknown.text)
    expect(wrong.headers.get('set-cookie')).toBeNull()
  })

  it('slows repeated failures down with 429 and Retry-After, while the owner key still gets in', async () => {
    const statuses = []
    for (let i = 0; i < 6; i++)
      statuses.push((await signIn('editor@example.com', `wrong guess ${String(i)}!!`, '192.0.2.77')).status)
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
    const slowed = await signIn('editor@example.com', PASSWORD, '192.0.2.78')
    expect(slowed.status).toBe(429)
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(errorOf(slowed)).toMatch(/^Too many failed sign-ins: try again in \d+ seconds$/)
    const owner = await api(
      'POST',
      '/api/access',
      { token: GATE_TOKEN },
      { 'x-nf-client-connection-ip': '192.0.2.77' },
    )
    expect(owner.status).toBe(204)
  })
})

describe('signing out everywhere', () => {
  it("with a person's cookie ends that person's sessions only", async () => {
    const [first, second] = [
      cookieFrom(await signIn('viewer@example.com', PASSWORD)),
      cookieFrom(await signIn('viewer@example.com', PASSWORD)),
    ]
    const owners = cookieFrom(await api('POST', '/api/access', { token: GATE_TOKEN }))
    const out = await api('DELETE', '/api/access?everywhere=true', undefined, { ...first, ...SAME_ORIGIN })
    expect(out.status).toBe(204)
    const status = async (cookie: { cookie: string }) =>
      (await api('GET', '/api/media', undefined, cookie)).status
    expect([await status(first), await status(second), await status(owners)]).toEqual([401, 401, 200])
    expect(await status(editor.cookie)).toBe(200)
  })
})

describe('what is kept', () => {
  it('holds no password nor invitation token in any stored blob', async () => {
    const stored = await storedBlobs()
    expect(stored).toContain('editor@example.com')
    for (const secret of [PASSWORD, editor.inviteToken, viewer.inviteToken, GATE_TOKEN]) {
      expect(stored).not.toContain(secret)
    }
  })
})
