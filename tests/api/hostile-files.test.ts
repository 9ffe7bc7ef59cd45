/**
 * Scenario S1/S2 of research/reliability.md over netlify dev: each hostile file of the corpus goes up
 * through tus and gets its record, then every way of reading it back (GET, HEAD, a ranged GET) must
 * carry `nosniff` and a Content-Type from the allow-list; active content must be an attachment under a
 * sandbox policy; `Content-Disposition` must parse strictly and hold no CR/LF. The counts are printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { HOSTILE_FILES, type HostileFile } from '../fixtures/hostile/corpus'
import { storeHostileFile, type StoredHostileFile } from '../fixtures/hostile/store-hostile'
import { baseUrl, mapLimited } from '../support/api-client'
import { parseContentDisposition } from '../support/content-disposition'

/** Types the file server may send: inert media, PDF, plain text, or an opaque download. */
const ALLOWED_TYPES = new Set([
  'application/octet-stream',
  'text/plain; charset=utf-8',
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
])

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_OR_BIDI = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/

/** Passed / seen, per check, across every response of the corpus. */
const tally = new Map<string, { passed: number; seen: number }>()

function count(check: string, passed: boolean): boolean {
  const entry = tally.get(check) ?? { passed: 0, seen: 0 }
  entry.seen++
  if (passed) entry.passed++
  tally.set(check, entry)
  return passed
}

function cspDirectives(header: string | null): string[] {
  return (header ?? '').split(';').map((directive) => directive.trim())
}

/** The three ways a browser or the download helper reads a file. */
async function readings(fileUrl: string) {
  const url = new URL(fileUrl, baseUrl()).href
  const get = await fetch(url, { signal: AbortSignal.timeout(30_000) })
  const body = new Uint8Array(await get.arrayBuffer())
  const head = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(30_000) })
  const ranged = await fetch(url, { headers: { Range: 'bytes=0-9' }, signal: AbortSignal.timeout(30_000) })
  await ranged.arrayBuffer()
  return { body, responses: { GET: get, HEAD: head, 'GET with Range': ranged } }
}

function checkHeaders(file: HostileFile, how: string, response: Response): void {
  const context = `${file.id} (${how})`
  const headers = response.headers
  expect(count('status 200/206', [200, 206].includes(response.status)), context).toBe(true)
  expect(count('nosniff', headers.get('x-content-type-options') === 'nosniff'), context).toBe(true)

  const type = headers.get('content-type') ?? ''
  expect(count('allow-listed Content-Type', ALLOWED_TYPES.has(type)), `${context}: ${type}`).toBe(true)
  expect(count('Content-Type as the policy says', type === file.servedAs), context).toBe(true)

  const csp = cspDirectives(headers.get('content-security-policy'))
  const disposition = parseContentDisposition(headers.get('content-disposition') ?? '')
  count('Content-Disposition parses', true)
  if (file.active) {
    expect(count('active: attachment', disposition.type === 'attachment'), context).toBe(true)
    expect(count('active: sandbox CSP', csp.includes('sandbox')), context).toBe(true)
  } else if (type === 'application/pdf') {
    // Chrome and Safari blank a sandboxed PDF; the PDF may only be framed by this site.
    expect(count("PDF: frame-ancestors 'self'", csp.includes("frame-ancestors 'self'")), context).toBe(true)
  } else {
    expect(count('inert: sandbox CSP', csp.includes('sandbox')), context).toBe(true)
  }

  const fallback = disposition.params.get('filename') ?? ''
  const name = disposition.params.get('filename*') ?? ''
  expect(count('filename is printable ASCII', /^[\x20-\x7e]+$/.test(fallback)), context).toBe(true)
  expect(
    count(
      'filename* has no control, bidi or path characters',
      !CONTROL_OR_BIDI.test(name) && !/[/\\]/.test(name),
    ),
    `${context}: ${JSON.stringify(name)}`,
  ).toBe(true)
  expect(count('filename* is not . or ..', name !== '.' && name !== '..'), context).toBe(true)

  const rawValues = [...headers].map(([, value]) => value)
  expect(
    count(
      'no CR/LF in any header',
      rawValues.every((value) => !/[\r\n]/.test(value)),
    ),
    context,
  ).toBe(true)
  expect(count('no injected header', !headers.has('set-cookie') && !headers.has('x-injected')), context).toBe(
    true,
  )
}

describe('hostile files served by the built-in host', () => {
  const stored = new Map<string, StoredHostileFile>()

  beforeAll(async () => {
    const results = await mapLimited(HOSTILE_FILES, 3, (file) => storeHostileFile(baseUrl(), file))
    for (const result of results) stored.set(result.file.id, result)
  })

  afterAll(() => {
    const rows = [...tally].map(
      ([check, { passed, seen }]) => `  ${check}: ${String(passed)}/${String(seen)}`,
    )
    console.log(
      `Hostile files: ${String(stored.size)} files, ${String(stored.size * 3)} responses\n${rows.join('\n')}`,
    )
  })

  it.each(HOSTILE_FILES.map((file) => [file.id, file] as const))(
    '%s: every reading carries nosniff, an allow-listed type and a safe disposition',
    async (_id, file) => {
      const entry = stored.get(file.id)
      if (!entry) throw new Error(`${file.id} was not stored`)
      expect(entry.fileUrl).toMatch(/^\/api\/files\//)
      const { body, responses } = await readings(entry.fileUrl)
      expect(Buffer.from(body).equals(Buffer.from(file.bytes)), `${file.id}: bytes served back`).toBe(true)
      for (const [how, response] of Object.entries(responses)) checkHeaders(file, how, response)
    },
  )
})
