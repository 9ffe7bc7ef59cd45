import type { Config } from '@netlify/functions'

import { personInviteSchema, personUpdateSchema } from '../../src/contract/people'
import { ConflictError, InvalidInputError } from '../server/errors'
import { currentAccessGate } from '../server/http/access-gate'
import { json } from '../server/http/respond'
import { readJson, validate } from '../server/http/request'
import { route } from '../server/http/route'
import { siteOrigins } from '../server/http/site-origin'
import { changeRole, invitePerson, listPeople, removePerson } from '../server/people/people-service'
import { documentStore } from '../server/store'

/** The `{id}` of `/api/people/{id}`, which the rewrite passes on as `?id=`. */
function personId(request: Request): string {
  const id = new URL(request.url).searchParams.get('id') ?? ''
  if (!/^[\w-]{1,40}$/.test(id)) throw new InvalidInputError('A person id is 1 to 40 letters, digits, - or _')
  return id
}

/**
 * `/api/people` (admins, decision 0074): GET lists the team; POST `{ email, role }` invites someone and
 * answers the one-time invitation link and token. `/api/people/{id}`: PATCH `{ role }` gives another
 * role, DELETE removes the person (or withdraws the invitation) with their tokens and sessions; the last
 * admin can be neither (409).
 */
export default route(
  {
    GET: async () => json({ people: await listPeople(documentStore()) }),
    POST: async (request) => {
      if (currentAccessGate().kind !== 'closed') {
        throw new ConflictError(
          'This site has no access token: every call is open, and nobody needs inviting',
        )
      }
      const invite = validate(personInviteSchema, await readJson(request))
      return json(await invitePerson(documentStore(), invite, siteOrigins(request).public), 201)
    },
    PATCH: async (request) => {
      const id = personId(request)
      const { role } = validate(personUpdateSchema, await readJson(request))
      return json(await changeRole(documentStore(), id, role))
    },
    DELETE: async (request) => {
      await removePerson(documentStore(), personId(request))
      return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
    },
  },
  { message: 'Failed to change the team' },
  'people',
)

// Writes (rate limit preset "write"): far above what an admin does.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
