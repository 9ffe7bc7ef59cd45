import { noteActivity } from '../server/activity/activity-log'
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
      const invited = await invitePerson(documentStore(), invite, siteOrigins(request).public)
      await noteActivity(documentStore(), {
        action: 'person.invited',
        detail: { person_id: invited.id, email: invited.email, role: invited.role },
      })
      return json(invited, 201)
    },
    PATCH: async (request) => {
      const id = personId(request)
      const { role } = validate(personUpdateSchema, await readJson(request))
      const person = await changeRole(documentStore(), id, role)
      await noteActivity(documentStore(), {
        action: 'person.role_changed',
        detail: { person_id: id, email: person.email, role },
      })
      return json(person)
    },
    DELETE: async (request) => {
      const id = personId(request)
      await removePerson(documentStore(), id)
      await noteActivity(documentStore(), { action: 'person.removed', detail: { person_id: id } })
      return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
    },
  },
  { message: 'Failed to change the team' },
  'people',
  ['PATCH', 'DELETE'],
)

// Writes (rate limit preset "write"): far above what an admin does.
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
