import { ACCESS_COOKIE_NAME, ACCESS_GATE_CLOSED, ACCESS_GATE_HEADER } from '../../../src/contract/access'
import { serverEnv } from '../env'
import { documentStore } from '../store'
import { readCookie } from './access-cookie'
import {
  accessCookieClaim,
  deriveAccessKeys,
  fileLinkValid,
  tokenMatches,
  type AccessKeys,
  type SessionClaim,
} from './access-credentials'
import { sessionStands } from './access-sessions'
import { json } from './respond'

/**
 * The optional access gate (DESIGN section 8), in one place: `route()` and the functions that do not go
 * through it (tus uploads, the API's not-found answer) ask `refuseAccess` before anything else.
 * - `open`: `APP_ACCESS_TOKEN` is not set; nothing changes.
 * - `misconfigured`: it is set but blank or shorter than `MIN_ACCESS_TOKEN_LENGTH` characters, which
 *   guessing could find. Every call fails closed with 503 rather than 401: no token may pass, so a
 *   client asking the visitor for one would only send them in circles, and the message tells the
 *   operator what to fix.
 * - `closed`: every call needs the token (as `Authorization: Bearer`), the sign-in cookie of a session
 *   that still stands, or, where the route allows it, a signed link to one file.
 */
export type AccessGate = { kind: 'open' } | { kind: 'misconfigured' } | { kind: 'closed'; keys: AccessKeys }

/**
 * The shortest token the gate starts with (after trimming). The platform's rate limits slow guessing;
 * 24 random characters (`openssl rand -base64 32` gives 44) put the token far beyond it.
 */
export const MIN_ACCESS_TOKEN_LENGTH = 24

export const ACCESS_MESSAGES = {
  required: 'Access token required',
  invalid: 'Invalid access token',
  misconfigured: `The access gate is misconfigured: APP_ACCESS_TOKEN must be at least ${String(MIN_ACCESS_TOKEN_LENGTH)} characters (it is set but blank or shorter), so every call is refused`,
} as const

/** The gate for a token setting. Surrounding whitespace (a pasted newline) is not part of the token. */
export function accessGateFor(token: string | undefined): AccessGate {
  if (token === undefined) return { kind: 'open' }
  const trimmed = token.trim()
  return trimmed.length < MIN_ACCESS_TOKEN_LENGTH
    ? { kind: 'misconfigured' }
    : { kind: 'closed', keys: deriveAccessKeys(trimmed) }
}

let current: AccessGate | undefined

/** The gate of this instance, from `APP_ACCESS_TOKEN`. */
export function currentAccessGate(): AccessGate {
  current ??= accessGateFor(serverEnv().APP_ACCESS_TOKEN)
  return current
}

/** Makes every function use this gate (or, with `undefined`, the environment's again). For tests. */
export function replaceAccessGate(gate: AccessGate | undefined): void {
  current = gate
}

/** Which credentials a route takes. */
export type AccessRule =
  /** The token or the sign-in cookie: every route by default. */
  | 'token'
  /** Also a signed link to the file named by `?id=` (GET and HEAD): the file-serving route. */
  | 'token-or-file-link'
  /** Nothing: the sign-in route itself, which checks what it needs. */
  | 'none'

type Credential = 'valid' | 'invalid-token' | 'none'

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')
  return match?.[1]?.trim() ?? null
}

function fileLinkCredential(request: Request, keys: AccessKeys, now: Date): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const query = new URL(request.url).searchParams
  const [id, expires, signature] = [query.get('id'), query.get('expires'), query.get('signature')]
  if (id === null || expires === null || signature === null) return false
  return fileLinkValid(keys, id, { expires, signature }, now)
}

/** The session the request's sign-in cookie names, if the cookie is one this gate issued and unexpired. */
export function presentedSession(request: Request, keys: AccessKeys, now: Date): SessionClaim | null {
  const cookie = readCookie(request, ACCESS_COOKIE_NAME)
  return cookie === null ? null : accessCookieClaim(keys, cookie, now)
}

/**
 * What the request presents, cheapest first: the token and a file link are checked in memory; only a
 * cookie costs a read, of its session's record (decision 0035), so a token caller never waits on storage.
 */
async function presentedCredential(
  request: Request,
  keys: AccessKeys,
  rule: AccessRule,
  now: Date,
): Promise<Credential> {
  const token = bearerToken(request)
  if (token !== null && tokenMatches(keys, token)) return 'valid'
  if (rule === 'token-or-file-link' && fileLinkCredential(request, keys, now)) return 'valid'
  const session = presentedSession(request, keys, now)
  if (session !== null && (await sessionStands(documentStore(), session))) return 'valid'
  return token === null ? 'none' : 'invalid-token'
}

/** The 401 for a call without a valid credential; `WWW-Authenticate` names the scheme curl users need. */
export function unauthorized(invalidToken: boolean): Response {
  const challenge = invalidToken
    ? 'Bearer realm="Media File Manager", error="invalid_token"'
    : 'Bearer realm="Media File Manager"'
  const message = invalidToken ? ACCESS_MESSAGES.invalid : ACCESS_MESSAGES.required
  return json({ error: message }, 401, { 'WWW-Authenticate': challenge })
}

export function misconfigured(): Response {
  return json({ error: ACCESS_MESSAGES.misconfigured }, 503)
}

/**
 * The answer refusing this request, or null when it may go on. A cookie whose session has ended or
 * expired is refused as a missing one is. Throws `StorageUnavailableError` (503) when the session
 * cannot be read: the gate fails closed.
 */
export async function refuseAccess(
  request: Request,
  rule: AccessRule = 'token',
  gate: AccessGate = currentAccessGate(),
  now: Date = new Date(),
): Promise<Response | null> {
  if (rule === 'none' || gate.kind === 'open') return null
  if (gate.kind === 'misconfigured') return misconfigured()
  const credential = await presentedCredential(request, gate.keys, rule, now)
  return credential === 'valid' ? null : unauthorized(credential === 'invalid-token')
}

/**
 * Behind the gate no shared cache (the CDN) may keep an answer, or it would hand it to the next caller
 * without asking for the token: `public` becomes `private`, and the CDN's own instruction
 * (`Netlify-CDN-Cache-Control`) is dropped. The answer also says the gate is there
 * (`ACCESS_GATE_HEADER`), which the screen reads from its first page's answer (decision 0068).
 */
export function keepPrivate(response: Response, gate: AccessGate = currentAccessGate()): Response {
  if (gate.kind === 'open') return response
  response.headers.set(ACCESS_GATE_HEADER, ACCESS_GATE_CLOSED)
  response.headers.delete('Netlify-CDN-Cache-Control')
  const cacheControl = response.headers.get('cache-control')
  if (cacheControl === null || !/\bpublic\b/i.test(cacheControl)) return response
  response.headers.set('Cache-Control', cacheControl.replace(/\bpublic\b/gi, 'private'))
  return response
}
