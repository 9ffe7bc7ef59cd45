/**
 * The screen's listing pages cut by bytes (decisions 0046, 0055): records with description and notes at
 * their limits (10,000 characters), in the costliest characters JSON allows there, must not make any
 * `GET /api/media-pages` answer larger than 16 MB, or one shard (at most 4 MB), where Netlify cuts a
 * streamed answer at 20 MB; and the answers must arrive whole (6 MB of them here, past the 6 MB a
 * buffered answer may carry). The records made here are tracked in `createdIds` and purged
 * by the caller.
 */
import {
  auth,
  base,
  call,
  createdIds,
  createRecord,
  pageCountOf,
  pageOfId,
  pageShards,
  record,
  SHARD_IDS,
} from './client.ts'

const PAGE_ANSWER_BUDGET = 16_000_000
const SHARD_BUDGET = 4_000_000
const STREAMED_LIMIT = 20_000_000
/** 100 records of about 60 KB of JSON each: 6 MB, more than one shard holds. */
const LONG_RECORDS = 100
const AT_ONCE = 4

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A create, waited out and tried again while the create endpoint's rate limit answers 429. */
async function createLong(n: number) {
  for (let attempt = 0; ; attempt++) {
    const created = await createRecord({
      media_url: `https://cdn.example.com/hostile/long-${String(n)}.png`,
      // 10,000 characters of free text at their limits; control characters are 6 bytes of JSON each.
      description: '\u0001'.repeat(5_000),
      notes: '\u0001'.repeat(5_000),
    })
    if (created.status !== 429 || attempt >= 6) return created
    await sleep(10_000)
  }
}

interface Answer {
  shards: { from: number; to: number }
  shard_count: number
  columns: { id: number[] }
  next_shards?: string
}

/** Every page, following `next_shards`; answers over their budget, and where each id was listed. */
async function everyPage() {
  const ids: { id: number; page: number }[] = []
  const over: string[] = []
  let largest = 0
  let answers = 0
  let pageCount = 2
  for (let page = 0; page < pageCount; page++) {
    let shards: string | undefined = pageShards(page)
    while (shards !== undefined) {
      answers++
      const response = await fetch(`${base}/api/media-pages?shards=${shards}`, { headers: auth })
      const bytes = new Uint8Array(await response.arrayBuffer())
      if (response.status !== 200)
        return { ids, over, largest, answers, failed: `status ${String(response.status)}` }
      largest = Math.max(largest, bytes.length)
      const body = JSON.parse(new TextDecoder().decode(bytes)) as Answer
      let id = 0
      const held = new Set<number>()
      for (const step of body.columns.id) {
        ids.push({ id: (id += step), page })
        held.add(Math.floor(id / SHARD_IDS))
      }
      // An answer may pass its budget only with the records of one shard alone.
      if (
        bytes.length > (held.size > 1 ? PAGE_ANSWER_BUDGET : SHARD_BUDGET) ||
        bytes.length > STREAMED_LIMIT
      ) {
        over.push(`${shards}: ${mb(bytes.length)}`)
      }
      if (page === 0 && shards === pageShards(0)) pageCount = pageCountOf(body.shard_count)
      shards = body.next_shards
    }
  }
  return { ids, over, largest, answers, failed: null }
}

export async function checkLongDescriptionPages(): Promise<void> {
  const started = createdIds.length
  for (let n = 0; n < LONG_RECORDS; n += AT_ONCE) {
    const batch = Array.from({ length: Math.min(AT_ONCE, LONG_RECORDS - n) }, (_, i) => n + i)
    const created = await Promise.all(batch.map((i) => createLong(i)))
    const refused = created.find((each) => each.status !== 200 && each.status !== 201)
    if (refused) throw new Error(`could not create a record with long texts: ${String(refused.error)}`)
  }
  const mine = new Set(createdIds.slice(started))

  const pages = await everyPage()
  const counts = new Map<number, number>()
  for (const { id } of pages.ids) counts.set(id, (counts.get(id) ?? 0) + 1)
  const missing = [...mine].filter((id) => counts.get(id) !== 1).length
  const misplaced = pages.ids.filter(({ id, page }) => mine.has(id) && pageOfId(id) !== page).length
  record(
    `GET /api/media-pages with ${String(LONG_RECORDS)} records of 10,000 characters of text`,
    `every answer at most ${mb(PAGE_ANSWER_BUDGET)} (one shard: ${mb(SHARD_BUDGET)}), each record once, on its page`,
    `${String(pages.answers)} answers, largest ${mb(pages.largest)}` +
      (pages.over.length > 0 ? `, over budget: ${pages.over.join(', ')}` : '') +
      `${pages.failed ? `, ${pages.failed}` : ''}, ${String(missing)} of ours missing or repeated, ` +
      `${String(misplaced)} on another page than their id's`,
    pages.over.length + (pages.failed === null ? 0 : 1) + missing + misplaced,
  )

  await call('POST', '/api/batch-delete', { ids: [...mine] })
}
