/**
 * List benchmark: `GET /api/media` over records stored in the app's shard documents, against the same
 * records stored one blob per record and listed with `list()` + a `get` of each. Prints and writes
 * tests/bench/results/list.json; asserts nothing.
 *
 *   node_modules/.bin/node tests/bench/list.bench.ts
 *   BENCH_LIST_SIZES=1000,10000 BENCH_LIST_DEV=0 node_modules/.bin/node tests/bench/list.bench.ts
 *
 * In process: the real `media` handler (bundled as Netlify bundles it) against a local Blobs server of
 * its own, seeded with the seeded library in the app's exact shard layout. A "new instance" is a fresh
 * store object, which is how a cold function instance starts (empty shard cache, nothing learnt); a
 * "warm instance" repeats the request on the same one. Document calls are counted through the store
 * the services see (each is one Blobs request on Netlify); the local server's extra etag lookups are
 * in the notes. Then, at 10,000 records, the same listing end to end through `netlify dev`.
 */
import { gzipSync } from 'node:zlib'

import type { MediaRecord } from '../../src/contract/record.ts'
import { CountingDocumentStore, type DocumentCalls } from './lib/counting-store.ts'
import { BENCH_RUNS, figure, median, report, timed, type Figure } from './lib/figures.ts'
import { call, loadServer, type Server } from './lib/in-process.ts'
import { callsSince, startLocalBlobs, type LocalBlobs } from './lib/local-blobs.ts'
import { startListThroughDev, type ListThroughDev } from './lib/list-through-dev.ts'
import { benchRecords, listOneBlobPerRecord, seedOneBlobPerRecord, seedShards } from './lib/seed-records.ts'

const SIZES = (process.env.BENCH_LIST_SIZES ?? '1000,10000,100000').split(',').map(Number)
/** At this size the listing is also measured end to end through netlify dev (BENCH_LIST_DEV=0: not). */
const THROUGH_DEV = process.env.BENCH_LIST_DEV !== '0'
const DEV_SIZE = 10_000
/** The screen asks for the default page first, then follows `next` with pages of 5,000. */
const FOLLOWING_PAGE_LIMIT = 5_000
const FIRST_PAGE_LIMIT = 2_000
/**
 * The one-blob-per-record listing of 100,000 records takes one to two minutes per run here (100,000
 * gets, and a list() that stats every file): it runs once at that size, to keep the whole benchmark
 * inside its time budget, and its figures say so. Every other figure has BENCH_RUNS runs.
 */
const LARGE_BASELINE_RUNS = 1
const LARGE = 100_000

interface Answer {
  ms: number
  status: number
  etag: string | null
  records: number
  rawBytes: number
  body: string
  calls: DocumentCalls
  httpRequests: number
}

/** One request to the real handler through `store`, with what it cost. */
async function request(
  server: Server,
  blobs: LocalBlobs,
  store: CountingDocumentStore,
  path: string,
  headers: Record<string, string> = {},
): Promise<Answer & { next: string | null }> {
  server.replaceDocumentStore(store)
  const before = blobs.calls()
  const { ms, value } = await timed(() =>
    store.count(async () => {
      const response = await call(server, 'GET', path, { headers })
      return { response, body: await response.text() }
    }),
  )
  const http = callsSince(before, blobs.calls())
  const { response, body } = value.value
  const page =
    response.status === 200 ? (JSON.parse(body) as { records: MediaRecord[]; next: string | null }) : null
  return {
    ms,
    status: response.status,
    etag: response.headers.get('etag'),
    records: page?.records.length ?? 0,
    next: page?.next ?? null,
    rawBytes: Buffer.byteLength(body),
    body,
    calls: value.calls,
    httpRequests: http.get + http.list + http.head,
  }
}

/** The first page and every following one, as the screen loads them. */
async function fullListing(server: Server, blobs: LocalBlobs, store: CountingDocumentStore) {
  const pages: Answer[] = []
  let path = '/api/media'
  for (;;) {
    const page = await request(server, blobs, store, path)
    if (page.status !== 200) throw new Error(`${path} answered ${String(page.status)}`)
    pages.push(page)
    if (page.next === null) break
    path = `/api/media?cursor=${page.next}&limit=${String(FOLLOWING_PAGE_LIMIT)}`
  }
  const sum = (of: (page: Answer) => number) => pages.reduce((total, page) => total + of(page), 0)
  return {
    pages,
    ms: sum((page) => page.ms),
    records: sum((page) => page.records),
    reads: sum((page) => page.calls.reads),
    lists: sum((page) => page.calls.lists),
    httpRequests: sum((page) => page.httpRequests),
    rawBytes: sum((page) => page.rawBytes),
  }
}

/** Each request reads every shard it needs once, plus at most two other calls (the `list()`). */
function withinReadBudget(page: Answer): boolean {
  const shardsRead = new Set(page.calls.readKeys).size
  return page.calls.reads === shardsRead && page.calls.reads + page.calls.lists <= 2 + shardsRead
}

const kb = (bytes: number) => Number((bytes / 1000).toFixed(1))
const gzipKb = (bodies: readonly string[]) =>
  kb(bodies.reduce((total, body) => total + gzipSync(body).byteLength, 0))

async function measureSize(
  server: Server,
  blobs: LocalBlobs,
  records: readonly MediaRecord[],
  dev?: ListThroughDev,
): Promise<Figure[]> {
  const n = records.length
  const shardStore = blobs.store(`media-${String(n)}`)
  const seeded = await timed(async () => {
    const shards = await seedShards(server, new server.BlobsDocumentStore(shardStore), records)
    const perRecord = await seedOneBlobPerRecord(blobs, `per-record-${String(n)}`, records)
    return { shards, perRecord }
  })
  const { shards, perRecord: perRecordStore } = seeded.value
  log(
    `${n.toLocaleString('en-US')} records: ${String(shards)} shards and ${String(n)} blobs in ${s(seeded.ms)}`,
  )

  const newInstance = () => new CountingDocumentStore(new server.BlobsDocumentStore(shardStore))
  const firstPageLimit = Math.min(n, FIRST_PAGE_LIMIT)
  const runs = {
    coldFirst: [] as Answer[],
    warmFirst: [] as Answer[],
    revalidation: [] as Answer[],
    coldFull: [] as Awaited<ReturnType<typeof fullListing>>[],
    warmFull: [] as Awaited<ReturnType<typeof fullListing>>[],
    baselineFirst: [] as number[],
    baselineFull: [] as number[],
    baselineRequests: [] as number[],
  }

  const measured = async () => {
    const cold = newInstance()
    const first = await request(server, blobs, cold, '/api/media')
    runs.coldFirst.push(first)
    runs.warmFirst.push(await request(server, blobs, cold, '/api/media'))
    runs.revalidation.push(
      await request(server, blobs, cold, '/api/media', { 'If-None-Match': first.etag ?? '' }),
    )
    const coldAgain = newInstance()
    const full = await fullListing(server, blobs, coldAgain)
    if (full.records !== n)
      throw new Error(`the listing held ${String(full.records)} of ${String(n)} records`)
    runs.coldFull.push(full)
    runs.warmFull.push(await fullListing(server, blobs, coldAgain))
    await dev?.round()
  }
  const baseline = async () => {
    const first = await timed(() => listOneBlobPerRecord(perRecordStore, firstPageLimit))
    runs.baselineFirst.push(first.ms)
    const before = blobs.calls()
    const full = await timed(() => listOneBlobPerRecord(perRecordStore))
    if (full.value.length !== n) throw new Error(`the baseline read ${String(full.value.length)} records`)
    const calls = callsSince(before, blobs.calls())
    runs.baselineFull.push(full.ms)
    runs.baselineRequests.push(calls.get + calls.list)
  }

  // One untimed warm-up of the handler side (bundle, JIT); the baseline's own first run is as warm as
  // it gets at 100,000 records, where it is too slow to repeat more than the figures need.
  const large = n >= LARGE
  const baselineRuns = large ? LARGE_BASELINE_RUNS : BENCH_RUNS
  await measured()
  if (!large) await baseline()
  for (const list of Object.values(runs)) list.length = 0
  dev?.reset()
  for (let run = 0; run < BENCH_RUNS; run++) {
    const withBaseline = run < baselineRuns
    if (run % 2 === 0) {
      await measured()
      if (withBaseline) await baseline()
    } else {
      if (withBaseline) await baseline()
      await measured()
    }
    log(
      `  run ${String(run + 1)}: first page ${ms(runs.coldFirst.at(-1)?.ms)} cold, ` +
        `full listing ${ms(runs.coldFull.at(-1)?.ms)} cold / ${ms(runs.warmFull.at(-1)?.ms)} warm` +
        (withBaseline ? `; one blob per record ${ms(runs.baselineFull.at(-1))}` : ''),
    )
  }

  const coldFull = runs.coldFull[0]
  const first = runs.coldFirst[0]
  if (!coldFull || !first) throw new Error('no runs')
  const shardsRead = median(runs.coldFull.map((full) => full.reads))
  const firstPageGzip = gzipKb([first.body])
  const fullGzip = gzipKb(coldFull.pages.map((page) => page.body))
  const baselineNote = large
    ? `; ${String(LARGE_BASELINE_RUNS)} run at this size (one to two minutes each)`
    : ''
  const faster = 'baseline / median: times faster than one blob per record'
  const common = { id: 'list', n }

  const throughDev =
    dev?.figures({
      fullListing: runs.baselineFull,
      firstPageInProcess: runs.coldFirst.map((answer) => answer.ms),
    }) ?? []

  return [
    figure({
      ...common,
      metric: `GET /api/media first page (${firstPageLimit.toLocaleString('en-US')}), new instance`,
      unit: 'ms',
      runs: runs.coldFirst.map((answer) => answer.ms),
      baseline: `one blob per record: list() + get of the first ${firstPageLimit.toLocaleString('en-US')}, 32 at a time${baselineNote}`,
      baseline_runs: runs.baselineFirst,
      ratio_means: faster,
      target: '-',
      met: null,
      notes: {
        document_reads: first.calls.reads,
        list_calls: first.calls.lists,
        http_requests_to_local_blobs: first.httpRequests,
        raw_kb: kb(first.rawBytes),
        gzip_kb: firstPageGzip,
      },
    }),
    figure({
      ...common,
      metric: 'GET /api/media first page, warm instance',
      unit: 'ms',
      runs: runs.warmFirst.map((answer) => answer.ms),
      baseline: 'the same first page on a new instance',
      baseline_runs: runs.coldFirst.map((answer) => answer.ms),
      ratio_means: 'new instance / warm instance',
      target: '-',
      met: null,
      notes: {
        document_reads: median(runs.warmFirst.map((answer) => answer.calls.reads)),
        list_calls: median(runs.warmFirst.map((answer) => answer.calls.lists)),
      },
    }),
    figure({
      ...common,
      metric: `full listing (${String(coldFull.pages.length)} pages), new instance`,
      unit: 'ms',
      runs: runs.coldFull.map((full) => full.ms),
      baseline: `one blob per record: list() + get of each, 32 at a time${baselineNote}`,
      baseline_runs: runs.baselineFull,
      ratio_means: faster,
      target: '>= 100x faster than the baseline at 10k',
      meets: (done) => (n === 10_000 ? done.ratio >= 100 : null),
      met: null,
      notes: { pages: coldFull.pages.length, raw_kb: kb(coldFull.rawBytes), gzip_kb: fullGzip },
    }),
    figure({
      ...common,
      metric: 'full listing, warm instance',
      unit: 'ms',
      runs: runs.warmFull.map((full) => full.ms),
      baseline: `one blob per record: list() + get of each${baselineNote}`,
      baseline_runs: runs.baselineFull,
      ratio_means: faster,
      target: '>= 100x faster than the baseline at 10k',
      meets: (done) => (n === 10_000 ? done.ratio >= 100 : null),
      met: null,
      notes: {
        document_reads: median(runs.warmFull.map((full) => full.reads)),
        list_calls: median(runs.warmFull.map((full) => full.lists)),
      },
    }),
    figure({
      ...common,
      metric: 'blob reads per full listing, new instance (list() + shard reads)',
      unit: 'reads',
      runs: runs.coldFull.map((full) => full.reads + full.lists),
      baseline: 'one blob per record: list() calls + gets',
      baseline_runs: runs.baselineRequests,
      ratio_means: 'baseline / median: times fewer blob reads',
      target: '<= 2 + shards read, per request',
      met: runs.coldFull.every((full) => full.pages.every(withinReadBudget)),
      notes: {
        shards: shards,
        shards_read: shardsRead,
        list_calls: coldFull.lists,
        pages: coldFull.pages.length,
        most_reads_in_one_request: Math.max(...coldFull.pages.map((p) => p.calls.reads + p.calls.lists)),
        http_requests_to_local_blobs: coldFull.httpRequests,
        why_http_differs:
          'the local Blobs server sends no etag on reads, so each shard read there also lists its key',
      },
    }),
    figure({
      ...common,
      metric: 'If-None-Match revalidation of the first page',
      unit: 'ms',
      runs: runs.revalidation.map((answer) => answer.ms),
      baseline: 'a 200 answer of the same page, warm instance',
      baseline_runs: runs.warmFirst.map((answer) => answer.ms),
      ratio_means: 'baseline / median: times faster than a full answer',
      target: '304 after one list()',
      met: runs.revalidation.every(
        (answer) => answer.status === 304 && answer.calls.lists === 1 && answer.calls.reads === 0,
      ),
      notes: {
        status: runs.revalidation[0]?.status ?? 0,
        list_calls: runs.revalidation[0]?.calls.lists ?? 0,
        document_reads: runs.revalidation[0]?.calls.reads ?? 0,
      },
    }),
    figure({
      ...common,
      metric: 'gzip size of the full listing (every page)',
      unit: 'KB',
      runs: [fullGzip],
      baseline: 'the same pages uncompressed',
      baseline_runs: [kb(coldFull.rawBytes)],
      ratio_means: 'raw / gzip',
      target: '-',
      met: null,
      notes: { first_page_gzip_kb: firstPageGzip, first_page_raw_kb: kb(first.rawBytes) },
    }),
    ...throughDev,
  ]
}

function log(message: string): void {
  process.stdout.write(`${message}\n`)
}
const ms = (value: number | undefined) => `${(value ?? Number.NaN).toFixed(0)} ms`
const s = (value: number) => `${(value / 1000).toFixed(1)} s`

async function main(): Promise<void> {
  log(`List benchmark: ${String(BENCH_RUNS)} interleaved runs per figure, sizes ${SIZES.join(', ')}`)
  const server = await loadServer()
  const blobs = await startLocalBlobs()
  const figures: Figure[] = []
  try {
    for (const n of SIZES) {
      const records = benchRecords(n)
      const dev = THROUGH_DEV && n === DEV_SIZE ? await startListThroughDev(server, records) : undefined
      try {
        figures.push(...(await measureSize(server, blobs, records, dev)))
      } finally {
        await dev?.stop()
      }
    }
  } finally {
    await blobs.stop()
  }
  await report('list', figures)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
