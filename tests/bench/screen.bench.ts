/**
 * Screen benchmark in Debian's Chromium: the production build of the app, fed seeded records by a small
 * server (screen/app-server.ts), measured against a baseline on the same machine in the same run,
 * interleaved run by run. Prints and writes tests/bench/results/screen.json; asserts nothing.
 *
 *   node_modules/.bin/node tests/bench/screen.bench.ts
 *   BENCH_RUNS=9 node_modules/.bin/node tests/bench/screen.bench.ts
 *
 * Figures (each module's header says exactly what it times):
 *   hash    the app's fingerprint worker (SHA-256 of 4 MiB block digests) on 10 x 25 MB vs the same
 *           fingerprint by crypto.subtle.digest in memory (screen/hash.ts)
 *   mount   data in hand to the first painted grid, at 10k and 100k, and the DOM size, vs the same build
 *           with every card in the DOM (screen-naive.ts) (screen/mount.ts)
 *   scroll  3 s of scrolling the 100k grid vs an empty scroll container (screen/scroll.ts)
 *   search  keystroke to painted results at 100k vs a bare input (screen/search.ts)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import type { Browser } from 'playwright-core'

import { buildApp } from './lib/build-app.ts'
import { launchChromium } from './lib/chromium.ts'
import { BENCH_RUNS, report, type Figure } from './lib/figures.ts'
import { appData, serveApp, type AppServer } from './screen/app-server.ts'
import { hashFigure, workerPath } from './screen/hash.ts'
import { mountFigures } from './screen/mount.ts'
import { openScreen } from './screen/page.ts'
import { scrollFigure } from './screen/scroll.ts'
import { searchFigure } from './screen/search.ts'
import { benchFolders, benchRecords } from './screen-data.ts'

const SMALL = 10_000
const LARGE = 100_000

async function main() {
  const started = performance.now()
  const workDir = await mkdtemp(join(tmpdir(), 'bench-screen-'))
  const servers: AppServer[] = []
  let browser: Browser | null = null
  try {
    console.log('Building the app and its naive variant...')
    const naive = resolve(import.meta.dirname, 'screen-naive.ts')
    const appDir = await buildApp(join(workDir, 'app'))
    const naiveDir = await buildApp(join(workDir, 'naive'), [
      { find: /^\.\/media-grid$/, replacement: naive },
      { find: /^\.\/media-list$/, replacement: naive },
    ])
    const folders = benchFolders()
    // Site paths (an empty host), so the server answers every thumbnail itself.
    const smallData = appData(benchRecords(SMALL, ''), folders)
    const largeRecords = benchRecords(LARGE, '')
    const largeData = appData(largeRecords, folders)
    const app10k = await serveApp(appDir, smallData)
    const app100k = await serveApp(appDir, largeData)
    const naive10k = await serveApp(naiveDir, smallData)
    servers.push(app10k, app100k, naive10k)
    browser = await launchChromium()
    console.log(`Chromium ${browser.version()}, ${String(BENCH_RUNS)} runs per side`)

    const figures: Figure[] = []
    figures.push(await hashFigure(browser, app10k.origin, await workerPath(appDir)))
    figures.push(
      ...(await mountFigures(browser, { app10k, app100k, naive10k }, { small: SMALL, large: LARGE })),
    )
    const page = await openScreen(browser, app100k.origin)
    figures.push(await scrollFigure(page, LARGE))
    figures.push(await searchFigure(page, largeRecords))
    await page.context().close()
    await report('screen', figures)
    console.log(`total ${String(Math.round((performance.now() - started) / 1000))} s`)
  } finally {
    await browser?.close()
    await Promise.all(servers.map((server) => server.close()))
    await rm(workDir, { recursive: true, force: true })
  }
}

await main()
