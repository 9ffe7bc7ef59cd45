import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { ACCESS_COOKIE_NAME } from '../../../../src/contract/access'
import apiNotFound from '../../../../netlify/functions/api-not-found.mts'
import { accessGateFor, replaceAccessGate } from '../../../../netlify/server/http/access-gate'
import {
  endEverySession,
  removeExpiredSessions,
  sessionKey,
  startSession,
} from '../../../../netlify/server/http/access-sessions'
import { MemoryByteStore } from '../../../../netlify/server/storage/byte-store'
import {
  StorageUnavailableError,
  type DocumentStore,
  type StoredDocument,
} from '../../../../netlify/server/storage/document-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { replaceDocumentStore } from '../../../../netlify/server/store'
import { routeToFunction } from '../../../support/function-router'

/** Sign-in sessions (decision 0035), through the real handlers and routing table, in this process. */
const ORIGIN = 'http://localhost:8888'
const TOKEN = 'a-long-random-token-0123456789'
const BEARER = { authorization: `Bearer ${TOKEN}` }

/** The memory store, counting reads by key prefix, and able to fail every call. */
class CountingStore extends MemoryDocumentStore {
  reads: string[] = []
  down = false
  override async read(key: string): Promise<StoredDocument | null> {
    if (this.down) throw new StorageUnavailableError('down')
    this.reads.push(key)
    return super.read(key)
  }
}

let store: CountingStore

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await routeToFunction(new Request(new URL(path, ORIGIN), init))
  if (response === null) throw new Error(`no function serves ${path}`)
  return response
}

async function signIn(): Promise<string> {
  const answer = await call('/api/access', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: TOKEN }),
  })
  expect(answer.status).toBe(204)
  return (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
}

const read = (cookie: string) => call('/api/folder-list', { headers: { cookie } })
const signOut = (cookie: string, query = '') =>
  call(`/api/access${query}`, { method: 'DELETE', headers: { cookie } })
const sessionsIn = async (documents: DocumentStore) => (await documents.list('sessions/')).length

beforeEach(() => {
  store = new CountingStore()
  replaceDocumentStore(store, new MemoryByteStore())
  replaceAccessGate(accessGateFor(TOKEN))
})

afterEach(() => {
  replaceDocumentStore(undefined)
  replaceAccessGate(undefined)
})

describe('a sign-in session', () => {
  it('is recorded at sign-in, named by the cookie, and ended by signing out: the same cookie then gets 401', async () => {
    const cookie = await signIn()
    expect(cookie).toMatch(new RegExp(`^${ACCESS_COOKIE_NAME}=\\d+\\.[\\w-]{22}\\.[\\w-]{43}$`))
    expect(await sessionsIn(store)).toBe(1)
    expect((await read(cookie)).status).toBe(200)

    const out = await signOut(cookie)
    expect(out.status).toBe(204)
    expect(out.headers.get('clear-site-data')).toBe('"cache", "storage"')
    expect(out.headers.get('set-cookie')).toMatch(new RegExp(`^${ACCESS_COOKIE_NAME}=; Path=/; Max-Age=0;`))
    expect(await sessionsIn(store)).toBe(0)

    const after = await read(cookie)
    expect(after.status).toBe(401)
    expect(after.headers.get('www-authenticate')).toBe('Bearer realm="Media File Manager"')
    expect(await after.json()).toEqual({ error: 'Access token required' })
    expect((await call('/api/access', { headers: { cookie } })).status).toBe(401)
  })

  it('ends only its own: another browser stays signed in', async () => {
    const [mine, theirs] = [await signIn(), await signIn()]
    expect(mine).not.toBe(theirs)
    await signOut(mine)
    expect((await read(mine)).status).toBe(401)
    expect((await read(theirs)).status).toBe(200)
  })

  it('signing out everywhere ends every session, and needs a credential', async () => {
    const [mine, theirs] = [await signIn(), await signIn()]
    const stranger = await call('/api/access?everywhere=true', { method: 'DELETE' })
    expect(stranger.status).toBe(401)
    expect((await read(theirs)).status).toBe(200)

    const out = await signOut(mine, '?everywhere=true')
    expect(out.status).toBe(204)
    expect(out.headers.get('clear-site-data')).toBe('"cache", "storage"')
    expect((await read(mine)).status).toBe(401)
    expect((await read(theirs)).status).toBe(401)
    expect(await sessionsIn(store)).toBe(0)
  })

  it('signing out everywhere with the token (curl) ends every session too', async () => {
    const cookie = await signIn()
    const out = await call('/api/access?everywhere=true', { method: 'DELETE', headers: BEARER })
    expect(out.status).toBe(204)
    expect((await read(cookie)).status).toBe(401)
  })

  it('refuses an everywhere flag it does not understand, and ends nothing', async () => {
    const cookie = await signIn()
    const out = await signOut(cookie, '?everywhere=yes')
    expect(out.status).toBe(400)
    expect(await out.json()).toEqual({ error: 'everywhere must be true or false' })
    expect((await read(cookie)).status).toBe(200)
    expect((await signOut(cookie, '?everywhere=false')).status).toBe(204)
    expect((await read(cookie)).status).toBe(401)
  })

  it('a sign-out without a cookie, or with a forged one, answers 204 and ends nothing', async () => {
    const cookie = await signIn()
    expect((await call('/api/access', { method: 'DELETE' })).status).toBe(204)
    const forged = cookie.replace(
      /\.([\w-]{22})\./,
      (_, id: string) => `.${id.replace(/^./, id.startsWith('A') ? 'B' : 'A')}.`,
    )
    expect((await signOut(forged)).status).toBe(204)
    expect((await read(cookie)).status).toBe(200)
  })
})

describe('what the gate costs', () => {
  it('a cookie call reads one small document, its session; a token call reads none for the gate', async () => {
    const cookie = await signIn()
    store.reads = []
    await call('/api/access', { headers: { cookie } })
    expect(store.reads).toEqual([expect.stringMatching(/^sessions\/\d{12}\.[\w-]{22}$/)])

    store.reads = []
    await call('/api/access', { headers: BEARER })
    expect(store.reads).toEqual([])
  })

  it('a token call passes while storage is down; a cookie call fails closed with 503', async () => {
    const cookie = await signIn()
    store.down = true
    expect((await call('/api/access', { headers: BEARER })).status).toBe(200)
    const refused = await call('/api/access', { headers: { cookie } })
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('1')
    const notFound = await apiNotFound(new Request(`${ORIGIN}/api/no-such-route`, { headers: { cookie } }))
    expect(notFound.status).toBe(503)
  })
})

describe('the hourly cleanup of sessions', () => {
  it('removes the records of expired sessions only, from a listing alone', async () => {
    const now = new Date('2026-05-01T12:00:00Z')
    const day = 86_400_000
    const old = await startSession(store, new Date(now.getTime() - 8 * day))
    const fresh = await startSession(store, new Date(now.getTime() - day))
    store.reads = []
    expect(await removeExpiredSessions(store, now)).toBe(1)
    expect(store.reads).toEqual([])
    expect((await store.list('sessions/')).map(({ key }) => key)).toEqual([sessionKey(fresh)])
    expect(await store.read(sessionKey(old))).toBeNull()
  })

  it('keys sort by expiry, so the cutoff holds across digit counts', async () => {
    expect(sessionKey({ id: 'x', expires: 999 }) < sessionKey({ id: 'x', expires: 1000 })).toBe(true)
    await startSession(store, new Date())
    expect(await endEverySession(store)).toBe(1)
  })
})
