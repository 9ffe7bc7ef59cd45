import { noteActivity } from '../server/activity/activity-log'
import type { Config } from '@netlify/functions'

import { inviteAcceptSchema } from '../../src/contract/people'
import { ConflictError } from '../server/errors'
import { signInCookie } from '../server/http/access-cookie'
import { currentAccessGate, misconfigured } from '../server/http/access-gate'
import { startSession } from '../server/http/access-sessions'
import { json } from '../server/http/respond'
import { readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { acceptInvite } from '../server/people/people-service'
import { documentStore } from '../server/store'

/**
 * `POST /api/people/accept` `{ token, name, password }`: open (the invitation's token is the
 * credential). Sets the name and password, spends the invitation, and signs the new person in: 201
 * with `{ id, email, name, role }` and the session cookie.
 */
export default route(
  {
    POST: async (request) => {
      const gate = currentAccessGate()
      if (gate.kind === 'misconfigured') return misconfigured()
      if (gate.kind === 'open') throw new ConflictError('This site has no access token: every call is open')
      const accept = validate(inviteAcceptSchema, await readJson(request))
      const now = new Date()
      const person = await acceptInvite(documentStore(), accept, now)
      const session = await startSession(documentStore(), now, person.id)
      await noteActivity(documentStore(), {
        action: 'person.joined',
        actor: { type: 'person', id: person.id, name: person.name },
        detail: { person_id: person.id, email: person.email, role: person.role },
        at: now,
      })
      return json(person, 201, { 'Set-Cookie': signInCookie(request, gate.keys, session) })
    },
  },
  { message: 'Failed to accept the invitation' },
  'people-accept',
)

// Sign-in (rate limit preset "signIn"): an invitation's token is a credential too.
export const config: Config = {
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
