/**
 * `GET /api/media-pages?changes=<cursor>` (decision 0083), what changed since the pages a client holds:
 * malformed cursors, other parameters beside it and huge query strings must be refused with the
 * listing's 400 (or the platform's 414), and never make the function list the store for nothing; with
 * nothing changed the answer is a few KB whatever the library's size.
 */
import { auth, base, call, record } from './client.ts'

const PATH = '/api/media-pages'
/** 1,000,000 files are 41 pages of about 30 bytes each: anything near this is out of bounds. */
const MOST_BYTES = 64_000

export async function checkPageChanges(): Promise<void> {
  const all = await fetch(`${base}${PATH}?changes=`, { headers: auth })
  const text = await all.text()
  record(
    'changes since nothing held answer every page',
    '200 with etags, shard_count and pages, not cached',
    `${String(all.status)}, ${all.headers.get('cache-control') ?? 'no cache-control'}`,
    all.status !== 200 || !text.includes('"etags"') || all.headers.get('cache-control') !== 'no-store',
  )
  const etags = all.status === 200 ? ((JSON.parse(text) as { etags?: string[] }).etags ?? []) : []
  const cursor = etags.map((etag) => etag.replace(/^"|"$/g, '')).join('.')
  const none = await fetch(`${base}${PATH}?changes=${cursor}`, { headers: auth })
  const noneText = await none.text()
  record(
    'changes since the current version are a few KB',
    `200 with no page, under ${String(MOST_BYTES)} bytes`,
    `${String(none.status)}, ${String(noneText.length)} bytes`,
    none.status !== 200 || noneText.length > MOST_BYTES || !noneText.includes('"pages":[]'),
  )

  const bad = [
    'changes=x',
    'changes=&shards=0-3',
    'changes=&changes=',
    'changes=&x=1',
    `changes=${'A'.repeat(27)}.%22${'A'.repeat(25)}%22`,
    `changes=${'.'.repeat(1_000)}`,
    `changes=${'9'.repeat(6_000)}`,
    `changes=&${'a=1&'.repeat(1_500)}`,
    `shards=${'1'.repeat(6_000)}-2`,
  ]
  for (const query of bad) {
    const answer = await call('GET', `${PATH}?${query}`)
    const refused = answer.status === 400 || answer.status === 414
    const worded = answer.status !== 400 || typeof answer.json?.error === 'string'
    record(
      `changes refuse ?${query.length > 40 ? `${query.slice(0, 30)}... (${String(query.length)} chars)` : query}`,
      '400 with { error }, or 414',
      `${String(answer.status)} ${JSON.stringify(answer.json).slice(0, 80)}`,
      !refused || !worded,
    )
  }
}
