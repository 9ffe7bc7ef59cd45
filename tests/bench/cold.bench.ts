/**
 * Cold-start benchmark: each function's bundle as `netlify build` zips it, and under `netlify dev` the
 * first request to a function after a start minus the warm median of the same request, against an empty
 * function (`export default () => new Response('ok')`) built and served the same way. Prints and writes
 * tests/bench/results/cold.json; asserts nothing.
 *
 *   node_modules/.bin/node tests/bench/cold.bench.ts
 *
 * Everything runs on a throw-away copy of the project with the empty function added. A build is
 * deterministic, so the project is built once (`netlify build --offline`, with the screen's build
 * command left out: only the functions matter here). Then netlify dev is started BENCH_RUNS times; each
 * time, every measured function gets its first request (in an order rotated from start to start, so no
 * function always goes first), then three warm ones. netlify dev answers its readiness check from
 * folder-list, which is therefore never cold here and not measured.
 *
 * Under netlify dev every call runs in a fresh worker thread that imports the function's bundle, so a
 * warm call there still pays the import and "first minus warm" stays near zero; the warm figures show
 * that cost against the empty function. What a cold Lambda adds to a request is closest to the import
 * figures: each zip unpacked and its function module imported in a fresh Node process.
 */
import { spawn } from 'node:child_process'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { measureFunctionBundles, TARGETS, type FunctionBundle } from '../../scripts/bundle-sizes.ts'
import {
  createProjectDir,
  REPO_ROOT,
  removeProjectDir,
  startNetlifyDev,
  type NetlifyDev,
} from '../support/netlify-dev.ts'
import { BENCH_RUNS, figure, median, report, timed, type Figure } from './lib/figures.ts'
import { functionModule, importMs, unpackZip } from './lib/function-zips.ts'

const EMPTY_FUNCTION = 'bench-empty'
const EMPTY_FUNCTION_SOURCE = "export default () => new Response('ok')\n"
const WARM_SAMPLES = 3
/** Research (performance.md, B10): at most 100 ms of cold start over an empty handler. */
const COLD_EXTRA_TARGET_MS = 100

interface Probe {
  name: string
  request: { method: string; path: string; body?: string; headers?: Record<string, string> }
  status: number
}

const EMPTY: Probe = {
  name: EMPTY_FUNCTION,
  request: { method: 'GET', path: `/.netlify/functions/${EMPTY_FUNCTION}` },
  status: 200,
}
const MEASURED: Probe[] = [
  { name: 'media', request: { method: 'GET', path: '/api/media' }, status: 200 },
  { name: 'uploads', request: { method: 'OPTIONS', path: '/api/uploads' }, status: 204 },
  {
    name: 'batch-update',
    request: {
      method: 'POST',
      path: '/api/batch-update',
      body: '{"updates": []}',
      headers: { 'Content-Type': 'application/json' },
    },
    status: 400,
  },
]

/** `netlify build --offline` in `dir`, functions only. */
async function buildFunctions(dir: string): Promise<void> {
  // The copy's netlify.toml is a link to the repository's: replace it with a copy minus the build command.
  const toml = await readFile(join(REPO_ROOT, 'netlify.toml'), 'utf8')
  const functionsOnly = toml.replace(/^(\s*command\s*=\s*).*$/m, '$1"echo functions only"')
  if (functionsOnly === toml) throw new Error('netlify.toml has no build command to replace')
  await rm(join(dir, 'netlify.toml'))
  await writeFile(join(dir, 'netlify.toml'), functionsOnly)
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('NETLIFY_') && name !== 'NODE_ENV') env[name] = value
  }
  env.PATH = [join(REPO_ROOT, 'node_modules', '.bin'), process.env.PATH ?? ''].join(':')
  env.NETLIFY_TELEMETRY_DISABLED = '1'
  const netlify = join(REPO_ROOT, 'node_modules', '.bin', 'netlify')
  const child = spawn(netlify, ['build', '--offline'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  if (code !== 0)
    throw new Error(`netlify build --offline exited with ${String(code)}\n${output.slice(-4000)}`)
}

async function send(dev: NetlifyDev, probe: Probe): Promise<number> {
  const { method, path, body, headers } = probe.request
  const { ms, value } = await timed(async () => {
    const response = await fetch(new URL(path, dev.baseUrl), {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(60_000),
    })
    await response.arrayBuffer()
    return response.status
  })
  if (value !== probe.status) {
    throw new Error(`${method} ${path}: ${String(value)}, expected ${String(probe.status)}`)
  }
  return ms
}

interface Timings {
  first: number[]
  warm: number[]
}

/** One start of netlify dev: each probe's first request, in `order`, then warm ones. */
async function oneStart(dir: string, order: readonly Probe[], timings: Map<string, Timings>) {
  const dev = await startNetlifyDev(dir)
  try {
    for (const probe of order) timings.get(probe.name)?.first.push(await send(dev, probe))
    const warm = new Map<string, number[]>(order.map((probe) => [probe.name, []]))
    for (let sample = 0; sample < WARM_SAMPLES; sample++) {
      for (const probe of order) warm.get(probe.name)?.push(await send(dev, probe))
    }
    for (const [name, samples] of warm) timings.get(name)?.warm.push(median(samples))
  } finally {
    await dev.stop()
  }
}

const kb = (bytes: number) => Number((bytes / 1000).toFixed(1))

function sizeFigures(bundles: FunctionBundle[]): Figure[] {
  const empty = bundles.find((bundle) => bundle.name === EMPTY_FUNCTION)
  const ours = bundles.filter((bundle) => bundle.name !== EMPTY_FUNCTION)
  if (!empty || ours.length === 0) throw new Error('the build made no zips to compare')
  const largestZip = ours.reduce((a, b) => (b.zipBytes > a.zipBytes ? b : a))
  const largestOwn = ours.reduce((a, b) => (b.ownBytes > a.ownBytes ? b : a))
  const common = {
    id: 'cold',
    n: ours.length,
    unit: 'KB',
    ratioOf: (measured: number, baseline: number) => measured / baseline,
    ratio_means: "median / baseline: times the empty function's size",
  }
  const oneBuild = 'one build: a build is deterministic'
  return [
    figure({
      ...common,
      metric: `largest function zip (${largestZip.name})`,
      runs: [kb(largestZip.zipBytes)],
      baseline: 'the empty function, zipped by the same build',
      baseline_runs: [kb(empty.zipBytes)],
      target: '<= 250 KB per function',
      met: ours.every((bundle) => bundle.zipBytes <= 250_000),
      notes: {
        runs: oneBuild,
        netlify_runtime_kb_per_zip: kb(empty.platformBytes),
        ...Object.fromEntries(ours.map((bundle) => [`zip_kb ${bundle.name}`, kb(bundle.zipBytes)])),
      },
    }),
    figure({
      ...common,
      metric: `largest function's own code and packages, zipped (${largestOwn.name})`,
      runs: [kb(largestOwn.ownBytes)],
      baseline: "the empty function's, from the same build",
      baseline_runs: [kb(empty.ownBytes)],
      target: '<= 250 KB per function, without the runtime files Netlify adds to every zip',
      met: ours.every((bundle) => bundle.ownBytes <= TARGETS.functionOwnBytes),
      notes: {
        runs: oneBuild,
        netlify_runtime_kb_per_zip: kb(empty.platformBytes),
        ...Object.fromEntries(
          Object.entries(largestOwn.byPackage).map(([name, bytes]) => [`kb ${name}`, kb(bytes)]),
        ),
      },
    }),
  ]
}

function startFigures(timings: Map<string, Timings>): Figure[] {
  const empty = timings.get(EMPTY_FUNCTION)
  if (!empty) throw new Error('no timings of the empty function')
  const penalty = ({ first, warm }: Timings) => first.map((ms, run) => ms - (warm[run] ?? Number.NaN))
  const emptyPenalty = penalty(empty)
  return MEASURED.flatMap((probe) => {
    const own = timings.get(probe.name)
    if (!own) return []
    const label = `${probe.request.method} ${probe.request.path}`
    const common = { id: 'cold', n: 0, unit: 'ms' }
    return [
      figure({
        ...common,
        metric: `netlify dev: ${probe.name} (${label}) first request after start minus warm median`,
        runs: penalty(own),
        baseline: 'the same for the empty function',
        baseline_runs: emptyPenalty,
        // Both sides sit near zero and either may be negative, so a quotient would say nothing.
        ratioOf: () => Number.NaN,
        ratio_means: 'none: compare extra_over_empty_ms',
        target: `<= ${String(COLD_EXTRA_TARGET_MS)} ms more than the empty function`,
        meets: (done) => done.median - done.baseline_median <= COLD_EXTRA_TARGET_MS,
        met: null,
        notes: {
          extra_over_empty_ms: Number((median(penalty(own)) - median(emptyPenalty)).toFixed(1)),
          first_request_ms: median(own.first),
          empty_first_request_ms: median(empty.first),
        },
      }),
      figure({
        ...common,
        metric: `netlify dev: ${probe.name} warm median (each call imports the bundle in a new worker)`,
        runs: own.warm,
        baseline: 'the empty function, warm median',
        baseline_runs: empty.warm,
        ratio_means: "baseline / median: the empty function's share of the call",
        target: '-',
        met: null,
      }),
    ]
  })
}

/** `BENCH_RUNS` imports of each function's module in fresh Node processes, in rotated order. */
async function importTimes(dir: string, probes: readonly Probe[]): Promise<Map<string, number[]>> {
  const modules = new Map<string, string>()
  for (const { name } of probes) {
    const unpacked = join(dir, 'unpacked', name)
    const names = await unpackZip(join(dir, '.netlify', 'functions', `${name}.zip`), unpacked)
    modules.set(name, functionModule(unpacked, names, name))
  }
  const times = new Map<string, number[]>(probes.map(({ name }) => [name, []]))
  for (let run = -1; run < BENCH_RUNS; run++) {
    for (let index = 0; index < probes.length; index++) {
      const { name } = probes[(index + Math.max(run, 0)) % probes.length] as Probe
      const ms = await importMs(modules.get(name) ?? '')
      // The first round only warms the file cache.
      if (run >= 0) times.get(name)?.push(ms)
    }
  }
  return times
}

function importFigures(times: Map<string, number[]>): Figure[] {
  const empty = times.get(EMPTY_FUNCTION) ?? []
  return MEASURED.map(({ name }) =>
    figure({
      id: 'cold',
      metric: `import of the ${name} function's module in a fresh Node process (a cold start's own work)`,
      n: 0,
      unit: 'ms',
      runs: times.get(name) ?? [],
      baseline: "the empty function's module, the same way",
      baseline_runs: empty,
      ratio_means: "baseline / median: the empty function's share",
      target: `<= ${String(COLD_EXTRA_TARGET_MS)} ms more than the empty function`,
      meets: (done) => done.median - done.baseline_median <= COLD_EXTRA_TARGET_MS,
      met: null,
      notes: { extra_over_empty_ms: Number((median(times.get(name) ?? []) - median(empty)).toFixed(1)) },
    }),
  )
}

async function main(): Promise<void> {
  process.stdout.write(`Cold-start benchmark: ${String(BENCH_RUNS)} starts of netlify dev\n`)
  const dir = await createProjectDir()
  try {
    await writeFile(join(dir, 'netlify', 'functions', `${EMPTY_FUNCTION}.mts`), EMPTY_FUNCTION_SOURCE)
    const build = await timed(() => buildFunctions(dir))
    process.stdout.write(`built the functions in ${(build.ms / 1000).toFixed(1)} s\n`)
    const bundles = await measureFunctionBundles(dir)

    const probes = [EMPTY, ...MEASURED]
    const imports = await importTimes(dir, probes)
    const timings = new Map<string, Timings>(probes.map((probe) => [probe.name, { first: [], warm: [] }]))
    for (let run = 0; run < BENCH_RUNS; run++) {
      const order = probes.map((_, index) => probes[(index + run) % probes.length] as Probe)
      await oneStart(dir, order, timings)
      const line = probes.map(({ name }) => {
        const own = timings.get(name)
        return `${name} ${(own?.first.at(-1) ?? 0).toFixed(0)}/${(own?.warm.at(-1) ?? 0).toFixed(0)} ms`
      })
      process.stdout.write(`  start ${String(run + 1)} (first/warm): ${line.join(', ')}\n`)
    }
    await report('cold', [
      ...sizeFigures(bundles.functions),
      ...importFigures(imports),
      ...startFigures(timings),
    ])
  } finally {
    await removeProjectDir(dir)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
