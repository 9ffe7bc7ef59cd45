import { describe, expect, it } from 'vitest'

import { ERROR_STATUSES } from '../../../../netlify/server/http/error-statuses'
import { FUNCTION_RATE_LIMITS, RATE_LIMITS } from '../../../../netlify/server/http/rate-limits'
import { openApiDocument } from '../../../../netlify/server/openapi/openapi-document'
import { documentPath, ERROR_MEANINGS } from '../../../../src/contract/api-description'
import { API_ROUTES } from '../../../../src/contract/routes'

type Operation = { security: unknown[]; 'x-rate-limit': { requests: number; window_seconds: number } }
const document = openApiDocument() as {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> }
}

describe('openApiDocument', () => {
  it('describes every status the server maps an error to', () => {
    for (const [, status] of ERROR_STATUSES) expect(Object.keys(ERROR_MEANINGS)).toContain(String(status))
  })

  it("gives each operation its function's rate limit", () => {
    for (const route of API_ROUTES) {
      if ('fallback' in route) continue
      const limit = RATE_LIMITS[FUNCTION_RATE_LIMITS[route.function]]
      for (const operation of Object.values(document.paths[documentPath(route.path)] ?? {})) {
        expect(operation['x-rate-limit'], route.name).toMatchObject({
          requests: limit.windowLimit,
          window_seconds: limit.windowSize,
        })
      }
    }
  })

  it('leaves open, without the gate, only the shared file, the sign-in, accepting an invitation, a signed file and the reference', () => {
    const open = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation.security.length === 0)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    )
    expect(open.sort()).toEqual([
      'DELETE /api/access',
      'GET /api/access',
      'GET /api/docs',
      'GET /api/openapi.json',
      'GET /api/shared/{share}/{signature}',
      'GET /api/signed-files/{expires}/{signature}/{id}/{name}',
      'POST /api/access',
      'POST /api/people/accept',
    ])
  })

  it("takes tags as the wire does: a comma-separated string or an array, whatever zod's preprocess hides", () => {
    expect(document.components.schemas.RecordPatch?.properties?.tags).toMatchObject({
      anyOf: [{ type: 'string' }, { type: 'array' }],
    })
  })
})
