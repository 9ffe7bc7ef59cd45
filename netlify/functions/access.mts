import type { Config } from '@netlify/functions'

import { SIGN_OUT_EVERYWHERE_QUERY } from '../../src/contract/access'
import { accessSignInSchema } from '../../src/contract/access-schemas'
import { ConflictError, InvalidInputError } from '../server/errors'
import { signInCookie, signOutCookie } from '../server/http/access-cookie'
import { tokenMatches } from '../server/http/access-credentials'
import {
  bearerToken,
  currentAccessGate,
  misconfigured,
  presentedSession,
  refuseAccess,
  unauthorized,
} from '../server/http/access-gate'
import { endEverySession, endSession, startSession } from '../server/http/access-sessions'
import { json } from '../server/http/respond'
import { readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { documentStore } from '../server/store'

/** The token of a sign-in: `Authorization: Bearer <token>` (curl) or a JSON body `{ token }` (the screen). */
async function presentedToken(request: Request): Promise<string> {
  const bearer = bearerToken(request)
  if (bearer !== null) return bearer
  return validate(accessSignInSchema, await readJson(request)).token.trim()
}

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
 * `/api/access`: the access gate's own route. GET tells whether calls need the token (401 when they
 * do and none came); POST checks a token, starts a session and sets the HttpOnly sign-in cookie naming
 * it, which `<img>`, `<video>` and frames send by themselves; DELETE ends the cookie's session (or,
 * with `?everywhere=true`, every session) and removes the cookie.
 */
export default route(
  {
    GET: async (request) =>
      (await refuseAccess(request)) ?? json({ required: currentAccessGate().kind === 'closed' }),
    POST: async (request) => {
      const gate = currentAccessGate()
      if (gate.kind === 'misconfigured') return misconfigured()
      if (gate.kind === 'open') {
        throw new ConflictError('This site has no access token: every call is open')
      }
      if (!tokenMatches(gate.keys, await presentedToken(request))) return unauthorized(true)
      const session = await startSession(documentStore(), new Date())
      return new Response(null, {
        status: 204,
        headers: { 'Set-Cookie': signInCookie(request, gate.keys, session), 'Cache-Control': 'no-store' },
      })
    },
    DELETE: async (request) => {
      const gate = currentAccessGate()
      if (signsOutEverywhere(request)) {
        // Ending everyone's sessions takes a credential: a stranger could otherwise sign everyone out.
        const refused = await refuseAccess(request)
        if (refused) return refused
        if (gate.kind === 'closed') await endEverySession(documentStore())
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
  'none',
)

// Slows down guessing the token (the status check on each page load counts too, hence not fewer).
export const config: Config = {
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
