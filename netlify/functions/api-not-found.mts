import type { Config } from '@netlify/functions'

import { leastRequirementFor } from '../../src/contract/route-access'
import { refuseAccess } from '../server/http/access-gate'
import { errorResponse, json } from '../server/http/respond'

/** Answers any /api path no function serves, so API clients get JSON rather than the app's HTML. */
export default async (request: Request) => {
  try {
    // Behind the gate even the list of what does not exist is not for strangers.
    const refused = await refuseAccess(request, leastRequirementFor('api-not-found'))
    if (refused) return refused
  } catch (error) {
    return errorResponse(error, { message: 'The request could not be checked. Please try again.' })
  }
  const { pathname } = new URL(request.url)
  return json({ error: `Not found: ${request.method} ${pathname}` }, 404)
}

// The screen never calls paths that do not exist; only probing does.
export const config: Config = {
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
