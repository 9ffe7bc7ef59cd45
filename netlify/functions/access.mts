import type { Config } from '@netlify/functions'

import { accessSignInSchema } from '../../src/contract/access'
import { ConflictError } from '../server/errors'
import { signInCookie, signOutCookie } from '../server/http/access-cookie'
import { tokenMatches } from '../server/http/access-credentials'
import {
  bearerToken,
  currentAccessGate,
  misconfigured,
  refuseAccess,
  unauthorized,
} from '../server/http/access-gate'
import { json } from '../server/http/respond'
import { readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'

/** The token of a sign-in: `Authorization: Bearer <token>` (curl) or a JSON body `{ token }` (the screen). */
async function presentedToken(request: Request): Promise<string> {
  const bearer = bearerToken(request)
  if (bearer !== null) return bearer
  return validate(accessSignInSchema, await readJson(request)).token.trim()
}

/**
 * `/api/access`: the access gate's own route. GET tells whether calls need the token (401 when they
 * do and none came); POST checks a token and sets the HttpOnly sign-in cookie that `<img>`, `<video>`
 * and frames send by themselves; DELETE removes it.
 */
export default route(
  {
    GET: (request) =>
      Promise.resolve(refuseAccess(request) ?? json({ required: currentAccessGate().kind === 'closed' })),
    POST: async (request) => {
      const gate = currentAccessGate()
      if (gate.kind === 'misconfigured') return misconfigured()
      if (gate.kind === 'open') {
        throw new ConflictError('This site has no access token: every call is open')
      }
      if (!tokenMatches(gate.keys, await presentedToken(request))) return unauthorized(true)
      return new Response(null, {
        status: 204,
        headers: { 'Set-Cookie': signInCookie(request, gate.keys, new Date()), 'Cache-Control': 'no-store' },
      })
    },
    DELETE: (request) =>
      Promise.resolve(
        new Response(null, {
          status: 204,
          headers: { 'Set-Cookie': signOutCookie(request), 'Cache-Control': 'no-store' },
        }),
      ),
  },
  { message: 'Sign-in failed' },
  'none',
)

// Slows down guessing the token (the status check on each page load counts too, hence not fewer).
export const config: Config = {
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
