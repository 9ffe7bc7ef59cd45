/**
 * Plain `fetch` calls for the access-gate tests (in process, tests/api/access-gate.test.ts, and through
 * netlify dev's Image CDN, tests/netlify-dev/access-gate.test.ts), which send their own credentials on
 * every request, and a fixture stored on the built-in host with them.
 */
import { readFile } from 'node:fs/promises'

import { expect } from 'vitest'

export const GATE_TOKEN = 'api-test-token-1f0c6f1d2a'
export const BEARER = { authorization: `Bearer ${GATE_TOKEN}` }
export const TUS = { 'tus-resumable': '1.0.0' }

export const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
})

export async function okJson<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${String(response.status)} ${await response.text()}`)
  return (await response.json()) as T
}

export function gateClient(baseUrl: () => string) {
  function call(path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(new URL(path, baseUrl()), {
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
      ...init,
    })
  }

  /** Stores a fixture on the built-in host with the given credentials; returns its `/api/files/...` path. */
  async function hostFixture(name: string, headers: Record<string, string>): Promise<string> {
    const bytes = await readFile(new URL(`../fixtures/media/${name}`, import.meta.url))
    const created = await call('/api/uploads', {
      method: 'POST',
      headers: {
        ...TUS,
        ...headers,
        'upload-length': String(bytes.length),
        'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
      },
    })
    expect(created.status).toBe(201)
    const location = created.headers.get('location') ?? ''
    const patched = await call(location, {
      method: 'PATCH',
      headers: {
        ...TUS,
        ...headers,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: bytes,
    })
    expect(patched.status).toBe(204)
    const status = await okJson<{ result: { secure_url: string } }>(await call(location, { headers }))
    return new URL(status.result.secure_url, baseUrl()).pathname
  }

  return { call, hostFixture }
}
