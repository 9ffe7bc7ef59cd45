/**
 * Upload benchmark of the built-in media host. Prints a table of figures and writes them to
 * tests/bench/results/upload.json; asserts nothing. Run it with the project's own Node 22, which strips
 * the types itself (no npm script, no extra package):
 *
 *   node_modules/.bin/node tests/bench/upload.bench.ts
 *   BENCH_RUNS=5 node_modules/.bin/node tests/bench/upload.bench.ts
 *
 * It starts its own `netlify dev` on a throw-away copy of the project (tests/api/helpers/netlify-dev.ts)
 * and its own local Blobs server, then measures, interleaving the two sides run by run:
 *
 *   a. a 100 MB file uploaded with tus in 4 MiB chunks through netlify dev (POST, then PATCHes);
 *   b. the same bytes written as 4 MiB blobs straight to the local Blobs server with @netlify/blobs:
 *      the baseline of (a), what storage alone costs;
 *   c. a batch of 10 x 5 MB files end to end (tus upload, GET of the result, POST /api/upload), 3 at a
 *      time, against its own baseline: the same chunks written straight to Blobs, 3 files at a time.
 *
 * Every request body stays at most 4 MiB (netlify dev dies on bodies over 6,000,000 bytes; Netlify
 * takes about 4.5 MB of raw bytes), and the largest one sent is reported.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { getStore, type Store } from '@netlify/blobs'
import { BlobsServer } from '@netlify/blobs/server'

import { MAX_CHUNK_BYTES } from '../../src/contract/uploads.ts'
import {
  createProjectDir,
  removeProjectDir,
  startNetlifyDev,
  type NetlifyDev,
} from '../api/helpers/netlify-dev.ts'
import {
  downloadByRanges,
  newStats,
  tusDelete,
  tusUpload,
  uploadResultOf,
  type Bytes,
  type TusStats,
} from '../api/helpers/tus-client.ts'

const MB = 1_000_000
const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 3))
const LARGE_BYTES = 100 * MB
const BATCH_FILES = 10
const BATCH_FILE_BYTES = 5 * MB
const BATCH_PARALLEL = 3
/** Netlify's limit on the raw bytes of one request body (DESIGN section 3). */
const BODY_LIMIT_BYTES = 4.5 * MB
const RESULTS = resolve(import.meta.dirname, 'results', 'upload.json')

interface Figure {
  id: string
  /** How many timed runs each side had. */
  n: number
  /** Seconds of each run, in order. */
  runs: number[]
  median: number
  p95: number
  baseline_median: number
  /** median / baseline_median: how many times longer than writing the bytes straight to Blobs. */
  ratio: number
  target: string
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** Nearest-rank 95th percentile: with a handful of runs, the slowest one. */
function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? 0
}

async function timed<T>(task: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const started = performance.now()
  const value = await task()
  return { seconds: (performance.now() - started) / 1000, value }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** A local Blobs server of its own, in a temporary directory: the baseline's storage. */
async function startBaselineBlobs(): Promise<{ store: Store; stop: () => Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), 'upload-bench-blobs-'))
  const server = new BlobsServer({ directory, token: 'bench', port: 0 })
  const { port } = await server.start()
  const url = `http://127.0.0.1:${String(port)}`
  const store = getStore({
    name: 'bench-files',
    siteID: 'bench',
    token: 'bench',
    edgeURL: url,
    uncachedEdgeURL: url,
  })
  return {
    store,
    stop: async () => {
      await server.stop()
      await rm(directory, { recursive: true, force: true })
    },
  }
}

/** Writes `bytes` as 4 MiB blobs, one after another, as the upload function stores chunks. */
async function writeChunks(store: Store, prefix: string, bytes: Bytes, stats: TusStats): Promise<void> {
  for (let offset = 0; offset < bytes.length; offset += MAX_CHUNK_BYTES) {
    const chunk = bytes.slice(offset, offset + MAX_CHUNK_BYTES)
    stats.requests++
    stats.largestBody = Math.max(stats.largestBody, chunk.byteLength)
    await store.set(`${prefix}/${String(offset).padStart(13, '0')}`, chunk.buffer)
  }
}

async function removePrefix(store: Store, prefix: string): Promise<void> {
  const { blobs } = await store.list({ prefix })
  await Promise.all(blobs.map(({ key }) => store.delete(key)))
}

/** Seconds spent in each step of the batch's files, summed over files. */
type Phases = Record<'tus upload' | 'GET result' | 'POST /api/upload', number[]>

const newPhases = (): Phases => ({ 'tus upload': [], 'GET result': [], 'POST /api/upload': [] })

/** One file of the batch, end to end: tus upload, its result, and the record that points at it. */
async function uploadEndToEnd(
  baseUrl: string,
  bytes: Bytes,
  name: string,
  stats: TusStats,
  phases: Phases,
): Promise<number> {
  const upload = await timed(() =>
    tusUpload(baseUrl, bytes, { filename: name, filetype: 'application/octet-stream' }, { stats }),
  )
  phases['tus upload'].push(upload.seconds)
  const { seconds: resultSeconds, value: result } = await timed(() => uploadResultOf(upload.value))
  phases['GET result'].push(resultSeconds)
  const started = performance.now()
  if (result.bytes !== bytes.length) throw new Error(`${name}: the result has ${String(result.bytes)} bytes`)
  const body = JSON.stringify({
    title: name,
    media_url: result.secure_url,
    file_size: result.bytes,
    public_id: result.public_id,
    resource_type: result.resource_type,
    format: result.format,
  })
  stats.requests++
  stats.largestBody = Math.max(stats.largestBody, Buffer.byteLength(body))
  const response = await fetch(new URL('/api/upload', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
    signal: AbortSignal.timeout(60_000),
  })
  const record = (await response.json()) as { success?: boolean; record?: { id: number } }
  phases['POST /api/upload'].push((performance.now() - started) / 1000)
  if (response.status !== 201 || !record.record)
    throw new Error(`${name}: POST /api/upload ${String(response.status)}`)
  return record.record.id
}

async function deleteRecord(baseUrl: string, id: number): Promise<void> {
  const response = await fetch(new URL(`/api/delete/${String(id)}`, baseUrl), {
    method: 'DELETE',
    signal: AbortSignal.timeout(60_000),
  })
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`DELETE /api/delete/${String(id)}: ${String(response.status)}`)
}

/** Runs `task` over `items` with at most `limit` at once, keeping the order of the results. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index] as T, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

function log(message: string): void {
  process.stdout.write(`${message}\n`)
}

async function main(): Promise<void> {
  log(`Upload benchmark: ${String(RUNS)} interleaved runs per figure`)
  const projectDir = await createProjectDir()
  let dev: NetlifyDev | undefined
  let baseline: Awaited<ReturnType<typeof startBaselineBlobs>> | undefined
  const stopAll = async () => {
    await dev?.stop()
    await baseline?.stop()
    await removeProjectDir(projectDir)
  }
  process.once('SIGINT', () => {
    void stopAll().finally(() => process.exit(130))
  })

  try {
    dev = await startNetlifyDev(projectDir)
    baseline = await startBaselineBlobs()
    const { baseUrl } = dev
    const store = baseline.store
    log(`netlify dev at ${baseUrl}; baseline Blobs server started`)

    // Warm up both sides once (function bundling, first worker start), untimed.
    const warm: Bytes = new Uint8Array(randomBytes(64 * 1024))
    await tusDelete(await tusUpload(baseUrl, warm, { filename: 'warm-up.bin' }))
    await writeChunks(store, 'warm-up', warm, newStats())

    // a and b: one 100 MB file.
    const large: Bytes = new Uint8Array(randomBytes(LARGE_BYTES))
    const largeDigest = sha256(large)
    const tusStats = newStats()
    const directStats = newStats()
    const tusRuns: number[] = []
    const directRuns: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const upload = await timed(() =>
        tusUpload(baseUrl, large, { filename: `large-${String(run)}.bin` }, { stats: tusStats }),
      )
      tusRuns.push(upload.seconds)
      if (run === 0) {
        // Checked once, untimed: the stored file is the file sent.
        const result = await uploadResultOf(upload.value)
        const downloaded = await downloadByRanges(new URL(result.secure_url, baseUrl).href, result.bytes)
        if (sha256(downloaded.bytes) !== largeDigest) throw new Error('the 100 MB file came back different')
      }
      await tusDelete(upload.value)

      const direct = await timed(() => writeChunks(store, `large-${String(run)}`, large, directStats))
      directRuns.push(direct.seconds)
      await removePrefix(store, `large-${String(run)}`)
      log(
        `  run ${String(run + 1)}: tus ${upload.seconds.toFixed(2)} s, direct Blobs ${direct.seconds.toFixed(2)} s`,
      )
    }

    // c: ten 5 MB files, 3 at a time, end to end; baseline: the same chunks straight to Blobs.
    const files: Bytes[] = Array.from(
      { length: BATCH_FILES },
      () => new Uint8Array(randomBytes(BATCH_FILE_BYTES)),
    )
    const batchStats = newStats()
    const batchDirectStats = newStats()
    const batchRuns: number[] = []
    const phases = newPhases()
    const batchDirectRuns: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const batch = await timed(() =>
        mapLimited(files, BATCH_PARALLEL, (bytes, index) =>
          uploadEndToEnd(baseUrl, bytes, `batch-${String(run)}-${String(index)}.bin`, batchStats, phases),
        ),
      )
      batchRuns.push(batch.seconds)
      await mapLimited(batch.value, BATCH_PARALLEL, (id) => deleteRecord(baseUrl, id))

      const direct = await timed(() =>
        mapLimited(files, BATCH_PARALLEL, (bytes, index) =>
          writeChunks(store, `batch-${String(run)}/${String(index)}`, bytes, batchDirectStats),
        ),
      )
      batchDirectRuns.push(direct.seconds)
      await removePrefix(store, `batch-${String(run)}/`)
      log(
        `  batch run ${String(run + 1)}: end to end ${batch.seconds.toFixed(2)} s, direct Blobs ${direct.seconds.toFixed(2)} s`,
      )
    }

    const figures: Figure[] = [
      figure(
        'upload-100MB-tus-netlify-dev',
        tusRuns,
        directRuns,
        'ratio vs 4 MiB blobs written straight to a local Blobs server',
      ),
      figure('upload-100MB-direct-blobs', directRuns, directRuns, 'baseline of upload-100MB-tus-netlify-dev'),
      figure(
        'batch-10x5MB-end-to-end-3-parallel',
        batchRuns,
        batchDirectRuns,
        'ratio vs the same chunks written straight to Blobs, 3 files at a time',
      ),
    ]
    const rows = [
      row('a. 100 MB, tus via netlify dev', LARGE_BYTES, tusRuns, directRuns, tusStats),
      row('b. 100 MB, straight to Blobs', LARGE_BYTES, directRuns, directRuns, directStats),
      row(
        'c. 10 x 5 MB end to end, 3 at once',
        BATCH_FILES * BATCH_FILE_BYTES,
        batchRuns,
        batchDirectRuns,
        batchStats,
      ),
      row(
        '   baseline of c, straight to Blobs',
        BATCH_FILES * BATCH_FILE_BYTES,
        batchDirectRuns,
        batchDirectRuns,
        batchDirectStats,
      ),
    ]
    printTable(rows)
    log(
      `Batch, median seconds per file and step (3 files in flight): ${Object.entries(phases)
        .map(([phase, seconds]) => `${phase} ${median(seconds).toFixed(2)}`)
        .join(', ')}`,
    )
    const largest = Math.max(tusStats.largestBody, batchStats.largestBody)
    log(
      `Largest request body sent through netlify dev: ${String(largest)} bytes ` +
        `(${(largest / MB).toFixed(2)} MB; limit ${(BODY_LIMIT_BYTES / MB).toFixed(1)} MB): ` +
        (largest <= BODY_LIMIT_BYTES ? 'within the limit' : 'OVER THE LIMIT'),
    )

    await mkdir(resolve(RESULTS, '..'), { recursive: true })
    await writeFile(RESULTS, `${JSON.stringify(figures, null, 2)}\n`)
    log(`Figures written to ${RESULTS}`)
  } finally {
    await stopAll()
  }
}

function round(value: number, digits = 3): number {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

function figure(id: string, runs: number[], baselineRuns: number[], target: string): Figure {
  const baselineMedian = median(baselineRuns)
  return {
    id,
    n: runs.length,
    runs: runs.map((seconds) => round(seconds)),
    median: round(median(runs)),
    p95: round(p95(runs)),
    baseline_median: round(baselineMedian),
    ratio: round(median(runs) / baselineMedian, 2),
    target: `${target}; seconds, printed, not asserted; every request body <= ${String(BODY_LIMIT_BYTES)} bytes`,
  }
}

type Row = [
  label: string,
  seconds: string,
  p95: string,
  mbPerSecond: string,
  ratio: string,
  largestBody: string,
]

function row(label: string, bytes: number, runs: number[], baselineRuns: number[], stats: TusStats): Row {
  const seconds = median(runs)
  return [
    label,
    seconds.toFixed(2),
    p95(runs).toFixed(2),
    (bytes / MB / seconds).toFixed(1),
    `${(seconds / median(baselineRuns)).toFixed(2)}x`,
    `${(stats.largestBody / MB).toFixed(2)} MB`,
  ]
}

function printTable(rows: Row[]): void {
  const header: Row = ['', 'median s', 'p95 s', 'MB/s', 'vs baseline', 'largest body']
  const all = [header, ...rows]
  const widths = header.map((_, column) => Math.max(...all.map((cells) => cells[column]?.length ?? 0)))
  const format = (cells: Row) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
  log('')
  log(format(header))
  log(widths.map((width) => '-'.repeat(width)).join('  '))
  for (const cells of rows) log(format(cells))
  log('')
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
