/**
 * `GET /api/media-pages?validators` (decision 0049), every page's ETag in one answer: malformed queries
 * and huge query strings must be refused with the listing's 400 (or the platform's 414) and never make
 * the function list the store for nothing or answer more than a few KB; its own ETag must answer 304.
 */
import { auth, base, call, record } from './client.ts'

const PATH = '/api/media-pages'
/** 1,000,000 files are 41 pages of about 30 bytes each: anything near this is out of bounds. */
const MOST_BYTES = 64_000

export async function checkPageValidators(): Promise<void> {
  const whole = await fetch(`${base}${PATH}?validators`, { headers: auth })
  const text = await whole.text()
  const etag = whole.headers.get('etag')
  record(
    'validators answer every page at once, in a few KB',
    `200 with etags and shard_count, under ${String(MOST_BYTES)} bytes`,
    `${String(whole.status)}, ${String(text.length)} bytes`,
    whole.status !== 200 || text.length > MOST_BYTES || !text.includes('"etags"'),
  )
  if (etag !== null) {
    const again = await fetch(`${base}${PATH}?validators`, { headers: { ...auth, 'If-None-Match': etag } })
    record(
      'validators revalidate as a whole',
      '304 to its own ETag',
      String(again.status),
      again.status !== 304,
    )
  }

  const bad = [
    'validators=1',
    'validators&shards=0-3',
    'validators&validators',
    'validators&x=1',
    `validators=${'9'.repeat(6_000)}`,
    `validators&${'a=1&'.repeat(1_500)}`,
    `shards=${'1'.repeat(6_000)}-2`,
  ]
  for (const query of bad) {
    const answer = await call('GET', `${PATH}?${query}`)
    const refused = answer.status === 400 || answer.status === 414
    const worded = answer.status !== 400 || typeof answer.json?.error === 'string'
    record(
      `validators refuse ?${query.length > 40 ? `${query.slice(0, 30)}... (${String(query.length)} chars)` : query}`,
      '400 with { error }, or 414',
      `${String(answer.status)} ${JSON.stringify(answer.json).slice(0, 80)}`,
      !refused || !worded,
    )
  }
}
