import { noteActivity } from '../server/activity/activity-log'
import type { Config } from '@netlify/functions'

import { tokenCreateSchema } from '../../src/contract/people'
import { ALL_TOKENS_QUERY } from '../../src/contract/people-paths'
import { ConflictError, InvalidInputError } from '../server/errors'
import { currentAccessGate } from '../server/http/access-gate'
import { json } from '../server/http/respond'
import { queryOf, readJson, validate } from '../server/http/request'
import { actorOf, route } from '../server/http/route'
import { createToken, listTokens, revokeToken } from '../server/people/api-tokens'
import { documentStore } from '../server/store'

function listsAll(request: Request): boolean {
  const value = queryOf(request, [ALL_TOKENS_QUERY]).get(ALL_TOKENS_QUERY)
  if (value === null || value === 'false') return false
  if (value === 'true') return true
  throw new InvalidInputError(`${ALL_TOKENS_QUERY} must be true or false`)
}

/**
 * `/api/tokens` (decision 0074): GET lists the caller's own tokens (an admin's `?all=true`, everyone's);
 * POST `{ name, scope, expires_in_days? }` makes one, no wider than the caller acts as, and answers the
 * token this once. `DELETE /api/tokens/{id}` revokes one: the next call with it is refused.
 */
export default route(
  {
    GET: async (request, call) =>
      json({ tokens: await listTokens(documentStore(), actorOf(call), listsAll(request)) }),
    POST: async (request, call) => {
      const gate = currentAccessGate()
      if (gate.kind !== 'closed') throw new ConflictError('This site has no access token: every call is open')
      const input = validate(tokenCreateSchema, await readJson(request))
      const created = await createToken(documentStore(), actorOf(call), input, gate.keys.ownerTokenMark)
      await noteActivity(documentStore(), {
        action: 'token.created',
        detail: { token_id: created.id, name: created.name, scope: created.scope },
      })
      return json(created, 201)
    },
    DELETE: async (request, call) => {
      const id = new URL(request.url).searchParams.get('id') ?? ''
      await revokeToken(documentStore(), actorOf(call), id)
      await noteActivity(documentStore(), { action: 'token.revoked', detail: { token_id: id } })
      return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
    },
  },
  { message: 'Failed to change the tokens' },
  'tokens',
  ['DELETE'],
)

// Writes (rate limit preset "write").
export const config: Config = {
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
