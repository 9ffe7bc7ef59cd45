/**
 * Upload benchmark of the built-in media host through `netlify dev`, against the same bytes written
 * straight to a local Blobs server. Prints and writes tests/bench/results/upload.json; asserts nothing.
 *
 *   node_modules/.bin/node tests/bench/upload.bench.ts
 *
 * It starts its own `netlify dev` on a throw-away copy of the project, with one extra function that
 * does nothing (`export default () => new Response('ok')`), and its own local Blobs server. Each round
 * runs every measured side and every baseline, in alternating order:
 *
 *   - a 100 MB file through tus in 4 MiB chunks (POST, then PATCHes), against the same bytes written as
 *     4 MiB blobs straight to Blobs with @netlify/blobs: what storage alone costs;
 *   - the same 100 MB POSTed in 4 MiB bodies to the empty function, one at a time and three at a
 *     time: the most any handler can get through netlify dev, sending chunks in sequence as tus does,
 *     or in parallel as tus concatenation would; against the same baseline;
 *   - a batch of 10 x 5 MB files end to end (tus upload, GET of the result, POST /api/upload), 3 at a
 *     time, against the same chunks straight to Blobs, 3 files at a time;
 *   - a batch of 10 small files end to end, 3 at a time, as the page sends them now (the file in the
 *     creation request, the result read from its answer's `Upload-Result`, then POST /api/upload: 2
 *     calls a file) against the flow before (creation, PATCH, GET of the result, POST /api/upload: 4);
 *   - where one 4 MiB PATCH spends its time: through netlify dev, against the same handler in process
 *     on the same kind of storage (local Blobs server, netlify dev's file lock); the empty function
 *     with and without a 4 MiB body; and OPTIONS /api/uploads (the function loaded, no storage).
 *
 * Ratios of times are baseline / measured: the fraction of the baseline's throughput reached. Every
 * request body stays at most 4 MiB (netlify dev dies on bodies over 6,000,000 bytes; Netlify takes about
 * 4.5 MB of raw bytes), and the largest one sent is a figure of its own.
 *
 * `BENCH_UPLOAD_SMALL_ONLY=1` runs the small-file batch alone (a few minutes instead of many).
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { Store } from '@netlify/blobs'

import {
  createProjectDir,
  removeProjectDir,
  startNetlifyDev,
  type NetlifyDev,
} from '../support/netlify-dev.ts'
import type { Bytes, MediaHostResultBody, TusStats } from '../support/tus-client.ts'
import { BENCH_RUNS, figure, median, report, timed, type Figure } from './lib/figures.ts'
import { call, loadBundled, loadServer, type Server } from './lib/in-process.ts'
import { startLocalBlobs, type LocalBlobs } from './lib/local-blobs.ts'
import { mapLimited } from '../support/map-limited.ts'

// The contract's modules import each other without file extensions, which Node does not resolve: the
// contract and the tus client that imports it are bundled, as the functions are.
const { decodeUploadResult, MAX_CHUNK_BYTES, UPLOAD_RESULT_HEADER, UPLOADS_PATH } = await loadBundled<
  typeof import('../../src/contract/uploads.ts')
>(join(import.meta.dirname, '../../src/contract/uploads.ts'), 'uploads-contract')
const {
  downloadByRanges,
  encodeMetadata,
  newStats,
  tusCreate,
  tusDelete,
  tusPatch,
  tusUpload,
  uploadResultOf,
  TUS_RESUMABLE,
} = await loadBundled<typeof import('../support/tus-client.ts')>(
  join(import.meta.dirname, '../support/tus-client.ts'),
  'tus-client',
)

const MB = 1_000_000
const LARGE_BYTES = 100 * MB
const BATCH_FILES = 10
const BATCH_FILE_BYTES = 5 * MB
const BATCH_PARALLEL = 3
const SMALL_FILES = 10
const SMALL_FILE_BYTES = 100_000
const SMALL_ONLY = process.env.BENCH_UPLOAD_SMALL_ONLY === '1'
/** Chunks in flight at once for the parallel ceiling: what tus concatenation could send. */
const PARALLEL_CHUNKS = 3
/** Netlify's limit on the raw bytes of one request body (DESIGN section 3). */
const BODY_LIMIT_BYTES = 4.5 * MB
const EMPTY_FUNCTION = 'bench-empty'
const EMPTY_FUNCTION_SOURCE = "export default () => new Response('ok')\n"

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const seconds = (ms: number) => ms / 1000

/** Writes `bytes` as 4 MiB blobs, one after another, as the upload function stores chunks. */
async function writeChunks(store: Store, prefix: string, bytes: Bytes): Promise<void> {
  for (let offset = 0; offset < bytes.length; offset += MAX_CHUNK_BYTES) {
    const chunk = bytes.slice(offset, offset + MAX_CHUNK_BYTES)
    await store.set(`${prefix}/${String(offset).padStart(13, '0')}`, chunk.buffer)
  }
}

async function removePrefix(store: Store, prefix: string): Promise<void> {
  const { blobs } = await store.list({ prefix })
  await Promise.all(blobs.map(({ key }) => store.delete(key)))
}

/** POSTs `bytes` in 4 MiB bodies to `url`, `inFlight` at a time. */
async function postChunks(url: string, bytes: Bytes, stats: TusStats, inFlight = 1): Promise<void> {
  const offsets = Array.from(
    { length: Math.ceil(bytes.length / MAX_CHUNK_BYTES) },
    (_, i) => i * MAX_CHUNK_BYTES,
  )
  await mapLimited(offsets, inFlight, async (offset) => {
    const body = bytes.subarray(offset, offset + MAX_CHUNK_BYTES)
    stats.requests++
    stats.largestBody = Math.max(stats.largestBody, body.byteLength)
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body,
      signal: AbortSignal.timeout(60_000),
    })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`POST ${url}: ${String(response.status)}`)
  })
}

/**
 * The page's flow now: the file (at most one chunk) in the creation request, whose answer carries the
 * result. Counts its requests in `stats`.
 */
async function uploadInCreation(baseUrl: string, bytes: Bytes, name: string, stats: TusStats) {
  stats.requests++
  stats.largestBody = Math.max(stats.largestBody, bytes.byteLength)
  const endpoint = new URL(UPLOADS_PATH, baseUrl).href
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'Tus-Resumable': TUS_RESUMABLE,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': encodeMetadata({ filename: name, filetype: 'application/octet-stream' }),
      'Content-Type': 'application/offset+octet-stream',
    },
    body: bytes,
    signal: AbortSignal.timeout(60_000),
  })
  await response.arrayBuffer()
  const status = decodeUploadResult(response.headers.get(UPLOAD_RESULT_HEADER))
  const location = response.headers.get('location')
  if (response.status !== 201 || !status || location === null) {
    throw new Error(`${name}: POST ${UPLOADS_PATH} ${String(response.status)} without a result`)
  }
  return { uploadUrl: new URL(location, endpoint).href, result: status.result }
}

/** The flow before: creation, PATCHes, then GET of the result. */
async function uploadThenAsk(baseUrl: string, bytes: Bytes, name: string, stats: TusStats) {
  const uploadUrl = await tusUpload(
    baseUrl,
    bytes,
    { filename: name, filetype: 'application/octet-stream' },
    { stats },
  )
  stats.requests++
  return { uploadUrl, result: await uploadResultOf(uploadUrl) }
}

type SendFile = (
  baseUrl: string,
  bytes: Bytes,
  name: string,
  stats: TusStats,
) => Promise<{ uploadUrl: string; result: MediaHostResultBody }>

/** One file of the batch, end to end: its bytes and result (`send`), and the record that points at it. */
async function uploadEndToEnd(
  baseUrl: string,
  bytes: Bytes,
  name: string,
  stats: TusStats,
  send: SendFile = uploadThenAsk,
) {
  const { uploadUrl, result } = await send(baseUrl, bytes, name, stats)
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
  const answer = (await response.json()) as { record?: { id: number } }
  if (response.status !== 201 || !answer.record)
    throw new Error(`${name}: POST /api/upload ${String(response.status)}`)
  return { uploadUrl, id: answer.record.id }
}

/**
 * A file of the batch whose upload failed is sent again from the start, at most twice, as a person would
 * retry it; the failures are counted and reported. Under netlify dev, parallel uploads meet a race in
 * the local Blobs server: its list() gives up silently, with a partial answer, when another write's
 * temporary file vanishes under it, and the store then reads an existing upload as missing (404).
 */
async function withRetries<T>(task: () => Promise<T>, failures: string[]): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await task()
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error))
      if (attempt === 3) throw error
    }
  }
}

/**
 * Deletes a batch's records and purges them from the trash, which releases their files, untimed, so each
 * round starts from the same storage. (A finished upload cannot be terminated: its file goes with its
 * last record.)
 */
async function removeBatch(baseUrl: string, uploaded: readonly { uploadUrl: string; id: number }[]) {
  const ids = uploaded.map(({ id }) => id)
  for (const path of ['/api/batch-delete', '/api/trash/purge']) {
    const response = await fetch(new URL(path, baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ids }),
    })
    await response.arrayBuffer()
  }
}

/** A batch of small files through `send`, 3 at a time, timed; its records are removed after, untimed. */
async function timedSmallBatch(
  baseUrl: string,
  files: readonly Bytes[],
  label: string,
  send: SendFile,
  stats: TusStats,
  failures: string[],
): Promise<number> {
  const batch = await timed(() =>
    mapLimited(files, BATCH_PARALLEL, (bytes, index) =>
      withRetries(
        () => uploadEndToEnd(baseUrl, bytes, `${label}-${String(index)}.bin`, stats, send),
        failures,
      ),
    ),
  )
  await removeBatch(baseUrl, batch.value)
  return batch.ms
}

/** The small-file batch, the page's flow now against the flow before, interleaved round by round. */
async function smallBatchSides(baseUrl: string, failures: string[]) {
  const files: Bytes[] = Array.from(
    { length: SMALL_FILES },
    () => new Uint8Array(randomBytes(SMALL_FILE_BYTES)),
  )
  const stats = { now: newStats(), before: newStats() }
  const sides = { now: [] as number[], before: [] as number[] }
  let round = 0
  const now = async () => {
    const ms = await timedSmallBatch(
      baseUrl,
      files,
      `small-now-${String(round)}`,
      uploadInCreation,
      stats.now,
      failures,
    )
    sides.now.push(ms)
    return ms
  }
  const before = async () => {
    const ms = await timedSmallBatch(
      baseUrl,
      files,
      `small-before-${String(round)}`,
      uploadThenAsk,
      stats.before,
      failures,
    )
    sides.before.push(ms)
    return ms
  }
  // Warm-up, untimed and uncounted.
  await timedSmallBatch(baseUrl, files.slice(0, 3), 'small-warm', uploadInCreation, newStats(), failures)
  await timedSmallBatch(baseUrl, files.slice(0, 3), 'small-warm-before', uploadThenAsk, newStats(), failures)
  for (; round < BENCH_RUNS; round++) {
    if (round % 2 === 0) await now().then(before)
    else await before().then(now)
    const last = (values: number[]) => seconds(values.at(-1) ?? Number.NaN).toFixed(2)
    process.stdout.write(
      `  small batch round ${String(round + 1)}: now ${last(sides.now)} s, before ${last(sides.before)} s\n`,
    )
  }
  return { sides, stats }
}

function smallBatchFigure(small: Awaited<ReturnType<typeof smallBatchSides>>): Figure {
  const filesPerSecond = (ms: number) => Number((SMALL_FILES / seconds(ms)).toFixed(2))
  const callsPerFile = (stats: TusStats) => stats.requests / (SMALL_FILES * BENCH_RUNS)
  const now = median(small.sides.now)
  const before = median(small.sides.before)
  return figure({
    id: 'upload',
    metric: `${String(SMALL_FILES)} x ${String(SMALL_FILE_BYTES / 1000)} KB batch end to end, ${String(BATCH_PARALLEL)} at a time: file in the creation, result in its answer, then POST /api/upload`,
    n: SMALL_FILES,
    unit: 's',
    runs: small.sides.now.map(seconds),
    baseline: 'the flow before: creation, PATCH, GET of the result, POST /api/upload',
    baseline_runs: small.sides.before.map(seconds),
    ratio_means: 'baseline / median: how many times the files per second of the flow before',
    target: '-',
    met: null,
    notes: {
      files_per_s: filesPerSecond(now),
      baseline_files_per_s: filesPerSecond(before),
      calls_per_file: callsPerFile(small.stats.now),
      baseline_calls_per_file: callsPerFile(small.stats.before),
    },
  })
}

/** A timed request whose body is read to the end; throws unless it answers `status`. */
async function timedFetch(url: string, init: RequestInit, status: number): Promise<number> {
  const { ms, value } = await timed(async () => {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) })
    await response.arrayBuffer()
    return response.status
  })
  if (value !== status)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${String(value)}, not ${String(status)}`)
  return ms
}

/** The first PATCH of a fresh two-chunk upload, timed alone; the upload is removed after. */
async function timedFirstPatch(baseUrl: string, chunk: Bytes): Promise<number> {
  const { response, uploadUrl } = await tusCreate(baseUrl, {
    length: chunk.length * 2,
    metadata: { filename: 'patch.bin' },
  })
  await response.arrayBuffer()
  if (uploadUrl === null) throw new Error(`POST /api/uploads: ${String(response.status)}`)
  const { ms, value } = await timed(async () => {
    const patched = await tusPatch(uploadUrl, 0, chunk)
    await patched.arrayBuffer()
    return patched.status
  })
  if (value !== 204) throw new Error(`PATCH: ${String(value)}`)
  await (await tusDelete(uploadUrl)).arrayBuffer()
  return ms
}

/**
 * The same first PATCH against the real handler in this process, on the storage netlify dev gives it:
 * a local Blobs server and the file lock. What is left of the netlify dev figure is netlify dev's own.
 */
async function inProcessPatch(server: Server, chunk: Bytes): Promise<number> {
  const tus = { 'Tus-Resumable': '1.0.0' }
  const created = await call(server, 'POST', '/api/uploads', {
    headers: {
      ...tus,
      'Upload-Length': String(chunk.length * 2),
      'Upload-Metadata': `filename ${btoa('patch.bin')}`,
    },
  })
  const location = created.headers.get('location')
  if (created.status !== 201 || location === null)
    throw new Error(`in process: POST ${String(created.status)}`)
  const { ms, value } = await timed(async () => {
    const response = await server.routeToFunction(
      new Request(`http://bench.local${location}`, {
        method: 'PATCH',
        headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
        body: chunk,
      }),
    )
    return response?.status ?? 0
  })
  if (value !== 204) throw new Error(`in process: PATCH ${String(value)}`)
  await call(server, 'DELETE', location, { headers: tus })
  return ms
}

interface Sides {
  large: number[]
  ceiling: number[]
  parallelCeiling: number[]
  batch: number[]
  patch: number[]
  emptyGet: number[]
  emptyPost: number[]
  options: number[]
  direct: number[]
  directBatch: number[]
  patchInProcess: number[]
}

async function main(): Promise<void> {
  process.stdout.write(`Upload benchmark: ${String(BENCH_RUNS)} interleaved rounds\n`)
  const projectDir = await createProjectDir()
  await writeFile(join(projectDir, 'netlify', 'functions', `${EMPTY_FUNCTION}.mts`), EMPTY_FUNCTION_SOURCE)
  const lockDirectory = await mkdtemp(join(tmpdir(), 'media-bench-locks-'))
  let dev: NetlifyDev | undefined
  let blobs: LocalBlobs | undefined
  try {
    // A loaded machine can take minutes to bundle every function.
    dev = await startNetlifyDev(projectDir, { timeoutMs: 300_000 })
    blobs = await startLocalBlobs()
    const server = await loadServer()
    server.replaceDocumentStore(
      new server.BlobsDocumentStore(blobs.store('media'), new server.FileKeyLock(lockDirectory)),
      new server.BlobsByteStore(blobs.store('media-files')),
    )
    const { baseUrl } = dev
    if (SMALL_ONLY) {
      const failures: string[] = []
      const small = smallBatchFigure(await smallBatchSides(baseUrl, failures))
      await report('upload', [
        { ...small, notes: { ...small.notes, files_sent_again_after_a_failure: failures.length } },
      ])
      return
    }
    const store = blobs.store('bench-files')
    const emptyUrl = `${baseUrl}/.netlify/functions/${EMPTY_FUNCTION}`
    process.stdout.write(`netlify dev at ${baseUrl}; baseline Blobs server at ${blobs.url}\n`)

    const large: Bytes = new Uint8Array(randomBytes(LARGE_BYTES))
    const largeDigest = sha256(large)
    const files: Bytes[] = Array.from(
      { length: BATCH_FILES },
      () => new Uint8Array(randomBytes(BATCH_FILE_BYTES)),
    )
    const chunk: Bytes = new Uint8Array(randomBytes(MAX_CHUNK_BYTES))
    const stats = { tus: newStats(), ceiling: newStats(), batch: newStats() }
    const failures: string[] = []
    const sides: Sides = {
      large: [],
      ceiling: [],
      parallelCeiling: [],
      batch: [],
      patch: [],
      emptyGet: [],
      emptyPost: [],
      options: [],
      direct: [],
      directBatch: [],
      patchInProcess: [],
    }

    const measured = async (round: number) => {
      const upload = await timed(() =>
        tusUpload(baseUrl, large, { filename: `large-${String(round)}.bin` }, { stats: stats.tus }),
      )
      sides.large.push(upload.ms)
      if (round === 0) {
        // Checked once, untimed: the stored file is the file sent.
        const result = await uploadResultOf(upload.value)
        const downloaded = await downloadByRanges(new URL(result.secure_url, baseUrl).href, result.bytes)
        if (sha256(downloaded.bytes) !== largeDigest) throw new Error('the 100 MB file came back different')
      }
      // A finished file without a record cannot be removed over the API; the project is removed at the end.
      sides.ceiling.push((await timed(() => postChunks(emptyUrl, large, stats.ceiling))).ms)
      sides.parallelCeiling.push(
        (await timed(() => postChunks(emptyUrl, large, stats.ceiling, PARALLEL_CHUNKS))).ms,
      )

      const batch = await timed(() =>
        mapLimited(files, BATCH_PARALLEL, (bytes, index) =>
          withRetries(
            () => uploadEndToEnd(baseUrl, bytes, `batch-${String(round)}-${String(index)}.bin`, stats.batch),
            failures,
          ),
        ),
      )
      sides.batch.push(batch.ms)
      await removeBatch(baseUrl, batch.value)

      sides.emptyGet.push(await timedFetch(emptyUrl, {}, 200))
      sides.emptyPost.push(
        await timedFetch(
          emptyUrl,
          { method: 'POST', body: chunk, headers: { 'Content-Type': 'application/octet-stream' } },
          200,
        ),
      )
      sides.options.push(await timedFetch(`${baseUrl}/api/uploads`, { method: 'OPTIONS' }, 204))
      sides.patch.push(await timedFirstPatch(baseUrl, chunk))
    }
    const baseline = async (round: number) => {
      const prefix = `large-${String(round)}`
      sides.direct.push((await timed(() => writeChunks(store, prefix, large))).ms)
      await removePrefix(store, prefix)
      const batchPrefix = `batch-${String(round)}`
      const batch = await timed(() =>
        mapLimited(files, BATCH_PARALLEL, (bytes, index) =>
          writeChunks(store, `${batchPrefix}/${String(index)}`, bytes),
        ),
      )
      sides.directBatch.push(batch.ms)
      await removePrefix(store, `${batchPrefix}/`)
      sides.patchInProcess.push(await inProcessPatch(server, chunk))
    }

    // Warm-up, untimed: every function netlify dev will run, and the in-process bundle.
    await tusUpload(baseUrl, chunk.subarray(0, 65_536), { filename: 'warm-up.bin' })
    await timedFetch(emptyUrl, {}, 200)
    await inProcessPatch(server, chunk)

    for (let round = 0; round < BENCH_RUNS; round++) {
      if (round % 2 === 0) {
        await measured(round)
        await baseline(round)
      } else {
        await baseline(round)
        await measured(round)
      }
      const last = (values: number[]) => seconds(values.at(-1) ?? Number.NaN).toFixed(2)
      process.stdout.write(
        `  round ${String(round + 1)}: 100 MB tus ${last(sides.large)} s, empty function ${last(sides.ceiling)} s, ` +
          `straight to Blobs ${last(sides.direct)} s; batch ${last(sides.batch)} s vs ${last(sides.directBatch)} s; ` +
          `one PATCH ${(sides.patch.at(-1) ?? 0).toFixed(0)} ms vs ${(sides.patchInProcess.at(-1) ?? 0).toFixed(0)} ms in process\n`,
      )
    }
    const small = smallBatchFigure(await smallBatchSides(baseUrl, failures))
    await report('upload', [...figuresOf(sides, stats, failures), small])
  } finally {
    await dev?.stop()
    await blobs?.stop()
    await removeProjectDir(projectDir)
    await rm(lockDirectory, { recursive: true, force: true })
  }
}

function figuresOf(
  sides: Sides,
  stats: Record<'tus' | 'ceiling' | 'batch', TusStats>,
  failures: readonly string[],
): Figure[] {
  const fraction = 'baseline / median: the fraction of the baseline throughput reached'
  const mbPerSecond = (bytes: number, ms: number) => Number((bytes / MB / seconds(ms)).toFixed(1))
  const inSeconds = (values: number[]) => values.map(seconds)
  const largest = Math.max(stats.tus.largestBody, stats.batch.largestBody, stats.ceiling.largestBody)
  const direct = 'the same bytes as 4 MiB blobs straight to a local Blobs server, one after another'
  return [
    figure({
      id: 'upload',
      metric: '100 MB through tus in 4 MiB chunks, netlify dev',
      n: LARGE_BYTES,
      unit: 's',
      runs: inSeconds(sides.large),
      baseline: direct,
      baseline_runs: inSeconds(sides.direct),
      ratio_means: fraction,
      target: '>= 0.3x of the baseline',
      meets: (done) => done.ratio >= 0.3,
      met: null,
      notes: {
        mb_per_s: mbPerSecond(LARGE_BYTES, median(sides.large)),
        baseline_mb_per_s: mbPerSecond(LARGE_BYTES, median(sides.direct)),
        requests_per_upload: stats.tus.requests / BENCH_RUNS,
      },
    }),
    figure({
      id: 'upload',
      metric: 'ceiling: the same 100 MB POSTed in 4 MiB bodies to an empty function, netlify dev',
      n: LARGE_BYTES,
      unit: 's',
      runs: inSeconds(sides.ceiling),
      baseline: direct,
      baseline_runs: inSeconds(sides.direct),
      ratio_means: `${fraction}; the most any handler reaches through netlify dev one request at a time`,
      target: '-',
      met: null,
      notes: { mb_per_s: mbPerSecond(LARGE_BYTES, median(sides.ceiling)) },
    }),
    figure({
      id: 'upload',
      metric: `ceiling in parallel: the same 100 MB POSTed to the empty function, ${String(PARALLEL_CHUNKS)} bodies at a time`,
      n: LARGE_BYTES,
      unit: 's',
      runs: inSeconds(sides.parallelCeiling),
      baseline: direct,
      baseline_runs: inSeconds(sides.direct),
      ratio_means: `${fraction}; the most parallel chunks (tus concatenation) could reach through netlify dev`,
      target: '-',
      met: null,
      notes: { mb_per_s: mbPerSecond(LARGE_BYTES, median(sides.parallelCeiling)) },
    }),
    figure({
      id: 'upload',
      metric: `${String(BATCH_FILES)} x 5 MB batch end to end (tus, result, POST /api/upload), ${String(BATCH_PARALLEL)} at a time`,
      n: BATCH_FILES * BATCH_FILE_BYTES,
      unit: 's',
      runs: inSeconds(sides.batch),
      baseline: `the same chunks straight to a local Blobs server, ${String(BATCH_PARALLEL)} files at a time`,
      baseline_runs: inSeconds(sides.directBatch),
      ratio_means: fraction,
      target: '>= 0.3x of the baseline',
      meets: (done) => done.ratio >= 0.3,
      met: null,
      notes: {
        mb_per_s: mbPerSecond(BATCH_FILES * BATCH_FILE_BYTES, median(sides.batch)),
        files_sent_again_after_a_failure: failures.length,
        first_failure: failures[0] ?? '',
      },
    }),
    figure({
      id: 'upload',
      metric: 'largest request body sent through netlify dev',
      n: stats.tus.requests + stats.batch.requests + stats.ceiling.requests,
      unit: 'MB',
      runs: [largest / MB],
      baseline: "Netlify's limit on a request's raw bytes",
      baseline_runs: [BODY_LIMIT_BYTES / MB],
      ratio_means: 'baseline / median: headroom under the limit',
      target: '0 requests over 4.5 MB',
      met: largest <= BODY_LIMIT_BYTES,
      notes: { n_is: 'requests sent through netlify dev by the measured sides' },
    }),
    figure({
      id: 'upload',
      metric: 'netlify dev: one 4 MiB PATCH',
      n: MAX_CHUNK_BYTES,
      unit: 'ms',
      runs: sides.patch,
      baseline:
        "the same PATCH to the handler in process, on netlify dev's kind of storage (local Blobs, file lock)",
      baseline_runs: sides.patchInProcess,
      ratio_means: "baseline / median: the handler's own share of the PATCH",
      target: '-',
      met: null,
    }),
    figure({
      id: 'upload',
      metric: 'netlify dev: empty function, POST of a 4 MiB body',
      n: MAX_CHUNK_BYTES,
      unit: 'ms',
      runs: sides.emptyPost,
      baseline: 'the empty function, GET',
      baseline_runs: sides.emptyGet,
      ratio_means: 'baseline / median: the share of a 4 MiB call not spent carrying the body',
      target: '-',
      met: null,
    }),
    figure({
      id: 'upload',
      metric: 'netlify dev: OPTIONS /api/uploads (the upload function loaded, no storage)',
      n: 0,
      unit: 'ms',
      runs: sides.options,
      baseline: 'the empty function, GET',
      baseline_runs: sides.emptyGet,
      ratio_means: 'baseline / median: the share of a call not spent loading the upload function',
      target: '-',
      met: null,
    }),
  ]
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
