import { describe, expect, it } from 'vitest'

import { api, mapLimited, type Method } from '../support/api-client'
import { expectClientError } from '../support/api-steps'

/** Every endpoint of spec section 7 at its own path, with the methods its function answers. */
const ENDPOINTS: { path: string; allow: string }[] = [
  { path: '/api/media', allow: 'GET, HEAD, OPTIONS' },
  { path: '/api/upload', allow: 'POST, OPTIONS' },
  { path: '/api/update/1', allow: 'PATCH, OPTIONS' },
  { path: '/api/delete/1', allow: 'DELETE, OPTIONS' },
  { path: '/api/batch-update', allow: 'POST, OPTIONS' },
  { path: '/api/batch-delete', allow: 'POST, OPTIONS' },
  { path: '/api/folder-list', allow: 'GET, HEAD, OPTIONS' },
  { path: '/api/folder-create', allow: 'POST, OPTIONS' },
  { path: '/api/folder-update/1', allow: 'POST, OPTIONS' },
  { path: '/api/folder-delete/1', allow: 'DELETE, OPTIONS' },
  { path: '/.netlify/functions/batch-move-to-folder', allow: 'POST, OPTIONS' },
  { path: '/api/batch-move-to-folder', allow: 'POST, OPTIONS' },
]

describe('routing of /api paths', () => {
  it('answers OPTIONS with 204 and the Allow header of each endpoint', async () => {
    const responses = await mapLimited(ENDPOINTS, 4, ({ path }) => api('OPTIONS', path))
    responses.forEach((response, i) => {
      const endpoint = ENDPOINTS[i]
      expect(response.status, endpoint?.path).toBe(204)
      expect(response.text).toBe('')
      expect(response.headers.get('allow'), endpoint?.path).toBe(endpoint?.allow)
    })
  })

  it('answers HEAD /api/folder-list like GET, without a body', async () => {
    const response = await api('HEAD', '/api/folder-list')
    expect(response.status).toBe(200)
    expect(response.text).toBe('')
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  })

  it('answers an unknown /api path with a 404 JSON error, whatever the method', async () => {
    const cases: [Method, string][] = [
      ['GET', '/api/unknown'],
      ['POST', '/api/unknown/deeper/path'],
      ['DELETE', '/api/records/1'],
      ['PATCH', '/api/update'],
      ['PATCH', '/api/update/1/extra'],
      ['DELETE', '/api/delete'],
      ['GET', '/api/media-list'],
      ['GET', '/api/'],
    ]
    const responses = await mapLimited(cases, 4, ([method, path]) =>
      api(method, path, method === 'GET' || method === 'DELETE' ? undefined : {}),
    )
    responses.forEach((response, i) => {
      const [method, path] = cases[i] ?? ['', '']
      expect(expectClientError(response, 404), `${method} ${path}`).toContain(path)
    })
  })

  it('answers GET /api/openapi.json with the API document through the redirects', async () => {
    const response = await api<{ openapi: string }>('GET', '/api/openapi.json')
    expect(response.status).toBe(200)
    expect(response.body.openapi).toBe('3.1.0')
  })

  it('serves the single-page app, not JSON, outside /api', async () => {
    const response = await api('GET', '/some/screen')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(response.text).toContain('<title>')
  })
})
