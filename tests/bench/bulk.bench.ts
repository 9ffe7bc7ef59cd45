/**
 * Bulk benchmark: batch-update, batch-move-to-folder and batch-delete of 1,000 records through the real
 * handlers, against 1,000 single-record calls doing the same, with the blob writes each side makes.
 * Prints and writes tests/bench/results/bulk.json; asserts nothing.
 *
 *   node_modules/.bin/node tests/bench/bulk.bench.ts
 *
 * The handlers run in process (bundled as Netlify bundles each function) against a local Blobs server of
 * their own, seeded with 1,000 records in the app's shard layout (ids 1 to 1,000: three shards). A batch
 * takes at most `LIMITS.batchItems` (500) ids, so each bulk operation is two calls of 500, sent one after
 * the other as the screen sends them. The single-record side calls one after another as well: calls in
 * parallel on one shard only lose compare-and-swap races to each other.
 *
 * Single-record equivalents: `PATCH /api/update/{id}` for an update, `DELETE /api/delete/{id}` for a
 * delete, and `batch-move-to-folder` with one id for a move, since `update` does not take a folder.
 */
import { LIMITS } from '../../src/contract/limits.ts'
import { CountingDocumentStore } from './lib/counting-store.ts'
import { BENCH_RUNS, figure, report, timed, type Figure } from './lib/figures.ts'
import { callJson, loadServer, type Server } from './lib/in-process.ts'
import { callsSince, startLocalBlobs, type LocalBlobs } from './lib/local-blobs.ts'
import { benchRecords, seedShards } from './lib/seed-records.ts'

const RECORDS = 1_000
const BATCH = LIMITS.batchItems

interface Outcome {
  ms: number
  /** Document writes, as the services made them. */
  writes: number
  /** PUT requests the local Blobs server received: the same writes, seen from storage. */
  blobSets: number
  succeeded: number
}

interface BatchAnswer {
  succeeded: number
  failed: number
}

const ids = Array.from({ length: RECORDS }, (_, index) => index + 1)
const chunks = Array.from({ length: Math.ceil(RECORDS / BATCH) }, (_, index) =>
  ids.slice(index * BATCH, (index + 1) * BATCH),
)

interface Bench {
  server: Server
  blobs: LocalBlobs
  documents: CountingDocumentStore
}

/** Runs `task`, counting the document writes and blob PUTs it caused. */
async function measure(bench: Bench, task: () => Promise<number>): Promise<Outcome> {
  const before = bench.blobs.calls()
  const { ms, value } = await timed(() => bench.documents.count(task))
  return {
    ms,
    writes: value.calls.writes,
    blobSets: callsSince(before, bench.blobs.calls()).set,
    succeeded: value.value,
  }
}

async function sumOf<T>(items: readonly T[], task: (item: T) => Promise<number>): Promise<number> {
  let total = 0
  for (const item of items) total += await task(item)
  return total
}

const fieldsOfRun = (run: number) => ({ category: 'Campaign', notes: `bulk run ${String(run)}` })

function batchUpdate(bench: Bench, run: number) {
  return measure(bench, () =>
    sumOf(chunks, async (chunk) => {
      const answer = await callJson<BatchAnswer>(bench.server, 'POST', '/api/batch-update', {
        body: { updates: chunk.map((id) => ({ id, fields: fieldsOfRun(run) })) },
      })
      return answer.succeeded
    }),
  )
}

function singleUpdates(bench: Bench, run: number) {
  return measure(bench, () =>
    sumOf(ids, async (id) => {
      await callJson(bench.server, 'PATCH', `/api/update/${String(id)}`, { body: fieldsOfRun(run) })
      return 1
    }),
  )
}

function batchMove(bench: Bench, folderId: number) {
  return measure(bench, () =>
    sumOf(chunks, async (chunk) => {
      const answer = await callJson<BatchAnswer>(bench.server, 'POST', '/api/batch-move-to-folder', {
        body: { fileIds: chunk, folderId },
      })
      return answer.succeeded
    }),
  )
}

function singleMoves(bench: Bench, folderId: number) {
  return measure(bench, () =>
    sumOf(ids, async (id) => {
      const answer = await callJson<BatchAnswer>(bench.server, 'POST', '/api/batch-move-to-folder', {
        body: { fileIds: [id], folderId },
      })
      return answer.succeeded
    }),
  )
}

function batchDelete(bench: Bench) {
  return measure(bench, () =>
    sumOf(chunks, async (chunk) => {
      const answer = await callJson<BatchAnswer>(bench.server, 'POST', '/api/batch-delete', {
        body: { ids: chunk },
      })
      return answer.succeeded
    }),
  )
}

function singleDeletes(bench: Bench) {
  return measure(bench, () =>
    sumOf(ids, async (id) => {
      await callJson(bench.server, 'DELETE', `/api/delete/${String(id)}`)
      return 1
    }),
  )
}

/** Puts the seeded records back (untimed), e.g. after a delete. */
async function reseed(bench: Bench): Promise<void> {
  const records = benchRecords(RECORDS).map((record) => ({ ...record, folder_path: '/' }))
  await seedShards(bench.server, bench.documents, records)
}

async function createFolder(bench: Bench, name: string): Promise<number> {
  const folder = await callJson<{ id: number }>(bench.server, 'POST', '/api/folder-create', {
    body: { name },
  })
  return folder.id
}

/**
 * `BENCH_RUNS` interleaved rounds of the batch side and the single-record side of one operation, after
 * one untimed round of the batch side (bundle and JIT warm-up; a single-record round is too long to
 * repeat untimed). `between` runs, untimed, after every round.
 */
async function compare(
  label: string,
  measured: (run: number) => Promise<Outcome>,
  baseline: (run: number) => Promise<Outcome>,
  between: () => Promise<void> = () => Promise.resolve(),
): Promise<{ measured: Outcome[]; baseline: Outcome[] }> {
  await measured(-1)
  await between()
  const results = { measured: [] as Outcome[], baseline: [] as Outcome[] }
  for (let run = 0; run < BENCH_RUNS; run++) {
    const order = run % 2 === 0 ? (['measured', 'baseline'] as const) : (['baseline', 'measured'] as const)
    for (const side of order) {
      const outcome = await (side === 'measured' ? measured : baseline)(run)
      if (outcome.succeeded !== RECORDS) {
        throw new Error(`${label} (${side}): ${String(outcome.succeeded)} of ${String(RECORDS)} succeeded`)
      }
      results[side].push(outcome)
      await between()
    }
    const [batch, single] = [results.measured.at(-1), results.baseline.at(-1)]
    process.stdout.write(
      `  ${label} run ${String(run + 1)}: batch ${(batch?.ms ?? 0).toFixed(0)} ms, ${String(batch?.writes)} writes; ` +
        `single calls ${(single?.ms ?? 0).toFixed(0)} ms, ${String(single?.writes)} writes\n`,
    )
  }
  return results
}

interface Shards {
  /** Shards holding the 1,000 records. */
  shardsTouched: number
  /**
   * Shards each call touches, summed over the calls: calls of 500 ids do not follow shard boundaries,
   * so a shard split between two calls is written by each.
   */
  shardsPerCall: number
}

function shardsOf(server: Server): Shards {
  const shardsIn = (list: readonly number[]) => new Set(list.map((id) => server.shardIndexOf(id))).size
  return {
    shardsTouched: shardsIn(ids),
    shardsPerCall: chunks.reduce((total, chunk) => total + shardsIn(chunk), 0),
  }
}

function figuresOf(
  operation: string,
  single: string,
  { measured, baseline }: { measured: Outcome[]; baseline: Outcome[] },
  { shardsTouched, shardsPerCall }: Shards,
): Figure[] {
  const common = { id: 'bulk', n: RECORDS }
  const calls = `${String(chunks.length)} calls of ${String(BATCH)}`
  return [
    figure({
      ...common,
      metric: `${operation} of 1,000 records (${calls})`,
      unit: 'ms',
      runs: measured.map((outcome) => outcome.ms),
      baseline: `1,000 ${single} calls, one after another`,
      baseline_runs: baseline.map((outcome) => outcome.ms),
      ratio_means: 'baseline / median: times faster than single-record calls',
      target: '>= 20x faster',
      meets: (done) => done.ratio >= 20,
      met: null,
    }),
    figure({
      ...common,
      metric: `blob writes: ${operation} of 1,000 records`,
      unit: 'writes',
      runs: measured.map((outcome) => outcome.writes),
      baseline: `1,000 ${single} calls`,
      baseline_runs: baseline.map((outcome) => outcome.writes),
      ratio_means: 'baseline / median: times fewer writes',
      target: '<= shards touched + 1',
      met: measured.every((outcome) => outcome.writes <= shardsTouched + 1),
      notes: {
        shards_touched: shardsTouched,
        shards_touched_per_call_summed: shardsPerCall,
        blob_puts_seen_by_storage: measured[0]?.blobSets ?? 0,
      },
    }),
  ]
}

async function main(): Promise<void> {
  process.stdout.write(`Bulk benchmark: ${String(BENCH_RUNS)} interleaved runs per figure\n`)
  const server = await loadServer()
  const blobs = await startLocalBlobs()
  try {
    const documents = new CountingDocumentStore(new server.BlobsDocumentStore(blobs.store('media')))
    server.replaceDocumentStore(documents, new server.BlobsByteStore(blobs.store('media-files')))
    const bench: Bench = { server, blobs, documents }
    await reseed(bench)
    const shards = shardsOf(server)
    const folders = [await createFolder(bench, 'Bench A'), await createFolder(bench, 'Bench B')]

    const updates = await compare(
      'update',
      (run) => batchUpdate(bench, run),
      (run) => singleUpdates(bench, run),
    )
    // Each move goes to the folder the records are not in, so every record really changes.
    let moves = 0
    const nextFolder = () => folders[moves++ % 2] ?? 0
    const move = await compare(
      'move',
      () => batchMove(bench, nextFolder()),
      () => singleMoves(bench, nextFolder()),
    )
    const deletes = await compare(
      'delete',
      () => batchDelete(bench),
      () => singleDeletes(bench),
      () => reseed(bench),
    )
    await report('bulk', [
      ...figuresOf('batch-update', 'PATCH /api/update/{id}', updates, shards),
      ...figuresOf('batch-move-to-folder', 'batch-move-to-folder with one id', move, shards),
      ...figuresOf('batch-delete', 'DELETE /api/delete/{id}', deletes, shards),
    ])
  } finally {
    await blobs.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
