/**
 * ZIP benchmark: the memory a bulk download's archive takes while it is built. 1 GiB of synthetic files,
 * each streamed in 1 MiB chunks as a network read hands them over, goes through the screen's own
 * `buildZip` (src/features/download/model/build-zip.ts, bundled with esbuild as the app bundles it)
 * into a sink that drops the bytes, as a file on disk takes them (the File System Access path). The
 * baseline is what the screen did before: each file read whole into memory (`fetchInRanges` makes one
 * Blob of it) before it is saved, here the same entries' chunks all held, then zipped from memory.
 *
 *   node_modules/.bin/node tests/bench/zip.bench.ts
 *
 * Each run is a child process of its own, so one run's peak cannot hide in another's: it samples
 * `process.memoryUsage()` every 20 ms and reports its peak RSS and its peak heap plus array buffers
 * (Uint8Arrays live outside the V8 heap). Ratios are baseline / measured: how many times less memory
 * streaming takes. Prints and writes tests/bench/results/zip.json; asserts nothing.
 */
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'

import { figure, interleave, report, type Figure } from './lib/figures.ts'
import { loadBundled } from './lib/in-process.ts'

type BuildZip = typeof import('../../src/features/download/model/build-zip.ts')

const MIB = 1024 * 1024
const FILES = 16
const FILE_BYTES = 64 * MIB
const CHUNK_BYTES = MIB
const TOTAL = FILES * FILE_BYTES
/**
 * A memory peak hardly moves between runs, and a GiB through CRC-32 takes seconds on a busy machine: one
 * run a side keeps the suite under a minute. `BENCH_ZIP_RUNS=3` takes more.
 */
const RUNS = Math.max(1, Number(process.env.BENCH_ZIP_RUNS ?? 1))
/** The measured side's target: its peak RSS grows by less than this over the process at rest. */
const FLAT_MB = 64

const REPO_ROOT = resolve(import.meta.dirname, '..', '..')

interface Peak {
  /** RSS before the archive started, MB. */
  restMb: number
  rssMb: number
  heapMb: number
  seconds: number
  archiveBytes: number
}

function loadBuildZip(): Promise<BuildZip> {
  return loadBundled<BuildZip>(resolve(REPO_ROOT, 'src/features/download/model/build-zip.ts'), 'zip')
}

/** One file's bytes as a network read gives them: fresh 1 MiB chunks, made only when asked for. */
function fileStream(seed: number): ReadableStream<Uint8Array> {
  let sent = 0
  return new ReadableStream(
    {
      pull(controller) {
        if (sent >= FILE_BYTES) {
          controller.close()
          return
        }
        controller.enqueue(new Uint8Array(CHUNK_BYTES).fill((seed + sent / CHUNK_BYTES) % 256))
        sent += CHUNK_BYTES
      },
    },
    { highWaterMark: 0 },
  )
}

/** A sink that counts the archive's bytes and drops them. */
function nullSink(): { sink: WritableStream<Uint8Array>; bytes: () => number } {
  let bytes = 0
  return {
    sink: new WritableStream({
      write(chunk) {
        bytes += chunk.byteLength
      },
    }),
    bytes: () => bytes,
  }
}

/** Runs one side in this process and prints its peak as JSON. */
async function runSide(side: 'stream' | 'buffer'): Promise<void> {
  const { buildZip } = await loadBuildZip()
  global.gc?.()
  const rest = process.memoryUsage().rss
  let rss = rest
  let heap = 0
  const sample = () => {
    const usage = process.memoryUsage()
    rss = Math.max(rss, usage.rss)
    heap = Math.max(heap, usage.heapUsed + usage.arrayBuffers)
  }
  const sampler = setInterval(sample, 20)
  const started = performance.now()
  const sources = Array.from({ length: FILES }, (_, index) => ({
    name: `file-${String(index)}.bin`,
    title: `File ${String(index)}`,
    size: FILE_BYTES,
    lastModified: new Date(2026, 10, 24),
    open: async () => {
      if (side === 'stream') return fileStream(index)
      // Before: the whole file in memory first, kept until the archive is saved.
      const chunks: Uint8Array[] = []
      for await (const chunk of fileStream(index)) chunks.push(chunk)
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          const chunk = chunks.shift()
          if (chunk === undefined) controller.close()
          else controller.enqueue(chunk)
        },
      })
    },
  }))
  if (side === 'buffer') {
    // Every file is read before the archive is written, as separate downloads held each one whole.
    const held = await Promise.all(sources.map((source) => source.open()))
    for (const [index, source] of sources.entries()) {
      const stream = held[index]
      if (stream) source.open = () => Promise.resolve(stream)
    }
  }
  const { sink, bytes } = nullSink()
  const { stream, summary } = buildZip(sources, { signal: new AbortController().signal })
  await stream.pipeTo(sink)
  await summary
  sample()
  clearInterval(sampler)
  const peak: Peak = {
    restMb: rest / MIB,
    rssMb: rss / MIB,
    heapMb: heap / MIB,
    seconds: (performance.now() - started) / 1000,
    archiveBytes: bytes(),
  }
  console.log(JSON.stringify(peak))
}

function runChild(side: 'stream' | 'buffer'): Promise<Peak> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--expose-gc', import.meta.filename, side], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? ''
      if (code === 0) done(JSON.parse(line) as Peak)
      else fail(new Error(`${side} run exited with ${String(code)}`))
    })
  })
}

async function main(): Promise<void> {
  const streamed: Peak[] = []
  const buffered: Peak[] = []
  const started = Date.now()
  await interleave(
    RUNS,
    async () => {
      streamed.push(await runChild('stream'))
      return 0
    },
    async () => {
      buffered.push(await runChild('buffer'))
      return 0
    },
    { warmUp: false },
  )
  const notes = {
    files: FILES,
    file_mib: FILE_BYTES / MIB,
    chunk_mib: CHUNK_BYTES / MIB,
    archive_bytes: streamed[0]?.archiveBytes ?? 0,
    rest_rss_mb: Math.round(streamed[0]?.restMb ?? 0),
    stream_seconds: Number((streamed[0]?.seconds ?? 0).toFixed(2)),
    buffer_seconds: Number((buffered[0]?.seconds ?? 0).toFixed(2)),
    wall_seconds: Math.round((Date.now() - started) / 1000),
  }
  const common = {
    n: TOTAL,
    unit: 'MB',
    baseline: 'the same entries each read whole into memory before zipping, as the separate downloads did',
    ratio_means: 'baseline / measured: times less memory',
    notes,
  }
  const figures: Figure[] = [
    figure({
      ...common,
      id: 'zip',
      metric: 'peak RSS zipping 1 GiB into a file sink',
      runs: streamed.map((peak) => peak.rssMb),
      baseline_runs: buffered.map((peak) => peak.rssMb),
      target: `flat: peak RSS under rest + ${String(FLAT_MB)} MB`,
      met: null,
      meets: () => streamed.every((peak) => peak.rssMb - peak.restMb < FLAT_MB),
    }),
    figure({
      ...common,
      id: 'zip',
      metric: 'peak heap + array buffers zipping 1 GiB',
      runs: streamed.map((peak) => peak.heapMb),
      baseline_runs: buffered.map((peak) => peak.heapMb),
      target: `under ${String(FLAT_MB)} MB`,
      met: null,
      meets: (done) => done.median < FLAT_MB,
    }),
  ]
  await report('zip', figures)
}

const side = process.argv[2]
if (side === 'stream' || side === 'buffer') await runSide(side)
else await main()
