/**
 * Lighthouse benchmark: the production build served as the deployed site serves it (brotli for text and a
 * deploy's caching, as Netlify's CDN sends it: screen/app-server.ts), over a library of 1,000 files
 * (app-server answers the listing), audited by Lighthouse's mobile preset (simulated slow 4G and a 4x
 * slower CPU) in Debian's Chromium (`CHROME_PATH`, default /usr/bin/chromium). Each figure is the median
 * of `BENCH_RUNS` audits (default 5), beside the same median of an earlier build audited in the same run,
 * run by run in turn: `LIGHTHOUSE_BEFORE_COMMIT=<sha>` builds that commit (lib/build-app.ts),
 * `LIGHTHOUSE_BEFORE=<dir>` names a build. Without one, the baseline is an empty Vite React app (a
 * heading and nothing else, the floor any React page of this stack starts from). Prints the performance
 * score (target >= 90) and total blocking time, then first and largest contentful paint; writes
 * tests/bench/results/lighthouse.json; asserts nothing.
 *
 *   node_modules/.bin/node tests/bench/lighthouse.bench.ts
 *   LIGHTHOUSE_BEFORE_COMMIT=3076ea5 node_modules/.bin/node tests/bench/lighthouse.bench.ts
 *
 * Lighthouse 12 (the last that runs on Node 20); each audit takes 15-30 s on two cores.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import react from '@vitejs/plugin-react'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { build } from 'vite'

import { buildApp, buildCommit, PROJECT_ROOT } from './lib/build-app.ts'
import { CHROMIUM_PATH } from './lib/chromium.ts'
import { figure, report, type Figure } from './lib/figures.ts'
import { loadBundled } from './lib/in-process.ts'
import { benchFolders, benchRecords } from './screen-data.ts'

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5))
const FILES = 1_000
const BEFORE_COMMIT = process.env.LIGHTHOUSE_BEFORE_COMMIT
const BEFORE_DIR = process.env.LIGHTHOUSE_BEFORE
const CHROME_PATH = process.env.CHROME_PATH ?? CHROMIUM_PATH

type AppServerModule = typeof import('./screen/app-server.ts')

interface Audit {
  performance: number
  fcp: number
  lcp: number
  tbt: number
}

const METRICS: { key: keyof Audit; metric: string; unit: string; target: string }[] = [
  { key: 'performance', metric: 'Lighthouse mobile performance score', unit: 'points', target: 'higher' },
  { key: 'tbt', metric: 'total blocking time (simulated mobile)', unit: 'ms', target: 'lower' },
  { key: 'fcp', metric: 'first contentful paint (simulated mobile)', unit: 'ms', target: 'lower' },
  { key: 'lcp', metric: 'largest contentful paint (simulated mobile)', unit: 'ms', target: 'lower' },
]

/** An empty Vite React app: one heading, built with the same Vite and React as the app. */
async function buildEmptyReactApp(outDir: string): Promise<string> {
  // Inside node_modules, so that react and react-dom resolve from the project's own packages.
  const root = join(PROJECT_ROOT, 'node_modules', '.cache', `lighthouse-empty-${String(process.pid)}`)
  await mkdir(root, { recursive: true })
  await writeFile(
    join(root, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" />' +
      '<meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>Empty</title></head>' +
      '<body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  )
  await writeFile(
    join(root, 'main.tsx'),
    "import { createRoot } from 'react-dom/client'\n" +
      "createRoot(document.getElementById('root') as HTMLElement).render(<h1>Media File Manager</h1>)\n",
  )
  try {
    await build({
      root,
      configFile: false,
      logLevel: 'error',
      plugins: [react()],
      build: { outDir, emptyOutDir: true },
    })
  } finally {
    await rm(root, { recursive: true, force: true })
  }
  return outDir
}

async function audit(url: string, port: number): Promise<Audit> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
  }
}

async function main() {
  const started = performance.now()
  const workDir = await mkdtemp(join(tmpdir(), 'bench-lighthouse-'))
  const { appData, serveApp } = await loadBundled<AppServerModule>(
    join(import.meta.dirname, 'screen', 'app-server.ts'),
    'lighthouse-app-server',
  )
  const servers: { close: () => Promise<void> }[] = []
  let chrome: chromeLauncher.LaunchedChrome | null = null
  try {
    console.log('Building the app and its baseline...')
    const appDir = await buildApp(join(workDir, 'app'))
    const baseline =
      BEFORE_COMMIT !== undefined
        ? {
            dir: (await buildCommit(BEFORE_COMMIT, join(workDir, 'before'))).appDir,
            words: `the same on ${BEFORE_COMMIT}, in this run`,
          }
        : BEFORE_DIR !== undefined
          ? { dir: BEFORE_DIR, words: `the same on ${BEFORE_DIR}, in this run` }
          : {
              dir: await buildEmptyReactApp(join(workDir, 'empty')),
              words: 'an empty Vite React app (one heading), in the same run',
            }
    const data = appData(benchRecords(FILES, ''), benchFolders())
    const sides: { name: string; origin: string }[] = []
    for (const [name, dir] of [
      ['app', appDir],
      ['baseline', baseline.dir],
    ] as const) {
      const server = await serveApp(dir, data, { compress: true, cdnCaching: true })
      servers.push(server)
      sides.push({ name, origin: server.origin })
    }
    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    })
    console.log(`${String(RUNS)} runs per side, ${String(FILES)} files`)
    const audits = new Map<string, Audit[]>(sides.map((side) => [side.name, []]))
    for (let run = 0; run < RUNS; run++) {
      // Each run in turn, the first side changing from run to run.
      const order = sides.map((_, at) => sides[(at + run) % sides.length] as (typeof sides)[number])
      for (const side of order) {
        const result = await audit(`${side.origin}/`, chrome.port)
        audits.get(side.name)?.push(result)
        console.log(`  run ${String(run + 1)} ${side.name.padEnd(8)} ${JSON.stringify(result)}`)
      }
    }
    const of = (name: string, key: keyof Audit) => (audits.get(name) ?? []).map((each) => each[key])
    const figures: Figure[] = METRICS.map(({ key, metric, unit, target }) =>
      figure({
        id: 'lighthouse',
        metric: `${metric}, median of ${String(RUNS)}`,
        n: FILES,
        unit,
        runs: of('app', key),
        baseline: baseline.words,
        baseline_runs: of('baseline', key),
        ratioOf: (measured, before) => (key === 'performance' ? measured / before : before / measured),
        ratio_means: key === 'performance' ? 'score / baseline score' : 'baseline / this build: times faster',
        // The score's target: the mobile audit's performance at 90 or more (median of the runs).
        target: key === 'performance' ? '>= 90 points' : `${target} is better; no set target`,
        met: null,
        meets: (done) => (key === 'performance' ? done.median >= 90 : null),
      }),
    )
    await report('lighthouse', figures)
    console.log(`total ${String(Math.round((performance.now() - started) / 1000))} s`)
  } finally {
    chrome?.kill()
    await Promise.all(servers.map((server) => server.close()))
    await rm(workDir, { recursive: true, force: true })
  }
}

await main()
