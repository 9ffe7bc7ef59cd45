import { ACCESS_COOKIE_NAME, ACCESS_GATE_CLOSED, ACCESS_GATE_HEADER } from '../../../src/contract/access'
import { API_TOKEN_PREFIX } from '../../../src/contract/people-limits'
import { OWNER_ID, type Actor } from '../../../src/contract/roles'
import { roleMeets, roleRequired, type AccessRequirement } from '../../../src/contract/route-access'
import { serverEnv } from '../env'
import { noteUse, tokenHolder, lastUseIsStale } from '../people/api-tokens'
import { readTeam, type StoredPerson, type StoredToken } from '../people/team-document'
import type { DocumentStore } from '../storage/document-store'
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
import { standingSession } from './access-sessions'
import { json } from './respond'

/**
 * The optional access gate (DESIGN section 8, decisions 0016, 0035, 0074), in one place: `route()` and
 * the functions that do not go through it (tus uploads, the API's not-found answer) ask `admitRequest`
 * before anything else, with what their route needs (`ROUTE_ACCESS`, src/contract/route-access.ts).
 * - `open`: `APP_ACCESS_TOKEN` is not set; nothing changes.
 * - `misconfigured`: it is set but blank or shorter than `MIN_ACCESS_TOKEN_LENGTH` characters, which
 *   guessing could find. Every call fails closed with 503 rather than 401: no token may pass, so a
 *   client asking the visitor for one would only send them in circles, and the message tells the
 *   operator what to fix.
 * - `closed`: every call needs the owner's token or a person's API token (as `Authorization: Bearer`),
 *   the sign-in cookie of a session that still stands, or, where the route allows it, a signed link to
 *   one file; and the role it acts as must include what the route needs.
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

export const OWNER: Actor = { type: 'owner', id: OWNER_ID, name: 'Owner', role: 'admin' }
/** With the gate open every call is the owner's, as on a machine of one's own. */
export const LOCAL_OWNER: Actor = { type: 'owner', id: 'local', name: 'Local', role: 'admin' }

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')
  return match?.[1]?.trim() ?? null
}

function fileLinkActor(request: Request, keys: AccessKeys, now: Date): Actor | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null
  const query = new URL(request.url).searchParams
  const [id, expires, signature] = [query.get('id'), query.get('expires'), query.get('signature')]
  if (id === null || expires === null || signature === null) return null
  return fileLinkValid(keys, id, { expires, signature }, now)
    ? { type: 'link', id, name: 'Signed file link', role: 'viewer' }
    : null
}

/** The session the request's sign-in cookie names, if the cookie is one this gate issued and unexpired. */
export function presentedSession(request: Request, keys: AccessKeys, now: Date): SessionClaim | null {
  const cookie = readCookie(request, ACCESS_COOKIE_NAME)
  return cookie === null ? null : accessCookieClaim(keys, cookie, now)
}

/** Notes a token's or a person's use at most once a minute; a failure to note it fails nothing. */
async function noteUseOf(
  store: DocumentStore,
  use: { token: StoredToken | null; person: StoredPerson | null },
  now: Date,
) {
  if (!lastUseIsStale(use.token, use.person, now)) return
  try {
    await noteUse(store, { tokenId: use.token?.id, personId: use.person?.id }, now)
  } catch (error) {
    console.error('[Noting a last use failed]', error)
  }
}

async function personalTokenActor(store: DocumentStore, presented: string, keys: AccessKeys, now: Date) {
  if (!presented.startsWith(API_TOKEN_PREFIX)) return null
  const holder = tokenHolder(await readTeam(store), presented, keys.ownerTokenMark, now)
  if (holder === null) return null
  await noteUseOf(store, holder, now)
  return holder.actor
}

/**
 * The actor of a standing session: the owner's, or a person who is still in the team, has accepted,
 * and has not had their sessions ended since this one began (a lower role, a sign-out everywhere).
 */
async function sessionActor(store: DocumentStore, claim: SessionClaim, now: Date): Promise<Actor | null> {
  const session = await standingSession(store, claim)
  if (session === null) return null
  if (session.person === undefined) return OWNER
  const person = (await readTeam(store)).people.find((candidate) => candidate.id === session.person)
  if (person?.status !== 'active') return null
  if (person.sessions_from !== undefined && session.started < person.sessions_from) return null
  await noteUseOf(store, { token: null, person }, now)
  return { type: 'person', id: person.id, name: person.name ?? person.email, role: person.role }
}

type Presented =
  | { kind: 'actor'; actor: Actor; by: 'bearer' | 'link' | 'cookie' }
  | { kind: 'none' }
  | { kind: 'invalid-token' }

/**
 * What the request presents, cheapest first: the owner's key and a file link are checked in memory; a
 * personal token costs one read (the team), a cookie one read of its session (decision 0035) and, for
 * a person's session, one of the team. The owner's key never waits on storage.
 */
async function presentedActor(
  request: Request,
  keys: AccessKeys,
  requirement: AccessRequirement,
  now: Date,
): Promise<Presented> {
  const store = documentStore()
  const token = bearerToken(request)
  if (token !== null) {
    if (tokenMatches(keys, token)) return { kind: 'actor', actor: OWNER, by: 'bearer' }
    const actor = await personalTokenActor(store, token, keys, now)
    if (actor) return { kind: 'actor', actor, by: 'bearer' }
  }
  if (requirement === 'viewer-or-file-link') {
    const actor = fileLinkActor(request, keys, now)
    if (actor) return { kind: 'actor', actor, by: 'link' }
  }
  const claim = presentedSession(request, keys, now)
  const actor = claim && (await sessionActor(store, claim, now))
  if (actor) return { kind: 'actor', actor, by: 'cookie' }
  return token === null ? { kind: 'none' } : { kind: 'invalid-token' }
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

/** The 403 for an actor whose role (or token's scope) falls short of what the call needs. */
export function forbidden(actor: Actor, requirement: AccessRequirement): Response {
  const needed = roleRequired(requirement) ?? 'viewer'
  const message =
    actor.type === 'token'
      ? `Not allowed: this needs a token acting as ${needed}, and this one acts as ${actor.role} (its scope, or its owner's role)`
      : `Not allowed: this needs the ${needed} role, and you are ${actor.role === 'viewer' ? 'a' : 'an'} ${actor.role}`
  return json({ error: message }, 403)
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Whether a change carried by the cookie comes from another site's page. `SameSite=Strict` keeps the
 * cookie off cross-site requests, but not off those of a sibling site under the same registrable domain,
 * and JSON bodies stop only forms: so a change made with the cookie must say it comes from this origin,
 * by `Sec-Fetch-Site` (every current browser) or, without it, by `Origin`. A client that sends neither
 * is not a browser, which could not be made to send the cookie by another site.
 */
export function crossSiteChange(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false
  const site = request.headers.get('sec-fetch-site')
  if (site !== null) return site !== 'same-origin' && site !== 'none'
  const origin = request.headers.get('origin')
  return origin !== null && origin !== new URL(request.url).origin
}

export const CROSS_SITE_MESSAGE =
  "Refused: a change made with the sign-in cookie must come from this site's own pages"

export type Admission = { actor: Actor | null; refused?: undefined } | { refused: Response }

/**
 * Whether the request may go on, and as whom. `open` routes go on with whatever actor is presented
 * checked by themselves (null here); with the gate open every call is `LOCAL_OWNER`. Otherwise: 401
 * without a standing credential (a cookie whose session ended, a revoked or expired token, a removed
 * person's), 403 when the actor's role falls short of `requirement` or a cookie's change comes from
 * another site. Throws `StorageUnavailableError` (503) when a session or the team cannot be read:
 * the gate fails closed.
 */
export async function admitRequest(
  request: Request,
  requirement: AccessRequirement = 'viewer',
  gate: AccessGate = currentAccessGate(),
  now: Date = new Date(),
): Promise<Admission> {
  if (gate.kind === 'open') return { actor: LOCAL_OWNER }
  if (requirement === 'open') return { actor: null }
  if (gate.kind === 'misconfigured') return { refused: misconfigured() }
  const presented = await presentedActor(request, gate.keys, requirement, now)
  if (presented.kind !== 'actor') return { refused: unauthorized(presented.kind === 'invalid-token') }
  if (presented.by === 'cookie' && crossSiteChange(request)) {
    return { refused: json({ error: CROSS_SITE_MESSAGE }, 403) }
  }
  if (!roleMeets(presented.actor.role, requirement))
    return { refused: forbidden(presented.actor, requirement) }
  return { actor: presented.actor }
}

/** The answer refusing this request, or null when it may go on (`admitRequest` without the actor). */
export async function refuseAccess(
  request: Request,
  requirement: AccessRequirement = 'viewer',
  gate: AccessGate = currentAccessGate(),
  now: Date = new Date(),
): Promise<Response | null> {
  return (await admitRequest(request, requirement, gate, now)).refused ?? null
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
