/**
 * Sign-in sessions (with the gate on only): a cookie stops working once its session is signed out, a
 * sign-out everywhere ends every session, and the sign-out answer asks the browser to clear what it kept.
 */

import { base, record, token } from './client.ts'

/** Signs in as the screen does (the token in the body); the cookie as a browser would send it back. */
async function signIn(): Promise<string | null> {
  const response = await fetch(`${base}/api/access`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  })
  if (response.status !== 204) return null
  return response.headers.get('set-cookie')?.split(';')[0] ?? null
}

async function readWith(cookie: string): Promise<number> {
  return (await fetch(`${base}/api/media?limit=1`, { headers: { cookie } })).status
}

function signOut(cookie: string, everywhere = false): Promise<Response> {
  return fetch(`${base}/api/access${everywhere ? '?everywhere=true' : ''}`, {
    method: 'DELETE',
    headers: { cookie },
  })
}

/** Sign in, read, sign out: the same cookie must now be refused, and the answer clears the site's data. */
export async function checkSignOutRevokes(): Promise<void> {
  if (!token) return
  const cookie = await signIn()
  if (cookie === null) {
    record('sessions: sign in', '204 with a cookie', 'no cookie', true)
    return
  }
  const before = await readWith(cookie)
  const out = await signOut(cookie)
  const after = await readWith(cookie)
  record(
    'sessions: the cookie after its sign-out',
    'read 200 before, 401 after',
    `${String(before)} before, ${String(after)} after (sign-out ${String(out.status)})`,
    before !== 200 || after !== 401,
  )
  const clears = out.headers.get('clear-site-data') ?? ''
  record(
    'sessions: the sign-out answer',
    'Clear-Site-Data with "cache" and "storage"',
    clears === '' ? 'no Clear-Site-Data' : `Clear-Site-Data: ${clears}`,
    !clears.includes('"cache"') || !clears.includes('"storage"'),
  )
}

/** Two sign-ins, then a sign-out everywhere from one of them: both cookies must be refused. */
export async function checkSignOutEverywhere(): Promise<void> {
  if (!token) return
  const [mine, theirs] = [await signIn(), await signIn()]
  if (mine === null || theirs === null) {
    record('sessions: sign in twice', 'two cookies', 'a sign-in failed', true)
    return
  }
  const stranger = await fetch(`${base}/api/access?everywhere=true`, { method: 'DELETE' })
  record(
    'sessions: sign out everywhere without a credential',
    '401, every session kept',
    `${String(stranger.status)}, the other session reads ${String(await readWith(theirs))}`,
    stranger.status !== 401,
  )
  const out = await signOut(mine, true)
  const statuses = [await readWith(mine), await readWith(theirs)]
  record(
    'sessions: both cookies after a sign-out everywhere',
    '401 and 401',
    `${statuses.join(' and ')} (sign-out ${String(out.status)})`,
    statuses.filter((status) => status !== 401).length,
  )
}
