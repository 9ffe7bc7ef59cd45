import { describe, expect, it } from 'vitest'

import { API_DESCRIPTION, documentPath, type HttpMethod } from '../../src/contract/api-description'
import { API_ROUTES } from '../../src/contract/routes'
import { api, mapLimited, type Method } from '../support/api-client'
import { BEARER, GATE_TOKEN } from '../support/gate-client'
import { openApiConformance } from '../support/openapi-conformance'
import { withServerEnv } from '../support/server-env'

/**
 * The API's own description, with the access gate on: the document and its reference page answer
 * without a credential, and every endpoint the description says is behind the gate refuses a caller
 * without one while the open ones let it through, so the description's `access` and each function's
 * `route(..., access)` say the same. Every answer of the suite is held to the document by the function
 * host (tests/support/function-host.setup.ts); the last test shows that check refusing what it should.
 */
withServerEnv(() => ({ APP_ACCESS_TOKEN: GATE_TOKEN }))

/** A value for each path parameter: the gate answers before any function reads them. */
const SAMPLE_PARTS: Record<string, string> = {
  id: '1',
  name: 'photo.jpg',
  purpose: 'thumbnail',
  share: `1-${'a'.repeat(22)}`,
  signature: 'a'.repeat(43),
  expires: '1',
}

const described = API_ROUTES.flatMap((route) =>
  'fallback' in route
    ? []
    : Object.keys(API_DESCRIPTION[route.name].operations).map((method) => ({
        method: method as HttpMethod,
        path: documentPath(route.path).replace(/\{(\w+)\}/g, (_, part: string) => SAMPLE_PARTS[part] ?? '1'),
        access: API_DESCRIPTION[route.name].access,
      })),
)

describe('GET /api/openapi.json', () => {
  it('answers the OpenAPI 3.1 document of every route, without a credential', async () => {
    const response = await api<{ openapi: string; paths: Record<string, unknown> }>(
      'GET',
      '/api/openapi.json',
    )
    expect(response.status).toBe(200)
    expect(response.body.openapi).toBe('3.1.0')
    const routes = API_ROUTES.filter((route) => !('fallback' in route)).map((route) =>
      documentPath(route.path),
    )
    expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(routes))
  })

  it('GET /api/docs answers the reference page, with a policy of its own and no inline script', async () => {
    const response = await api('GET', '/api/docs')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(response.text).toContain('data-document="/api/openapi.json"')
    for (const [, attributes = '', body = ''] of response.text.matchAll(
      /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
    )) {
      expect(attributes).toMatch(/\bsrc="\/(swagger-ui|startup)\//)
      expect(body).toBe('')
    }
  })
})

describe('the access each endpoint is described with', () => {
  it('holds: without a credential the gated answer 401 and the open do not', async () => {
    const answers = await mapLimited(described, 4, ({ method, path }) =>
      api(method as Method, path, method === 'POST' || method === 'PATCH' ? {} : undefined),
    )
    answers.forEach((answer, index) => {
      const { method, path, access } = described[index] ?? { method: '', path: '', access: '' }
      // The sign-in status is open, and answers 401 exactly when the caller has to sign in.
      const refused = access !== 'open' || (method === 'GET' && path === '/api/access')
      expect(answer.status === 401, `${method} ${path} answered ${String(answer.status)}`).toBe(refused)
    })
  })

  it('lets the token through the gate on a gated endpoint', async () => {
    expect((await api('GET', '/api/folder-list', undefined, BEARER)).status).toBe(200)
  })
})

describe('the check of every answer against the document', () => {
  it('refuses a status the document does not list, a body its schema refuses and a wrong method answered', async () => {
    const conformance = openApiConformance()
    const at = (method: string, path: string) => new Request(`http://127.0.0.1${path}`, { method })
    conformance.observe(at('PATCH', '/api/update/1'), Response.json({ success: true, record: { id: 'one' } }))
    conformance.observe(at('PATCH', '/api/update/1'), Response.json({ error: 'Teapot' }, { status: 418 }))
    conformance.observe(at('GET', '/api/update/1'), Response.json({ records: [] }, { status: 200 }))
    conformance.observe(at('GET', '/api/no-such-path'), Response.json({ message: 'gone' }, { status: 404 }))
    // Allowed: a documented status with a valid body, and the 405 of a method the path does not take.
    conformance.observe(at('DELETE', '/api/delete/1'), Response.json({ success: true, id: 1 }))
    conformance.observe(
      at('GET', '/api/update/1'),
      Response.json({ error: 'Method GET not allowed' }, { status: 405 }),
    )
    const problems = await conformance.settle()
    expect(problems).toHaveLength(4)
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^PATCH \/api\/update\/1 answered 200 with a body the document's schema refuses/,
        ),
        expect.stringMatching(/^PATCH \/api\/update\/1 answered 418, which the document does not list/),
        expect.stringMatching(/^GET \/api\/update\/1 answered 200; the document allows 405, 401, 403, 503/),
        expect.stringMatching(
          /^GET \/api\/no-such-path answered 404 with a body the document's schema refuses/,
        ),
      ]),
    )
  })
})
