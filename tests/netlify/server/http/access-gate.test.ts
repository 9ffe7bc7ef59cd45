import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import {
  ACCESS_COOKIE_MAX_AGE_SECONDS,
  ACCESS_COOKIE_NAME,
  ACCESS_GATE_HEADER,
} from '../../../../src/contract/access'
import { readCookie, signInCookie, signOutCookie } from '../../../../netlify/server/http/access-cookie'
import {
  accessCookieClaim,
  accessCookieValue,
  deriveAccessKeys,
  fileLinkValid,
  signFileLink,
  tokenMatches,
} from '../../../../netlify/server/http/access-credentials'
import {
  ACCESS_MESSAGES,
  accessGateFor,
  admitRequest,
  CROSS_SITE_MESSAGE,
  keepPrivate,
  LOCAL_OWNER,
  MIN_ACCESS_TOKEN_LENGTH,
  refuseAccess,
  replaceAccessGate,
  type AccessGate,
} from '../../../../netlify/server/http/access-gate'
import { startSession } from '../../../../netlify/server/http/access-sessions'
import { createToken } from '../../../../netlify/server/people/api-tokens'
import {
  acceptInvite,
  changeRole,
  invitePerson,
  removePerson,
} from '../../../../netlify/server/people/people-service'
import { json } from '../../../../netlify/server/http/respond'
import { route } from '../../../../netlify/server/http/route'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { replaceDocumentStore } from '../../../../netlify/server/store'
import type { Role } from '../../../../src/contract/roles'
import type { AccessRequirement } from '../../../../src/contract/route-access'

const TOKEN = 'correct horse battery staple'
const NOW = new Date('2026-05-01T12:00:00Z')
const keys = deriveAccessKeys(TOKEN)
const closed = accessGateFor(TOKEN)

const hoursFrom = (date: Date, hours: number) => new Date(date.getTime() + hours * 3_600_000)

function request(path = '/api/media', init: RequestInit & { headers?: Record<string, string> } = {}) {
  return new Request(new URL(path, 'http://localhost:8888'), init)
}

let store: MemoryDocumentStore
beforeEach(() => {
  store = new MemoryDocumentStore()
  replaceDocumentStore(store)
})
afterEach(() => {
  replaceDocumentStore(undefined)
})

/** A cookie value for a session started `hours` before NOW (so expiring 7 days after that). */
async function sessionCookie(hoursBefore = 0): Promise<string> {
  return accessCookieValue(keys, await startSession(store, hoursFrom(NOW, -hoursBefore)))
}

const withCookie = (value: string) => ({ headers: { cookie: `theme=dark; ${ACCESS_COOKIE_NAME}=${value}` } })

async function errorOf(response: Response | null): Promise<string | undefined> {
  if (response === null) return undefined
  return ((await response.json()) as { error?: string }).error
}

describe('the gate a token setting gives', () => {
  it('is open without the variable', async () => {
    expect(accessGateFor(undefined)).toEqual({ kind: 'open' })
    expect(await refuseAccess(request(), 'viewer', accessGateFor(undefined), NOW)).toBeNull()
  })

  it('fails closed with 503 when the variable is set but empty or blank, whatever the request carries', async () => {
    for (const blank of ['', ' ', '\n\t ']) {
      const gate = accessGateFor(blank)
      expect(gate.kind).toBe('misconfigured')
      for (const carried of [{}, { headers: { authorization: 'Bearer ' } }, withCookie('')]) {
        const refused = await refuseAccess(request('/api/media', carried), 'viewer', gate, NOW)
        expect(refused?.status).toBe(503)
        expect(await errorOf(refused)).toBe(ACCESS_MESSAGES.misconfigured)
      }
    }
  })

  it('refuses to start with a token shorter than 24 characters after trimming: 503 naming the setting', async () => {
    const short = 'x'.repeat(MIN_ACCESS_TOKEN_LENGTH - 1)
    expect(MIN_ACCESS_TOKEN_LENGTH).toBe(24)
    for (const setting of ['secret', short, `   ${short}   `, `\n${short}\t`]) {
      const gate = accessGateFor(setting)
      expect(gate.kind).toBe('misconfigured')
      // Not even the short token itself passes.
      const presented = request('/api/media', { headers: { authorization: `Bearer ${setting.trim()}` } })
      const refused = await refuseAccess(presented, 'viewer', gate, NOW)
      expect(refused?.status).toBe(503)
      const message = await errorOf(refused)
      expect(message).toBe(ACCESS_MESSAGES.misconfigured)
      expect(message).toContain('APP_ACCESS_TOKEN')
      expect(message).toContain('at least 24 characters')
    }
    const shortest = 'y'.repeat(MIN_ACCESS_TOKEN_LENGTH)
    const gate = accessGateFor(` ${shortest} `)
    expect(gate.kind).toBe('closed')
    const presented = request('/api/media', { headers: { authorization: `Bearer ${shortest}` } })
    expect(await refuseAccess(presented, 'viewer', gate, NOW)).toBeNull()
  })

  it('takes surrounding whitespace off the token, from the setting and from what is presented', async () => {
    const gate = accessGateFor(`  ${TOKEN}\n`)
    const presented = request('/api/media', { headers: { authorization: `Bearer  ${TOKEN} ` } })
    expect(await refuseAccess(presented, 'viewer', gate, NOW)).toBeNull()
  })
})

describe('the token compare', () => {
  it('accepts the token and nothing else, whatever the length presented', () => {
    expect(tokenMatches(keys, TOKEN)).toBe(true)
    // timingSafeEqual throws on inputs of different lengths: hashing first is what lets these through.
    for (const other of ['', 'c', TOKEN.slice(0, -1), `${TOKEN}x`, TOKEN.toUpperCase(), 'x'.repeat(10_000)]) {
      expect(tokenMatches(keys, other)).toBe(false)
    }
  })

  it('keeps a hash of the token, never the token', () => {
    for (const key of [keys.tokenHash, keys.cookieKey, keys.linkKey]) {
      expect(key).toHaveLength(32)
      expect(key.toString('utf8')).not.toContain(TOKEN)
    }
  })
})

describe('refuseAccess with the token set', () => {
  it('answers 401 JSON with a Bearer challenge when nothing is presented', async () => {
    const refused = await refuseAccess(request(), 'viewer', closed, NOW)
    expect(refused?.status).toBe(401)
    expect(refused?.headers.get('www-authenticate')).toBe('Bearer realm="Media File Manager"')
    expect(refused?.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await errorOf(refused)).toBe(ACCESS_MESSAGES.required)
  })

  it('answers 401 invalid_token for a wrong bearer token', async () => {
    const refused = await refuseAccess(
      request('/api/media', { headers: { authorization: 'Bearer nope' } }),
      'viewer',
      closed,
      NOW,
    )
    expect(refused?.status).toBe(401)
    expect(refused?.headers.get('www-authenticate')).toContain('error="invalid_token"')
    expect(await errorOf(refused)).toBe(ACCESS_MESSAGES.invalid)
  })

  it('lets the bearer token through, whatever the case of the scheme', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const presented = request('/api/media', { headers: { authorization: `${scheme} ${TOKEN}` } })
      expect(await refuseAccess(presented, 'viewer', closed, NOW)).toBeNull()
    }
  })

  it('does not take the token in other schemes or as a cookie', async () => {
    const basic = request('/api/media', { headers: { authorization: `Basic ${btoa(`x:${TOKEN}`)}` } })
    expect((await refuseAccess(basic, 'viewer', closed, NOW))?.status).toBe(401)
    expect(
      (await refuseAccess(request('/api/media', withCookie(TOKEN)), 'viewer', closed, NOW))?.status,
    ).toBe(401)
  })

  it('lets the cookie of a standing session through until it expires', async () => {
    const value = await sessionCookie(24 * 7 - 1)
    expect(await refuseAccess(request('/api/media', withCookie(value)), 'viewer', closed, NOW)).toBeNull()
    const later = hoursFrom(NOW, 2)
    expect(
      (await refuseAccess(request('/api/media', withCookie(value)), 'viewer', closed, later))?.status,
    ).toBe(401)
  })

  it('refuses cookies it did not issue: altered, signed under another token, or malformed', async () => {
    const value = await sessionCookie()
    const [expires = '', id = '', signature = ''] = value.split('.')
    const otherId = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`
    const forged = [
      `${String(Number(expires) + 3600)}.${id}.${signature}`,
      `${expires}.${otherId}.${signature}`,
      `${expires}.${id}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      accessCookieValue(deriveAccessKeys('another token'), { id, expires: Number(expires) }),
      `${expires}.${signature}`,
      '',
      'garbage',
      `${expires}.${id}.`,
    ]
    for (const cookie of forged) {
      expect(accessCookieClaim(keys, cookie, NOW)).toBeNull()
      expect(
        (await refuseAccess(request('/api/media', withCookie(cookie)), 'viewer', closed, NOW))?.status,
      ).toBe(401)
    }
  })

  it('changes nothing for a route that takes no credential', async () => {
    expect(await refuseAccess(request('/api/access', { method: 'POST' }), 'open', closed, NOW)).toBeNull()
  })
})

describe('signed file links', () => {
  const id = 'mabc123-0123456789abcdef'
  const linked = (fileId: string, expiresAt: Date, method = 'GET') => {
    const { expires, signature } = signFileLink(keys, fileId, expiresAt)
    // What the file function sees through the signed-files rewrite.
    const path = `/api/signed-files/${expires}/${signature}/${id}/a.png`
    return request(`${path}?id=${id}&expires=${expires}&signature=${signature}`, { method })
  }

  it('let GET and HEAD of their one file through on the file route only, until they expire', async () => {
    const expiresAt = hoursFrom(NOW, 1)
    expect(await refuseAccess(linked(id, expiresAt), 'viewer-or-file-link', closed, NOW)).toBeNull()
    expect(await refuseAccess(linked(id, expiresAt, 'HEAD'), 'viewer-or-file-link', closed, NOW)).toBeNull()
    expect((await refuseAccess(linked(id, expiresAt), 'viewer', closed, NOW))?.status).toBe(401)
    expect(
      (await refuseAccess(linked(id, expiresAt, 'DELETE'), 'viewer-or-file-link', closed, NOW))?.status,
    ).toBe(401)
    expect(
      (await refuseAccess(linked(id, expiresAt), 'viewer-or-file-link', closed, hoursFrom(NOW, 1)))?.status,
    ).toBe(401)
  })

  it('do not open another file, nor survive a changed expiry', async () => {
    expect(
      (await refuseAccess(linked('mabc123-other', hoursFrom(NOW, 1)), 'viewer-or-file-link', closed, NOW))
        ?.status,
    ).toBe(401)
    const { signature } = signFileLink(keys, id, hoursFrom(NOW, 1))
    const stretched = String(Math.floor(hoursFrom(NOW, 48).getTime() / 1000))
    expect(fileLinkValid(keys, id, { expires: stretched, signature }, NOW)).toBe(false)
  })
})

describe('the sign-in cookie', () => {
  it('is HttpOnly, SameSite=Strict, for the whole site, and Secure only over https', async () => {
    const session = await startSession(store, NOW)
    const plain = signInCookie(request('/api/access'), keys, session)
    expect(plain).toMatch(new RegExp(`^${ACCESS_COOKIE_NAME}=\\d+\\.[\\w-]{22}\\.[\\w-]{43}; `))
    expect(plain.split('; ')).toEqual(
      expect.arrayContaining([
        'Path=/',
        `Max-Age=${String(ACCESS_COOKIE_MAX_AGE_SECONDS)}`,
        'HttpOnly',
        'SameSite=Strict',
      ]),
    )
    expect(plain).not.toContain('Secure')
    expect(signInCookie(new Request('https://media.example/api/access'), keys, session)).toMatch(/; Secure$/)
    const proxied = request('/api/access', { headers: { 'x-forwarded-proto': 'https' } })
    expect(signInCookie(proxied, keys, session)).toMatch(/; Secure$/)
  })

  it('carries the session and an HMAC that the gate accepts, never the token', async () => {
    const session = await startSession(store, NOW)
    const header = signInCookie(request('/api/access'), keys, session)
    expect(header).not.toContain(TOKEN)
    const value = readCookie(
      request('/', { headers: { cookie: header.split(';')[0] ?? '' } }),
      ACCESS_COOKIE_NAME,
    )
    expect(value).not.toBeNull()
    expect(accessCookieClaim(keys, value ?? '', NOW)).toEqual(session)
    expect(accessCookieClaim(keys, value ?? '', hoursFrom(NOW, 24 * 7 + 1))).toBeNull()
  })

  it('is removed by signing out', () => {
    expect(signOutCookie(request('/api/access'))).toMatch(
      new RegExp(`^${ACCESS_COOKIE_NAME}=; Path=/; Max-Age=0;`),
    )
  })
})

describe('keepPrivate', () => {
  const cached = () => json({}, 200, { 'Cache-Control': 'public, max-age=31536000, immutable' })

  it('turns public caching private behind the gate, so the CDN keeps nothing for strangers', () => {
    expect(keepPrivate(cached(), closed).headers.get('cache-control')).toBe(
      'private, max-age=31536000, immutable',
    )
  })

  it("drops the CDN's own caching instruction behind the gate", () => {
    const answer = json({}, 200, {
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Netlify-CDN-Cache-Control': 'public, durable, max-age=31536000, immutable',
    })
    expect(keepPrivate(answer, closed).headers.has('netlify-cdn-cache-control')).toBe(false)
    const open = json({}, 200, { 'Netlify-CDN-Cache-Control': 'public, durable, max-age=60' })
    expect(keepPrivate(open, { kind: 'open' }).headers.get('netlify-cdn-cache-control')).toBe(
      'public, durable, max-age=60',
    )
  })

  it('leaves answers alone when the gate is open', () => {
    expect(keepPrivate(cached(), { kind: 'open' }).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    )
  })

  it('says the gate is there behind it, and nothing when it is open', () => {
    expect(keepPrivate(cached(), closed).headers.get(ACCESS_GATE_HEADER)).toBe('closed')
    expect(keepPrivate(cached(), { kind: 'open' }).headers.has(ACCESS_GATE_HEADER)).toBe(false)
  })
})

describe('route() asks the gate before anything else', () => {
  let calls = 0
  const handler = route(
    {
      GET: () => {
        calls++
        return Promise.resolve(json({ ok: true }, 200, { 'Cache-Control': 'public, max-age=60' }))
      },
    },
    { message: 'Failed' },
    'media',
  )
  const use = (gate: AccessGate) => {
    replaceAccessGate(gate)
  }
  afterEach(() => {
    replaceAccessGate(undefined)
    calls = 0
  })

  it('answers 401 for every method, OPTIONS and wrong methods included, without running the handler', async () => {
    use(closed)
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'POST', 'DELETE']) {
      expect((await handler(request('/api/x', { method }))).status).toBe(401)
    }
    expect(calls).toBe(0)
  })

  it('runs the handler for the token, and keeps its answer out of shared caches', async () => {
    use(closed)
    const response = await handler(request('/api/x', { headers: { authorization: `Bearer ${TOKEN}` } }))
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, max-age=60')
    expect(calls).toBe(1)
  })

  it('changes nothing when the gate is open', async () => {
    use({ kind: 'open' })
    const response = await handler(request('/api/x'))
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=60')
  })
})

describe('people and their tokens at the gate', () => {
  const PASSWORD = 'ample lantern orbit quietly'

  async function member(email: string, role: Role) {
    const invited = await invitePerson(store, { email, role }, 'http://localhost:8888', NOW)
    return acceptInvite(store, { token: invited.invite_token, name: email, password: PASSWORD }, NOW)
  }

  const personCookie = async (id: string, at = NOW) =>
    accessCookieValue(keys, await startSession(store, at, id))

  const admitted = async (
    init: RequestInit & { headers?: Record<string, string> },
    needs: AccessRequirement,
    at = NOW,
  ) => admitRequest(request('/api/media', init), needs, closed, at)

  it("lets a person's session in as their role, and refuses what the role does not include with 403", async () => {
    const writer = await member('writer@example.com', 'editor')
    const cookie = withCookie(await personCookie(writer.id))
    expect(await admitted(cookie, 'editor')).toEqual({
      actor: { type: 'person', id: writer.id, name: 'writer@example.com', role: 'editor' },
    })
    const refused = await refuseAccess(request('/api/trash/purge', cookie), 'admin', closed, NOW)
    expect(refused?.status).toBe(403)
    expect(await errorOf(refused)).toBe('Not allowed: this needs the admin role, and you are an editor')
  })

  it("refuses a removed person's session and token, and ends a lowered person's sessions at once", async () => {
    await member('lead@example.com', 'admin')
    const writer = await member('writer@example.com', 'editor')
    const reader = await member('reader@example.com', 'editor')
    const actor = { type: 'person' as const, id: writer.id, name: 'writer', role: 'editor' as const }
    const token = await createToken(store, actor, { name: 'CI', scope: 'write' }, keys.ownerTokenMark, NOW)
    const bearer = { headers: { authorization: `Bearer ${token.token}` } }
    const writerCookie = withCookie(await personCookie(writer.id))
    expect((await admitted(bearer, 'editor')).refused).toBeUndefined()
    await removePerson(store, writer.id)
    for (const presented of [bearer, writerCookie]) {
      const refused = (await admitted(presented, 'viewer')).refused
      expect(refused?.status).toBe(401)
    }

    const readerCookie = withCookie(await personCookie(reader.id))
    await changeRole(store, reader.id, 'viewer', hoursFrom(NOW, 1))
    expect((await admitted(readerCookie, 'viewer', hoursFrom(NOW, 2))).refused?.status).toBe(401)
    const fresh = withCookie(await personCookie(reader.id, hoursFrom(NOW, 2)))
    expect(await admitted(fresh, 'viewer', hoursFrom(NOW, 2))).toMatchObject({ actor: { role: 'viewer' } })
  })

  it('refuses a read token any change with 403 naming its scope', async () => {
    const lead = await member('lead@example.com', 'admin')
    const actor = { type: 'person' as const, id: lead.id, name: 'lead', role: 'admin' as const }
    const token = await createToken(
      store,
      actor,
      { name: 'reports', scope: 'read' },
      keys.ownerTokenMark,
      NOW,
    )
    const bearer = { headers: { authorization: `Bearer ${token.token}` } }
    expect(await admitted(bearer, 'viewer')).toMatchObject({ actor: { type: 'token', role: 'viewer' } })
    const refused = (await admitted({ ...bearer, method: 'POST' }, 'editor')).refused
    expect(refused?.status).toBe(403)
    expect(await errorOf(refused ?? null)).toMatch(
      /this one acts as viewer \(its scope, or its owner's role\)/,
    )
  })

  it("refuses a cookie's change made from another site, and takes it from the site's own pages", async () => {
    const cookie = await sessionCookie()
    const change = (headers: Record<string, string>) =>
      request('/api/batch-delete', {
        method: 'POST',
        headers: { cookie: `${ACCESS_COOKIE_NAME}=${cookie}`, ...headers },
      })
    for (const crossSite of [
      { 'sec-fetch-site': 'cross-site' } as Record<string, string>,
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ]) {
      const refused = await refuseAccess(change(crossSite), 'editor', closed, NOW)
      expect(refused?.status).toBe(403)
      expect(await errorOf(refused)).toBe(CROSS_SITE_MESSAGE)
    }
    const sameSites: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin' },
      { origin: 'http://localhost:8888' },
      {},
    ]
    for (const sameSite of sameSites) {
      expect(await refuseAccess(change(sameSite), 'editor', closed, NOW)).toBeNull()
    }
    // Reads, and the token (which no other site can make a browser send), are not asked.
    const read = request('/api/media', {
      headers: { cookie: `${ACCESS_COOKIE_NAME}=${cookie}`, 'sec-fetch-site': 'cross-site' },
    })
    expect(await refuseAccess(read, 'viewer', closed, NOW)).toBeNull()
    const curl = request('/api/batch-delete', {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'sec-fetch-site': 'cross-site' },
    })
    expect(await refuseAccess(curl, 'editor', closed, NOW)).toBeNull()
  })

  it('lets every call in as the local owner when the gate is open', async () => {
    expect(await admitRequest(request(), 'admin', accessGateFor(undefined), NOW)).toEqual({
      actor: LOCAL_OWNER,
    })
  })
})
