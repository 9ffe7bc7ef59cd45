import type { Config } from '@netlify/functions'

import { json } from '../server/http/respond'
import { route } from '../server/http/route'
import { openApiDocument } from '../server/openapi/openapi-document'

/**
 * `GET /api/openapi.json`: the API's OpenAPI 3.1 document, built from the contract's description
 * (src/contract/api-description.ts). Open with or without the access gate: it describes the API, not
 * anything stored, and is the same for every site of this version.
 */
export default route(
  {
    GET: () => Promise.resolve(json(openApiDocument(), 200, { 'Cache-Control': 'public, max-age=300' })),
  },
  { message: 'Failed to describe the API' },
  'openapi',
)

// Reads: a person opening the reference page, or a client generator now and then.
export const config: Config = {
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'] },
}
