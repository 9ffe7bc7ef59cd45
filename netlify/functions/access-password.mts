import type { Config } from '@netlify/functions'

import { passwordChangeSchema } from '../../src/contract/people'
import { ForbiddenError } from '../server/errors'
import { signInCookie } from '../server/http/access-cookie'
import { currentAccessGate, misconfigured } from '../server/http/access-gate'
import { startSession } from '../server/http/access-sessions'
import { readJson, validate } from '../server/http/request'
import { actorOf, route } from '../server/http/route'
import { changePassword } from '../server/people/password-change'
import { documentStore } from '../server/store'

/** Why only a person's own session may change a password: a token or the owner's key has none to change. */
export const ONLY_A_PERSON = 'Only a person signed in with their email and password can change it'

/**
 * `POST /api/access/password` `{ current_password, new_password }`: a signed-in person changes their
 * password. Every session of theirs ends, this one too, and the answer (204) signs this browser in
 * again with a new session cookie, so only the browser that changed it stays signed in.
 */
export default route(
  {
    POST: async (request, call) => {
      const gate = currentAccessGate()
      if (gate.kind === 'misconfigured') return misconfigured()
      const actor = actorOf(call)
      if (gate.kind !== 'closed' || actor.type !== 'person') throw new ForbiddenError(ONLY_A_PERSON)
      const input = validate(passwordChangeSchema, await readJson(request))
      const now = new Date()
      await changePassword(documentStore(), actor.id, input, call.address, now)
      const session = await startSession(documentStore(), now, actor.id)
      return new Response(null, {
        status: 204,
        headers: { 'Set-Cookie': signInCookie(request, gate.keys, session), 'Cache-Control': 'no-store' },
      })
    },
  },
  { message: 'Failed to change the password' },
  'access-password',
)

// Sign-in (rate limit preset "signIn"): the current password is checked as a sign-in checks it.
export const config: Config = {
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
