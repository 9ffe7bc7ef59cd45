/**
 * `npm run bench`: runs every benchmark suite, one child process each (a suite starts and stops its own
 * servers and browser, so none inherits another's warm caches), then prints one table of all figures and
 * writes tests/bench/results/summary.json. `BENCH_ONLY=list,bulk` runs some suites only; `BENCH_RUNS=9`
 * takes more runs per side.
 *
 * Each suite is a file here that can also be run alone (`node tests/bench/<suite>.bench.ts`) and ends
 * with `report(suite, figures)`, which writes tests/bench/results/<suite>.json.
 */
import { spawn } from 'node:child_process'
import { readFile, writeFile, mkdir } from 'node:fs/promises'
import { resolve } from 'node:path'

import { formatTable, RESULTS_DIR, type Figure } from './lib/figures.ts'

/** In the order of the table; the browser suite measures hash, mount, scroll and search. */
const SUITES = [
  'list',
  'bulk',
  'upload',
  'screen',
  'bundle',
  'cold',
  'load',
  'listing',
  'zip',
  'lighthouse',
  'engine',
  'image',
] as const

function runSuite(suite: string): Promise<number> {
  const file = resolve(import.meta.dirname, `${suite}.bench.ts`)
  return new Promise((done) => {
    const child = spawn(process.execPath, [file], { stdio: 'inherit', env: process.env })
    child.on('exit', (code) => {
      done(code ?? 1)
    })
  })
}

async function readSuite(suite: string): Promise<Figure[]> {
  try {
    const text = await readFile(resolve(RESULTS_DIR, `${suite}.json`), 'utf8')
    return (JSON.parse(text) as { figures: Figure[] }).figures
  } catch {
    return []
  }
}

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim())
const suites = SUITES.filter((suite) => !only || only.includes(suite))
const failed: string[] = []
const started = Date.now()

for (const suite of suites) {
  console.log(`\n=== ${suite} ===`)
  const code = await runSuite(suite)
  if (code !== 0) failed.push(suite)
}

const figures = (await Promise.all(suites.map(readSuite))).flat()
console.log(`\n=== all figures (${String(Math.round((Date.now() - started) / 1000))} s) ===\n`)
console.log(formatTable(figures))
await mkdir(RESULTS_DIR, { recursive: true })
await writeFile(
  resolve(RESULTS_DIR, 'summary.json'),
  `${JSON.stringify({ measured_at: new Date().toISOString(), suites, failed, figures }, null, 2)}\n`,
)
if (failed.length > 0) {
  console.error(`\nsuites that did not finish: ${failed.join(', ')}`)
  process.exitCode = 1
}
