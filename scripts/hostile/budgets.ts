/**
 * The byte budgets of the listings: records at their size limits must not make an answer too large for
 * Netlify to send (6 MB buffered, 20 MB streamed). The README's API section gives the budgets the app
 * keeps under them: 4 MB for `/api/media`, `/api/trash` and `/api/folder-list`; `/api/media-pages` is
 * held here to the 16 MB of a streamed answer, and to its own 2 MB in page-bytes.ts. The records made here are tracked in `createdIds` and purged by the caller.
 */
import { auth, base, call, createdIds, createRecord, pageCountOf, pageShards, record } from './client.ts'

const BUFFERED_BUDGET = 4_000_000
const STREAMED_BUDGET = 16_000_000
/** 50 records of about 90 KB: 4.5 MB of JSON, past one buffered answer's budget. */
const BULKY_RECORDS = 50
const AT_ONCE = 4

/**
 * A record near its limits in the costliest characters: control characters (6 bytes of JSON each) in
 * the description and notes, 3-byte ones in the tags. About 90 KB, in a body of the same size.
 */
function bulkyFields(n: number): Record<string, unknown> {
  const control = (chars: number) => '\u0001'.repeat(chars)
  return {
    media_url: `https://cdn.example.com/hostile/budget-${String(n)}.png`,
    description: control(5_000),
    notes: control(5_000),
    // Tags refuse control characters: the costliest they allow is 3-byte UTF-8.
    tags: Array.from({ length: 100 }, (_, i) => `${String(i)}-${'\u20ac'.repeat(96)}`),
  }
}

/** A GET whose answer is measured in bytes as sent. */
async function measured(path: string): Promise<{ status: number; bytes: number; json: unknown }> {
  const response = await fetch(`${base}${path}`, { headers: auth })
  const body = new Uint8Array(await response.arrayBuffer())
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder().decode(body))
  } catch {
    json = null
  }
  return { status: response.status, bytes: body.length, json }
}

/** Pages through a record listing; the largest answer, the ids listed, and whether any answer failed. */
async function pageThrough(
  path: string,
): Promise<{ largest: number; ids: number[]; answers: number; failed: string | null }> {
  const ids: number[] = []
  let largest = 0
  let cursor: string | null = null
  for (let answers = 1; answers <= 1_000; answers++) {
    const query = `limit=5000${cursor === null ? '' : `&cursor=${cursor}`}`
    const answer = await measured(`${path}?${query}`)
    if (answer.status !== 200) return { largest, ids, answers, failed: `status ${String(answer.status)}` }
    largest = Math.max(largest, answer.bytes)
    const page = answer.json as { records: { id: number }[]; next: string | null }
    ids.push(...page.records.map((each) => each.id))
    if (page.next === null) return { largest, ids, answers, failed: null }
    cursor = page.next
  }
  return { largest, ids, answers: 1_000, failed: 'never ended' }
}

/** Pages through the screen's listing, following `next_shards`: the largest answer and the ids listed. */
async function pagesThrough(): Promise<{
  largest: number
  ids: number[]
  answers: number
  failed: string | null
}> {
  const ids: number[] = []
  let largest = 0
  let answers = 0
  let pageCount = 2
  for (let page = 0; page < pageCount; page++) {
    let shards: string | undefined = pageShards(page)
    while (shards !== undefined) {
      answers++
      const answer = await measured(`/api/media-pages?shards=${shards}`)
      if (answer.status !== 200) return { largest, ids, answers, failed: `status ${String(answer.status)}` }
      largest = Math.max(largest, answer.bytes)
      const body = answer.json as { shard_count: number; columns: { id: number[] }; next_shards?: string }
      let id = 0
      for (const step of body.columns.id) ids.push((id += step))
      if (page === 0 && shards === pageShards(0)) pageCount = pageCountOf(body.shard_count)
      shards = body.next_shards
    }
  }
  return { largest, ids, answers, failed: null }
}

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`

/** Each id of `mine` listed exactly once. */
function listedOnce(ids: readonly number[], mine: readonly number[]): number {
  const counts = new Map<number, number>()
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1)
  return mine.filter((id) => counts.get(id) !== 1).length
}

export async function checkAnswerBudgets(): Promise<void> {
  const started = createdIds.length
  for (let n = 0; n < BULKY_RECORDS; n += AT_ONCE) {
    const batch = Array.from({ length: Math.min(AT_ONCE, BULKY_RECORDS - n) }, (_, i) => n + i)
    const created = await Promise.all(batch.map((i) => createRecord(bulkyFields(i))))
    const refused = created.find((each) => each.status !== 200 && each.status !== 201)
    if (refused) throw new Error(`could not create a record near the limits: ${String(refused.error)}`)
  }
  const mine = createdIds.slice(started)

  const media = await pageThrough('/api/media')
  record(
    `GET /api/media with ${String(BULKY_RECORDS)} records of ~90 KB`,
    `every answer at most ${mb(BUFFERED_BUDGET)}, each record listed once`,
    `${String(media.answers)} answers, largest ${mb(media.largest)}${media.failed ? `, ${media.failed}` : ''}, ` +
      `${String(listedOnce(media.ids, mine))} of ours missing or repeated`,
    (media.largest > BUFFERED_BUDGET || media.failed !== null ? 1 : 0) + listedOnce(media.ids, mine),
  )

  const pages = await pagesThrough()
  record(
    'GET /api/media-pages over the same records',
    `every answer at most ${mb(STREAMED_BUDGET)}, each record listed once`,
    `${String(pages.answers)} answers, largest ${mb(pages.largest)}${pages.failed ? `, ${pages.failed}` : ''}, ` +
      `${String(listedOnce(pages.ids, mine))} of ours missing or repeated`,
    (pages.largest > STREAMED_BUDGET || pages.failed !== null ? 1 : 0) + listedOnce(pages.ids, mine),
  )

  // A record grown to its limits in a shard the records above filled: refused, or stored; never more.
  const grown = await call('PATCH', `/api/update/${String(mine[0] ?? 0)}`, { title: '\u20ac'.repeat(500) })
  record(
    'an edit growing a record of a full shard',
    'stored (200), or refused with a message (409)',
    `${String(grown.status)}${typeof grown.json?.error === 'string' ? `: ${grown.json.error.slice(0, 80)}…` : ''}`,
    grown.status === 200 || (grown.status === 409 && typeof grown.json?.error === 'string') ? 0 : 1,
  )

  await call('POST', '/api/batch-delete', { ids: mine })
  const trash = await pageThrough('/api/trash')
  record(
    `GET /api/trash with the ${String(BULKY_RECORDS)} records deleted`,
    `every answer at most ${mb(BUFFERED_BUDGET)}, each record listed once`,
    `${String(trash.answers)} answers, largest ${mb(trash.largest)}${trash.failed ? `, ${trash.failed}` : ''}, ` +
      `${String(listedOnce(trash.ids, mine))} of ours missing or repeated`,
    (trash.largest > BUFFERED_BUDGET || trash.failed !== null ? 1 : 0) + listedOnce(trash.ids, mine),
  )

  const folders = await measured('/api/folder-list')
  record(
    'GET /api/folder-list',
    `at most ${mb(BUFFERED_BUDGET)}`,
    `${String(folders.status)}, ${mb(folders.bytes)}`,
    folders.status !== 200 || folders.bytes > BUFFERED_BUDGET,
  )
}
