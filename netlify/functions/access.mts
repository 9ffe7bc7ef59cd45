import type { Config } from '@netlify/functions'

import { SIGN_OUT_EVERYWHERE_QUERY } from '../../src/contract/access'
import { accessSignInSchema } from '../../src/contract/access-schemas'
import { OWNER_ID, type Actor } from '../../src/contract/roles'
import { noteActivity } from '../server/activity/activity-log'
import { ConflictError, InvalidInputError, TooManyRequestsError } from '../server/errors'
import { signInCookie, signOutCookie } from '../server/http/access-cookie'
import { tokenMatches, type AccessKeys, type SessionClaim } from '../server/http/access-credentials'
import {
  admitRequest,
  bearerToken,
  currentAccessGate,
  misconfigured,
  OWNER,
  presentedSession,
  unauthorized,
} from '../server/http/access-gate'
import { endEverySession, endSession, startSession } from '../server/http/access-sessions'
import { signInWithPassword } from '../server/people/password-sign-in'
import { endSessionsOf } from '../server/people/people-service'
import { json } from '../server/http/respond'
import { readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'

/**
 * What a sign-in presents: the owner's key as `Authorization: Bearer <token>` (curl) or a JSON body
 * `{ token }` (the screen), or a person's `{ email, password }`.
 */
async function presentedSignIn(
  request: Request,
): Promise<{ token: string } | { email: string; password: string }> {
  const bearer = bearerToken(request)
  if (bearer !== null) return { token: bearer }
  const body = validate(accessSignInSchema, await readJson(request))
  return 'token' in body ? { token: body.token.trim() } : body
}

function signedIn(request: Request, keys: AccessKeys, session: SessionClaim): Response {
  return new Response(null, {
    status: 204,
    headers: { 'Set-Cookie': signInCookie(request, keys, session), 'Cache-Control': 'no-store' },
  })
}

/**
 * A person's sign-in: 401 with one message for an unknown email and a wrong password alike, 429 with
 * `Retry-After` while failures slow the account or the address down (password-sign-in.ts).
 */
async function passwordSignIn(
  request: Request,
  keys: AccessKeys,
  credentials: { email: string; password: string },
  address: string,
): Promise<Response> {
  const now = new Date()
  const outcome = await signInWithPassword(documentStore(), credentials, address, now)
  if (outcome.kind === 'wait') {
    throw new TooManyRequestsError(
      `Too many failed sign-ins: try again in ${String(outcome.seconds)} seconds`,
      outcome.seconds,
    )
  }
  if (outcome.kind === 'refused') {
    await noteActivity(documentStore(), {
      action: 'access.sign_in_failed',
      actor: { type: 'anonymous', id: 'anonymous', name: credentials.email },
      detail: { email: credentials.email, address },
      at: now,
    })
    return json({ error: SIGN_IN_REFUSED }, 401)
  }
  const session = await startSession(documentStore(), now, outcome.person.id)
  const { id, name, email } = outcome.person
  await noteActivity(documentStore(), {
    action: 'access.signed_in',
    actor: { type: 'person', id, name: name ?? email },
    detail: { address },
    at: now,
  })
  return signedIn(request, keys, session)
}

/** The one answer to a wrong email or password: it never says which was wrong. */
export const SIGN_IN_REFUSED = 'Wrong email or password'

/** Whether a sign-out asks to end every session: `?everywhere=true`, or `false` or absent for this one. */
function signsOutEverywhere(request: Request): boolean {
  const value = new URL(request.url).searchParams.get(SIGN_OUT_EVERYWHERE_QUERY)
  if (value === null || value === 'false') return false
  if (value === 'true') return true
  throw new InvalidInputError(`${SIGN_OUT_EVERYWHERE_QUERY} must be true or false`)
}

/**
 * What a sign-out tells the browser to drop: the HTTP cache (files and thumbnails kept privately) and
 * the origin's storage (the kept listing in IndexedDB and localStorage). Not "cookies": that clears the
 * cookies of the whole registrable domain, other sites under a custom domain included; the sign-in
 * cookie is expired by its own `Set-Cookie`. Browsers honour it over https only (decision 0035).
 */
export const SIGN_OUT_CLEARS = '"cache", "storage"'

/**
 * Whose sessions "sign out everywhere" ends: a person's own (with their cookie or one of their tokens),
 * or with the owner's key or one of its tokens (null) everyone's; undefined for a file link.
 */
function personOf(actor: Actor): string | null | undefined {
  if (actor.type === 'person') return actor.id
  if (actor.type === 'token') return actor.owner_id === OWNER_ID ? null : actor.owner_id
  return actor.type === 'owner' ? null : undefined
}

/** Who the caller acts as, as `GET /api/access` tells it. */
function publicActor({ type, id, name, role }: Actor) {
  return { type, id, name, role }
}

/**
 * `/api/access`: the access gate's own route. GET tells whether calls need a credential (401 when they
 * do and none came) and whom the one sent acts as; POST checks the owner's token or a person's email
 * and password, starts a session and sets the HttpOnly sign-in cookie naming it, which `<img>`,
 * `<video>` and frames send by themselves; DELETE ends the cookie's session (or, with
 * `?everywhere=true`, every session: the owner's key ends everyone's, a person their own) and removes
 * the cookie.
 */
export default route(
  {
    GET: async (request) => {
      const admission = await admitRequest(request)
      if (admission.refused) return admission.refused
      const required = currentAccessGate().kind === 'closed'
      const actor = required && admission.actor ? publicActor(admission.actor) : undefined
      return json({ required, ...(actor ? { actor } : {}) })
    },
    POST: async (request, call) => {
      const gate = currentAccessGate()
      if (gate.kind === 'misconfigured') return misconfigured()
      if (gate.kind === 'open') {
        throw new ConflictError('This site has no access token: every call is open')
      }
      const presented = await presentedSignIn(request)
      if ('email' in presented) return passwordSignIn(request, gate.keys, presented, call.address)
      if (!tokenMatches(gate.keys, presented.token)) {
        await noteActivity(documentStore(), {
          action: 'access.sign_in_failed',
          actor: { type: 'anonymous', id: 'anonymous', name: 'Access token' },
          detail: { address: call.address },
        })
        return unauthorized(true)
      }
      const session = await startSession(documentStore(), new Date())
      await noteActivity(documentStore(), {
        action: 'access.signed_in',
        actor: OWNER,
        detail: { address: call.address },
      })
      return signedIn(request, gate.keys, session)
    },
    DELETE: async (request) => {
      const gate = currentAccessGate()
      if (signsOutEverywhere(request)) {
        // Ending sessions everywhere takes a credential: a stranger could otherwise sign everyone out.
        const admission = await admitRequest(request)
        if (admission.refused) return admission.refused
        const person = admission.actor && personOf(admission.actor)
        if (gate.kind === 'closed' && person) await endSessionsOf(documentStore(), person)
        else if (gate.kind === 'closed' && person === null) await endEverySession(documentStore())
      } else if (gate.kind === 'closed') {
        const session = presentedSession(request, gate.keys, new Date())
        if (session !== null) await endSession(documentStore(), session)
      }
      return new Response(null, {
        status: 204,
        headers: {
          'Set-Cookie': signOutCookie(request),
          'Clear-Site-Data': SIGN_OUT_CLEARS,
          'Cache-Control': 'no-store',
        },
      })
    },
  },
  { message: 'Sign-in failed' },
  'access',
)

// Slows down guessing the token (the status check on each page load counts too, hence not fewer).
export const config: Config = {
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
