/**
 * Load benchmark (suite 'load'): the API under concurrent connections, through `netlify dev` with its
 * local Blobs server, measured with autocannon. Prints the suite's figures and writes
 * tests/bench/results/load.json; asserts nothing.
 *
 *   node_modules/.bin/node tests/bench/load.bench.ts
 *   BENCH_RUNS=7 LOAD_RUN_SECONDS=10 LOAD_WRITE_RATE=10 node_modules/.bin/node tests/bench/load.bench.ts
 *
 * It starts its own netlify dev on a throw-away copy of the project, seeds 1,000 records into its local
 * Blobs data in the app's own shard layout (load/seed-library.ts), then measures two loads, each run
 * alternating with the same load on a trivial function (an unknown /api path, answered 404 by
 * `api-not-found` without touching storage):
 *
 *   a. reads: `GET /api/media` (its default page holds all 1,000 records) on 10 connections, each sending
 *      its next request as soon as the previous answer arrives;
 *   b. mixed writes at a fixed overall rate (autocannon `overallRate`, which corrects latencies for
 *      coordinated omission) on 10 connections: `PATCH /api/update/{id}` on 10 hot records,
 *      `POST /api/upload` and `POST /api/batch-update` of the 10 hot records, in the ratio 6 : 2 : 2.
 *
 * Each side gets BENCH_RUNS runs (at least 5) of LOAD_RUN_SECONDS (default 8) seconds: 40 s of load per
 * side, and the whole suite in about 4 minutes on a 2-core machine. The write rate, LOAD_WRITE_RATE,
 * defaults to 2 requests a second, about what netlify dev answered on this machine. Requests still in flight when a run
 * ends are not counted. Conflicts (409/412) would count as non-2xx: writers retry their
 * compare-and-swap on the server, so every answer should be a 2xx. A request waits up to 30 s, netlify
 * dev's own limit for a function, before it counts as a timeout.
 */
import os from 'node:os'

import autocannon from 'autocannon'

import {
  createProjectDir,
  removeProjectDir,
  startNetlifyDev,
  type NetlifyDev,
} from '../support/netlify-dev.ts'
import { BENCH_RUNS, figure, interleave, report, type Figure } from './lib/figures.ts'
import { apiJson, listedCount, recordBody, seedLibrary } from './load/seed-library.ts'

const RECORDS = 1_000
const CONNECTIONS = 10
const RUN_SECONDS = Math.max(2, Number(process.env.LOAD_RUN_SECONDS ?? 8))
/** Requests per second of the mixed-write load, across all connections. */
const WRITE_RATE = Math.max(1, Number(process.env.LOAD_WRITE_RATE ?? 2))
const TIMEOUT_SECONDS = 30
const HOT_RECORDS = 10
const TRIVIAL_PATH = '/api/load-baseline'

interface RunResult {
  /** Mean requests per second over the run. */
  rps: number
  p50: number
  p99: number
  errors: number
  timeouts: number
  /** Non-2xx answers; for the trivial function, those other than its expected 404. */
  unexpected: number
  statuses: Record<string, number>
  requests: number
}

function summarise(result: autocannon.Result, expectedStatus = 200): RunResult {
  const statuses: Record<string, number> = {}
  for (const [status, { count = 0 }] of Object.entries(result.statusCodeStats ?? {})) statuses[status] = count
  const unexpected =
    expectedStatus === 200
      ? result.non2xx
      : Object.entries(statuses)
          .filter(([status]) => Number(status) !== expectedStatus && !status.startsWith('2'))
          .reduce((sum, [, count]) => sum + count, 0)
  return {
    // Answers over the run's length: the per-second samples are too few to average on a slow server.
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    unexpected,
    statuses,
    requests: result.requests.total,
  }
}

const readLoad = (dev: NetlifyDev, path: string) => () =>
  autocannon({
    url: `${dev.baseUrl}${path}`,
    connections: CONNECTIONS,
    duration: RUN_SECONDS,
    timeout: TIMEOUT_SECONDS,
  })

/** What the writes answered, across every run: statuses per kind, and failed items inside batch answers. */
interface WriteOutcomes {
  statuses: Record<'update' | 'upload' | 'batch-update' | 'failed', Record<string, number>>
  batchItemsFailed: number
}

function newWriteOutcomes(): WriteOutcomes {
  return { statuses: { update: {}, upload: {}, 'batch-update': {}, failed: {} }, batchItemsFailed: 0 }
}

/** 6 updates, 2 uploads and 2 batch updates in every 10 requests, whichever connection sends them. */
const WRITE_MIX = ['update', 'update', 'upload', 'update', 'batch-update'] as const

function mixedWrites(dev: NetlifyDev, hotIds: readonly number[], outcomes: WriteOutcomes) {
  let sequence = 0
  const next = (request: autocannon.Request): autocannon.Request => {
    const number = sequence++
    const kind = WRITE_MIX[number % WRITE_MIX.length] ?? 'update'
    const headers = { 'content-type': 'application/json' }
    if (kind === 'upload') {
      return {
        ...request,
        method: 'POST',
        path: '/api/upload',
        headers,
        body: JSON.stringify(recordBody(RECORDS + 1 + number)),
      }
    }
    if (kind === 'batch-update') {
      const updates = hotIds.map((id) => ({ id, fields: { notes: `Batch under load ${String(number)}` } }))
      return {
        ...request,
        method: 'POST',
        path: '/api/batch-update',
        headers,
        body: JSON.stringify({ updates }),
      }
    }
    const id = hotIds[number % hotIds.length] ?? 1
    const body = JSON.stringify({ description: `Edited under load ${String(number)}` })
    return { ...request, method: 'PATCH', path: `/api/update/${String(id)}`, headers, body }
  }
  // Answers are told apart by what they hold: autocannon does not say which request an answer is for.
  const classify = (status: number, body: string) => {
    const kind =
      status >= 300
        ? 'failed'
        : status === 201
          ? 'upload'
          : body.includes('"results"')
            ? 'batch-update'
            : 'update'
    outcomes.statuses[kind][status] = (outcomes.statuses[kind][status] ?? 0) + 1
    if (kind === 'batch-update') outcomes.batchItemsFailed += (JSON.parse(body) as { failed: number }).failed
  }
  return () =>
    autocannon({
      url: dev.baseUrl,
      connections: CONNECTIONS,
      duration: RUN_SECONDS,
      timeout: TIMEOUT_SECONDS,
      overallRate: WRITE_RATE,
      requests: [{ setupRequest: next, onResponse: classify }],
    })
}

const fixedRate = (dev: NetlifyDev, path: string) => () =>
  autocannon({
    url: `${dev.baseUrl}${path}`,
    connections: CONNECTIONS,
    duration: RUN_SECONDS,
    timeout: TIMEOUT_SECONDS,
    overallRate: WRITE_RATE,
  })

/**
 * Runs both sides alternately, `BENCH_RUNS` times each. After each run one trivial request is awaited:
 * answers cut off when a run stops are still being computed, and the next run should not pay for them.
 */
async function measure(
  dev: NetlifyDev,
  measured: () => Promise<autocannon.Result>,
  baseline: () => Promise<autocannon.Result>,
): Promise<{ measured: RunResult[]; baseline: RunResult[] }> {
  const measuredRuns: RunResult[] = []
  const baselineRuns: RunResult[] = []
  const drained = async (run: RunResult) => {
    await drain(dev)
    return run
  }
  await interleave(
    BENCH_RUNS,
    async () => {
      const run = await drained(summarise(await measured()))
      measuredRuns.push(run)
      return run.p50
    },
    async () => {
      const run = await drained(summarise(await baseline(), 404))
      baselineRuns.push(run)
      return run.p50
    },
    { warmUp: false },
  )
  return { measured: measuredRuns, baseline: baselineRuns }
}

async function drain(dev: NetlifyDev): Promise<void> {
  const response = await fetch(`${dev.baseUrl}${TRIVIAL_PATH}`, { signal: AbortSignal.timeout(60_000) })
  await response.arrayBuffer()
}

const sum = (runs: readonly RunResult[], pick: (run: RunResult) => number) =>
  runs.reduce((total, run) => total + pick(run), 0)

function statusTotals(runs: readonly RunResult[]): string {
  const totals: Record<string, number> = {}
  for (const run of runs) {
    for (const [status, count] of Object.entries(run.statuses)) totals[status] = (totals[status] ?? 0) + count
  }
  return JSON.stringify(totals)
}

/** The four figures of one load: throughput, median and tail latency, and failed answers. */
function loadFigures(
  load: string,
  runs: { measured: RunResult[]; baseline: RunResult[] },
  baselineName: string,
  notes: Record<string, number | string | boolean>,
): Figure[] {
  const { measured, baseline } = runs
  const failures = (run: RunResult) => run.errors + run.timeouts + run.unexpected
  const common = { id: 'load', n: RECORDS, baseline: baselineName }
  const allNotes = {
    ...notes,
    connections: CONNECTIONS,
    run_seconds: RUN_SECONDS,
    requests: sum(measured, (run) => run.requests),
    errors: sum(measured, (run) => run.errors),
    timeouts: sum(measured, (run) => run.timeouts),
    non2xx: sum(measured, (run) => run.unexpected),
    statuses: statusTotals(measured),
    baseline_requests: sum(baseline, (run) => run.requests),
    baseline_statuses: statusTotals(baseline),
  }
  return [
    figure({
      ...common,
      metric: `${load} throughput`,
      unit: 'req/s',
      runs: measured.map((run) => run.rps),
      baseline_runs: baseline.map((run) => run.rps),
      ratioOf: (m, b) => m / b,
      ratio_means: 'median req/s / baseline median req/s',
      target: 'report',
      met: null,
      notes: allNotes,
    }),
    figure({
      ...common,
      metric: `${load} p50 latency`,
      unit: 'ms',
      runs: measured.map((run) => run.p50),
      baseline_runs: baseline.map((run) => run.p50),
      ratioOf: (m, b) => m / b,
      ratio_means: 'median p50 / baseline median p50 (times slower than the trivial function)',
      target: 'report',
      met: null,
    }),
    figure({
      ...common,
      metric: `${load} p99 latency`,
      unit: 'ms',
      runs: measured.map((run) => run.p99),
      baseline_runs: baseline.map((run) => run.p99),
      ratioOf: (m, b) => m / b,
      ratio_means: 'median p99 / baseline median p99 (times slower than the trivial function)',
      target: 'report',
      met: null,
    }),
    figure({
      ...common,
      metric: `${load} errors + timeouts + non-2xx`,
      unit: 'answers',
      runs: measured.map(failures),
      baseline_runs: baseline.map(failures),
      ratioOf: (m, b) => m - b,
      ratio_means: 'median failures - baseline median failures',
      target: '0 errors, 0 timeouts, 0 non-2xx',
      met: measured.every((run) => failures(run) === 0),
    }),
  ]
}

/** One call to each writer first, so no measured run pays for a function's first start. */
async function warmWriters(dev: NetlifyDev, hotIds: readonly number[]): Promise<void> {
  const [id = 1] = hotIds
  await apiJson(dev, 'PATCH', `/api/update/${String(id)}`, { description: 'Warm-up' })
  await apiJson(dev, 'POST', '/api/batch-update', { updates: [{ id, fields: { notes: 'Warm-up' } }] })
  await fetch(`${dev.baseUrl}${TRIVIAL_PATH}`).then((response) => response.arrayBuffer())
}

async function main(): Promise<void> {
  const started = Date.now()
  const dir = await createProjectDir()
  let dev: NetlifyDev | undefined
  try {
    dev = await startNetlifyDev(dir)
    const seedStarted = Date.now()
    const ids = await seedLibrary(dev, RECORDS)
    const seedSeconds = (Date.now() - seedStarted) / 1000
    console.log(`seeded ${String(ids.length)} records in ${seedSeconds.toFixed(1)} s`)
    const trivial = readLoad(dev, TRIVIAL_PATH)
    const loadBefore = os.loadavg()[0] ?? 0

    const reads = await measure(dev, readLoad(dev, '/api/media'), trivial)
    console.log('reads measured')

    const hotIds = ids.slice(0, HOT_RECORDS)
    const outcomes = newWriteOutcomes()
    await warmWriters(dev, hotIds)
    const writes = await measure(dev, mixedWrites(dev, hotIds, outcomes), fixedRate(dev, TRIVIAL_PATH))
    const createdUnderLoad = Object.entries(outcomes.statuses.upload)
      .filter(([status]) => status.startsWith('2'))
      .reduce((total, [, count]) => total + count, 0)
    const listed = await listedCount(dev)

    const figures = [
      ...loadFigures('GET /api/media, 10 connections', reads, 'GET of an unknown /api path (404)', {
        records_listed_per_answer: RECORDS,
      }),
      ...loadFigures(
        `mixed writes at ${String(WRITE_RATE)} req/s`,
        writes,
        `GET of an unknown /api path (404) at ${String(WRITE_RATE)} req/s`,
        {
          rate: WRITE_RATE,
          hot_records: HOT_RECORDS,
          update_statuses: JSON.stringify(outcomes.statuses.update),
          upload_statuses: JSON.stringify(outcomes.statuses.upload),
          batch_update_statuses: JSON.stringify(outcomes.statuses['batch-update']),
          failed_statuses: JSON.stringify(outcomes.statuses.failed),
          batch_items_failed: outcomes.batchItemsFailed,
          // Every acknowledged create is listed (a create still in flight when a run stopped may add one).
          records_listed_after: listed,
          records_expected_after: RECORDS + createdUnderLoad,
        },
      ),
    ]
    const first = figures[0]
    if (first?.notes) {
      first.notes.seed_seconds = Number(seedSeconds.toFixed(1))
      first.notes.suite_seconds = Math.round((Date.now() - started) / 1000)
      // The machine is shared: its load says how far to trust the figures.
      first.notes.load_average_before = Number(loadBefore.toFixed(1))
      first.notes.load_average_after = Number((os.loadavg()[0] ?? 0).toFixed(1))
      first.notes.cpus = os.cpus().length
    }
    await report('load', figures)
    console.log(`write answers by kind: ${JSON.stringify(outcomes)}`)
    console.log(
      `records listed after the writes: ${String(listed)}, expected ${String(RECORDS + createdUnderLoad)}`,
    )
    console.log(`suite took ${String(Math.round((Date.now() - started) / 1000))} s`)
  } finally {
    await dev?.stop()
    await removeProjectDir(dir)
  }
}

// A stopped run still stops netlify dev: the helper kills its process group on 'exit'.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.exit(130)
  })
}

await main()
