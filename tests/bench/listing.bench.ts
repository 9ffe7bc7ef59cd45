/**
 * Listing benchmark, from where the user starts, measured two ways in one run (`LISTING_WAYS`, default
 * `dev,deployed`): `dev`, the production build under `netlify dev` as a person running the app with
 * `npm start` meets it (every function call a fresh worker thread); `deployed`, the same build served as
 * the deployed site serves it (brotli, a deploy's caching, the real functions in process as a warm
 * deployed function answers: lib/seeded-deployed.ts), over the same seeded library. Opened in Debian's
 * Chromium. For each size it times navigation to the first card and
 * to the whole library (the count line showing every file), cold (a fresh profile: empty IndexedDB) and
 * warm (a reload of the same profile), and counts the main thread's long tasks (PerformanceObserver
 * 'longtask', over 50 ms) until the whole library is shown, and then the page's JavaScript heap and the
 * library worker's (`workerHeapInUse`, through the page's DevTools session attached to its worker); the
 * worker's again once it holds the whole library with its search text made (`listing:prepared`), after
 * the first visit (its kept library written) and after the reload (the library read back from it).
 * After the reload, search keystroke to paint: twelve letters, each typed over the query before it, timed
 * from keydown to the frame after the count line or the first card changed (p50 and p95): typed as soon
 * as the count is whole (the kept library answers it while the worker may still be taking the library
 * in), then again once the worker holds the library and has made its search text (`listing:prepared`),
 * which is the figure held to the target.
 *
 * Each figure is printed beside the same figure of an earlier build measured in the same run, the two
 * taking turns to go first (`LISTING_BEFORE_COMMIT=<sha>` builds that commit, `LISTING_BEFORE=<dir>` names
 * a build), one table per way. Without an earlier build the times stand beside the old sequential
 * loading: a page-side fetch loop following `GET /api/media` cursors as the old client did (2,000
 * records, then 5,000 per page), timed to its first page and to its last.
 * Prints and writes tests/bench/results/listing.json; asserts nothing.
 *
 *   node_modules/.bin/node tests/bench/listing.bench.ts
 *   LISTING_SIZES=10000 BENCH_RUNS=1 LISTING_BEFORE_COMMIT=3076ea5 node_modules/.bin/node tests/bench/listing.bench.ts
 *   LISTING_SIZES=1000000 BENCH_RUNS=1 LISTING_BASELINE=0 node_modules/.bin/node tests/bench/listing.bench.ts
 *
 * Each size has the targets (`TARGETS`); the table prints each beside its figure, met or not. The
 * library is seeded as shard files written straight into a Blobs directory, made once per
 * size and reused (lib/seed-records.ts `seedShardFiles`): a million records take about 10 s the first
 * time. At a million the old loading is left out (`LISTING_BASELINE=0`): 200 sequential calls a run.
 *
 * Each visit is also broken down (lib/listing-breakdown.ts): navigation -> main script run -> listing
 * worker started -> kept first page read -> first page request sent -> its answer -> records posted and
 * received -> first card -> last page -> whole count, and each long task with the app's `listing:*`
 * measures inside it (receiving records, showing a list, indexing, querying, the screen's render).
 *
 * The latest figures, and what sets each, are in tests/bench/README.md (listing) and the README's
 * "Library size" (10,000 to 1,000,000 files, with the page's and the worker's heap and search).
 *
 * Under netlify dev every function call runs in a fresh worker thread (about 0.7-1 s each, about 1.3
 * calls a second whatever the concurrency), so the number of calls sets the floor: the old loading makes
 * 21 calls one after the other at 100,000 files, the new one 6, the first alone and then the other 5 at
 * once, one answer a page (decision 0055).
 */
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { Browser, BrowserContext, Page, Worker } from 'playwright-core'

import { removeProjectDir } from '../support/netlify-dev.ts'
import { buildApp, buildCommit } from './lib/build-app.ts'
import { launchChromium } from './lib/chromium.ts'
import { figure, formatTable, median, p95, RESULTS_DIR, writeFigures, type Figure } from './lib/figures.ts'
import { heapInUse, workerHeapInUse } from './lib/heap.ts'
import {
  breakdown,
  blockingTime,
  busiest,
  describe,
  followListingWorker,
  longTaskProfiles,
  markProfileClock,
  readTimeline,
  type Breakdown,
  type CpuProfile,
  type LongTask,
} from './lib/listing-breakdown.ts'
import { startDeployed, startSeededLibrary } from './lib/seeded-deployed.ts'
import { startSeeded } from './lib/seeded-dev.ts'

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3))
const SIZES = (process.env.LISTING_SIZES ?? '10000,100000').split(',').map(Number)
/** `LISTING_BASELINE=0` leaves out the old loading (for the ceiling run, where it takes minutes a run). */
const BASELINE = process.env.LISTING_BASELINE !== '0'
/**
 * `LISTING_WAYS`: `dev` (netlify dev, as `npm start` runs the app), `deployed` (as the deployed site
 * serves it), or both, comma-separated (the default).
 */
const WAYS = (process.env.LISTING_WAYS ?? 'dev,deployed').split(',').map((way) => way.trim())
type Way = 'dev' | 'deployed'
for (const way of WAYS)
  if (way !== 'dev' && way !== 'deployed')
    throw new Error(`LISTING_WAYS: unknown way '${way}' (dev, deployed)`)
/**
 * `LISTING_BEFORE_COMMIT=<sha>`: that commit built (lib/build-app.ts `buildCommit`) and measured beside
 * this build in the same run, served by its own functions. `LISTING_BEFORE=<dir>` names an earlier build
 * instead, and `LISTING_BEFORE_SOURCE=<checkout>` that build's functions (that checkout's `netlify/` and
 * `src/`, and its tests/bench/lib/server-entry.ts for the deployed way); without it both sides run this
 * checkout's functions.
 */
const BEFORE_COMMIT = process.env.LISTING_BEFORE_COMMIT
const BEFORE_NAME = BEFORE_COMMIT ?? process.env.LISTING_BEFORE
/**
 * `LISTING_PROFILE=1`: samples the page's main thread over each reload, prints its busiest functions and
 * writes the whole profile to tests/bench/results/ (the build is then left unminified, so they keep their
 * names). `LISTING_PROFILE=cold` samples the cold visit too (from a page of the same origin, so that the
 * profiler stays on the same renderer) and prints each of its long tasks' busiest functions.
 */
const PROFILE = process.env.LISTING_PROFILE === '1' || process.env.LISTING_PROFILE === 'cold'
const PROFILE_COLD = process.env.LISTING_PROFILE === 'cold'
/**
 * `LISTING_CPU_TASKS=1`: also counts the main thread's tasks over 50 ms of its own CPU time (Chromium's
 * trace, each task's thread time), which other processes competing for the cores do not lengthen as they
 * do the wall-clock long tasks: on a busy machine, the work the page itself does in one go.
 */
const CPU_TASKS = process.env.LISTING_CPU_TASKS === '1' || process.env.LISTING_TRACE === '1'
/** `LISTING_TRACE=1`: as `LISTING_CPU_TASKS=1`, and writes each visit's trace to tests/bench/results/. */
const KEEP_TRACES = process.env.LISTING_TRACE === '1'
let tracesWritten = 0
/**
 * `LISTING_SETTLE_MS`: how long a new window is left before the cold visit's navigation (default 1,500;
 * 0 navigates at once). Chromium's new window loads its own interface in a renderer of its own (the
 * 'top-chrome' WebUI, 384 modules, about 250 ms of CPU in its first second), which on two cores took
 * the page's CPU during its first second; a person's browser has its window open before they type the
 * address (decision 0061).
 */
const WINDOW_SETTLE_MS = Number(process.env.LISTING_SETTLE_MS ?? 1_500)

/**
 * The pages' renderer main threads' tasks in a Chromium trace, by thread (CPU) time: those over 50 ms
 * (ms each) and the longest.
 */
function cpuLongTasks(trace: Buffer): { over: number[]; longest: number } {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as {
    traceEvents: {
      name: string
      ph: string
      pid: number
      tid: number
      tdur?: number
      args?: { name?: string }
    }[]
  }
  // Only the pages' renderers: Chromium's own UI runs in a 'WebUI Top Renderer' whose main thread has
  // the same name, and whose start (tasks of 40-70 ms) would otherwise count as the page's.
  const renderers = new Set(
    traceEvents
      .filter((event) => event.name === 'process_name' && event.args?.name === 'Renderer')
      .map((event) => event.pid),
  )
  const main = new Set(
    traceEvents
      .filter(
        (event) =>
          event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && renderers.has(event.pid),
      )
      .map((event) => `${String(event.pid)}:${String(event.tid)}`),
  )
  const times = traceEvents
    .filter(
      (event) =>
        event.name === 'RunTask' && event.ph === 'X' && main.has(`${String(event.pid)}:${String(event.tid)}`),
    )
    .map((event) => Math.round((event.tdur ?? 0) / 1000))
  return { over: times.filter((ms) => ms > 50), longest: Math.max(0, ...times) }
}

/** Starts the CPU profiler on the page; the function returned stops it and gives the profile. */
async function startProfiler(context: BrowserContext, page: Page): Promise<() => Promise<CpuProfile>> {
  const session = await context.newCDPSession(page)
  await session.send('Profiler.enable')
  await session.send('Profiler.setSamplingInterval', { interval: 200 })
  await session.send('Profiler.start')
  return async () => {
    const { profile } = await session.send('Profiler.stop')
    await session.detach()
    return profile as CpuProfile
  }
}

interface Visit {
  firstCard: number
  whole: number
  longTasks: number
  longestTask: number
  /** Each long task's time past 50 ms, summed (ms). */
  blockingTime: number
  /** The page's JavaScript heap in use once the whole library is shown, after a collection (MB). */
  heapMb: number
  /** The library worker's JavaScript heap in use then, after a collection (MB; NaN if not reached). */
  workerHeapMb: number
  /** The library worker's ArrayBuffer backing stores then (MB; NaN where Chromium does not say). */
  workerBuffersMb: number
  breakdown: Breakdown
  /** Requests for the file list (`/api/media-pages`, the worker's too) from the navigation to the whole count. */
  listingRequests: number
  /** With LISTING_CPU_TASKS: the main thread's tasks over 50 ms of CPU time (each's ms), the longest. */
  cpuTasks: { over: number[]; longest: number }
}

/** Set before the app's own code: notes when the first card and the full count appear, and long tasks. */
function watchScreen(total: number) {
  const marks: { firstCard?: number; whole?: number; longTasks: LongTask[] } = { longTasks: [] }
  Object.assign(window, { __listing: marks })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (marks.whole === undefined)
        marks.longTasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })
  const whole = `${total.toLocaleString('en-US')} ${total === 1 ? 'file' : 'files'}`
  const check = () => {
    if (marks.firstCard === undefined && document.querySelector('article'))
      marks.firstCard = performance.now()
    const count = document.querySelector('.selection-bar__shown')?.textContent
    if (marks.whole === undefined && count === whole) marks.whole = performance.now()
  }
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true })
}

/**
 * Keystrokes typed into the search box once the whole library is in: each one letter typed over the
 * query before it (selected first, as '/' leaves it), so each changes what is shown.
 */
const SEARCH_KEYS = ['b', 's', 'l', 'r', 'p', 'i', 'c', 'm', 'w', 'd', 'g', 'f']

/** Set on the page before each keystroke: times it from keydown to the frame after the screen changed. */
function armKeystroke() {
  const shown = () =>
    `${document.querySelector('.selection-bar__shown')?.textContent ?? ''}|${
      document.querySelector('article')?.textContent ?? ''
    }`
  const before = shown()
  const timing: { start?: number; changed?: number; painted?: number } = {}
  Object.assign(window, { __keystroke: timing })
  document.addEventListener(
    'keydown',
    () => {
      timing.start = performance.now()
    },
    { capture: true, once: true },
  )
  const observer = new MutationObserver(() => {
    if (timing.start === undefined || shown() === before) return
    observer.disconnect()
    timing.changed = performance.now()
    // After the next frame's paint: a task queued from the animation frame callback runs after it.
    requestAnimationFrame(() => {
      setTimeout(() => {
        timing.painted = performance.now()
      }, 0)
    })
  })
  observer.observe(document, { subtree: true, childList: true, characterData: true })
}

interface Keystrokes {
  times: number[]
  unchanged: number
  queries: number[]
}

/**
 * When the library worker of this visit held the whole library and had made its search text and filter
 * columns (the engine's `listing:prepared` measure: it starts when the library is whole), in ms after the
 * worker started; null when that did not happen within `timeout`.
 */
async function libraryPrepared(
  worker: Worker | null,
  timeout: number,
): Promise<{ held: number; prepared: number } | null> {
  if (worker === null) return null
  const until = Date.now() + timeout
  while (Date.now() < until) {
    const entry = await worker
      .evaluate(() => {
        const [prepared] = performance.getEntriesByName('listing:prepared')
        return prepared === undefined ? null : { held: prepared.startTime, prepared: prepared.duration }
      })
      .catch(() => null)
    if (entry !== null) return entry
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return null
}

/**
 * The library worker's heap and ArrayBuffers (MB) once it holds the whole library and has made its search
 * text and filter columns: what it keeps while the screen is open. NaN when that did not happen in time.
 */
async function heldMemory(page: Page, worker: Worker | null, size: number): Promise<number> {
  if ((await libraryPrepared(worker, visitTimeout(size))) === null) return Number.NaN
  const { heapMb, buffersMb } = await workerHeapInUse(page)
  return heapMb + (Number.isFinite(buffersMb) ? buffersMb : 0)
}

/**
 * Search keystroke to paint: each of `SEARCH_KEYS` typed into the search box, timed from its keydown to
 * the frame painted after the count line or the first card changed. A keystroke that changes neither
 * within 5 s is left out (and counted in the notes).
 */
async function searchKeystrokes(page: Page, worker: Worker | null): Promise<Keystrokes> {
  const box = page.getByRole('searchbox', { name: 'Search files' })
  await box.click()
  await box.fill('')
  await page.waitForTimeout(500)
  const since = (await worker?.evaluate(() => performance.now()).catch(() => null)) ?? null
  const times: number[] = []
  let unchanged = 0
  for (const key of SEARCH_KEYS) {
    await box.selectText()
    await page.evaluate(armKeystroke)
    await page.keyboard.press(key)
    const done = await page
      .waitForFunction(
        () => (window as unknown as { __keystroke: { painted?: number } }).__keystroke.painted !== undefined,
        undefined,
        { timeout: 5_000, polling: 20 },
      )
      .then(() => true)
      .catch(() => false)
    if (!done) {
      unchanged++
      continue
    }
    const timing = await page.evaluate(
      () => (window as unknown as { __keystroke: { start: number; painted: number } }).__keystroke,
    )
    times.push(timing.painted - timing.start)
    // Let the deferred renders settle before the next key, as a person typing would.
    await page.waitForTimeout(300)
  }
  // The worker's own share of them: MediaIndex's `listing:query` measures since the first keystroke.
  const queries =
    since === null || worker === null
      ? []
      : await worker
          .evaluate(
            (from) =>
              performance
                .getEntriesByName('listing:query')
                .filter((entry) => entry.startTime >= from)
                .map((entry) => entry.duration),
            since,
          )
          .catch(() => [])
  return { times, unchanged, queries }
}

/** How long a visit may take to show the whole library: a million files cold takes many minutes here. */
const visitTimeout = (size: number) => Math.max(180_000, size * 1.2)

async function visit(
  page: Page,
  worker: () => Worker | null,
  go: () => Promise<unknown>,
  size: number,
): Promise<Visit> {
  const browser = page.context().browser()
  const tracing = CPU_TASKS && browser !== null
  if (tracing)
    await browser.startTracing(undefined, {
      categories: [
        'toplevel',
        'disabled-by-default-devtools.timeline',
        // What each task ran, for the traces kept: scripts, functions, layout, style.
        ...(KEEP_TRACES ? ['devtools.timeline', 'v8.execute'] : []),
      ],
    })
  let listingRequests = 0
  const countListing = (request: { url: () => string }) => {
    if (new URL(request.url()).pathname === '/api/media-pages') listingRequests++
  }
  page.context().on('request', countListing)
  await go()
  await page.waitForFunction(
    () => (window as unknown as { __listing?: { whole?: number } }).__listing?.whole !== undefined,
    undefined,
    { timeout: visitTimeout(size), polling: 100 },
  )
  page.context().off('request', countListing)
  // Stopped before the heap is measured: its collection is a long task of the benchmark's own.
  const trace = tracing ? await browser.stopTracing() : null
  const cpuTasks = trace === null ? { over: [], longest: 0 } : cpuLongTasks(trace)
  if (trace !== null && KEEP_TRACES) {
    const file = join(RESULTS_DIR, `listing-${String(size)}-trace-${String(++tracesWritten)}.json`)
    await mkdir(RESULTS_DIR, { recursive: true })
    await writeFile(file, trace)
    console.log(`    trace written to ${file}`)
  }
  const marks = await page.evaluate(
    () =>
      (window as unknown as { __listing: { firstCard: number; whole: number; longTasks: LongTask[] } })
        .__listing,
  )
  const onPage = await page.evaluate(readTimeline)
  const inWorker =
    (await worker()
      ?.evaluate(readTimeline)
      .catch(() => null)) ?? null
  return {
    firstCard: marks.firstCard,
    whole: marks.whole,
    longTasks: marks.longTasks.length,
    longestTask: Math.max(0, ...marks.longTasks.map((task) => task.duration)),
    blockingTime: Math.round(blockingTime(marks.longTasks)),
    heapMb: await heapInUse(page),
    ...(await workerHeapInUse(page).then(({ heapMb, buffersMb }) => ({
      workerHeapMb: heapMb,
      workerBuffersMb: buffersMb,
    }))),
    breakdown: breakdown(onPage, inWorker, marks.longTasks, marks),
    listingRequests,
    cpuTasks,
  }
}

/** The old client's network pattern, run in a page of the same origin: first page, then each cursor. */
async function sequential(context: BrowserContext, base: string): Promise<{ first: number; whole: number }> {
  const page = await context.newPage()
  await page.goto(`${base}/api/access`)
  const timing = await page.evaluate(async () => {
    const started = performance.now()
    let path = '/api/media'
    let first = 0
    for (;;) {
      const answer = (await (await fetch(path)).json()) as { records: unknown[]; next: string | null }
      if (first === 0) first = performance.now() - started
      if (answer.next === null) return { first, whole: performance.now() - started }
      path = `/api/media?cursor=${answer.next}&limit=5000`
    }
  })
  await page.close()
  return timing
}

type TargetKey =
  | 'coldFirst'
  | 'coldWhole'
  | 'warmFirst'
  | 'warmWhole'
  | 'coldLongTasks'
  | 'warmLongTasks'
  | 'searchP95'
  | 'workerMemory'

/**
 * The targets by library size (ms, tasks, MB), each held in both ways: "100k first card <= 1 s
 * cold and <= 300 ms on a reload, whole <= 5 s cold and <= 1 s on a reload, 0 long tasks; 10k first card
 * <= 1 s cold; 1M search p95 <= 100 ms with the worker under 300 MB, 1M whole <= 30 s cold". A figure
 * without one prints 'none at this size'.
 */
const TARGETS: Record<number, Partial<Record<TargetKey, number>>> = {
  10_000: { coldFirst: 1_000 },
  100_000: {
    coldFirst: 1_000,
    warmFirst: 300,
    coldWhole: 5_000,
    warmWhole: 1_000,
    coldLongTasks: 0,
    warmLongTasks: 0,
  },
  1_000_000: { searchP95: 100, workerMemory: 300, coldWhole: 30_000 },
}

/**
 * Waits for the kept library (decision 0052) to be written, when the worker has begun writing it: a
 * reload cutting the write short would measure a visit with nothing kept, which a person coming back
 * later does not meet. Builds without it never begin.
 */
async function keptWritten(worker: Worker | null): Promise<void> {
  if (worker === null) return
  const marked = (name: string) =>
    worker.evaluate((one) => performance.getEntriesByName(one).length > 0, name).catch(() => false)
  if (!(await marked('library:kept-write-start'))) return
  const until = Date.now() + 60_000
  while (!(await marked('library:kept-write-done')) && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 100))
}

/** A cold visit in a fresh profile, then a reload of it. */
async function coldAndWarm(
  browser: Browser,
  baseUrl: string,
  size: number,
  label: string,
): Promise<{
  cold: Visit
  warm: Visit
  search: Keystrokes
  searchWhileLoading: Keystrokes
  /** The worker's memory once it held the library: after the first visit, then after the reload (MB). */
  held: number[]
}> {
  const context = await browser.newContext()
  try {
    await context.addInitScript(watchScreen, size)
    const page = await context.newPage()
    const worker = followListingWorker(page)
    let coldProfiler: (() => Promise<CpuProfile>) | null = null
    if (PROFILE_COLD) {
      await context.addInitScript(markProfileClock)
      await page.goto(`${baseUrl}/api/access`)
      coldProfiler = await startProfiler(context, page)
    }
    if (WINDOW_SETTLE_MS > 0) await page.waitForTimeout(WINDOW_SETTLE_MS)
    const cold = await visit(page, worker, () => page.goto(baseUrl), size)
    if (coldProfiler !== null) {
      const profile = await coldProfiler()
      const clock = await page.evaluate(
        () => (window as unknown as { __profileClock: number }).__profileClock,
      )
      console.log(`    ${label} cold, each long task's busiest functions (Profiler):`)
      for (const line of longTaskProfiles(profile, clock, cold.breakdown.longTasks))
        console.log(`      ${line}`)
    }
    // The pages reach IndexedDB just after they are shown.
    await page.waitForTimeout(1_500)
    await keptWritten(worker())
    const heldCold = await heldMemory(page, worker(), size)
    const profiler = PROFILE ? await startProfiler(context, page) : null
    const warm = await visit(page, worker, () => page.reload(), size)
    if (profiler !== null) {
      const profile = await profiler()
      const file = join(RESULTS_DIR, `listing-${String(size)}-${label.replaceAll(' ', '-')}-warm.cpuprofile`)
      await mkdir(RESULTS_DIR, { recursive: true })
      await writeFile(file, JSON.stringify(profile))
      console.log(`    ${label} warm, main thread by self time (Profiler; whole profile in ${file}):`)
      for (const line of busiest(profile)) console.log(`      ${line}`)
    }
    const brief = ({ breakdown: _, cpuTasks, ...figures }: Visit) =>
      JSON.stringify(CPU_TASKS ? { ...figures, cpuTasks } : figures)
    console.log(`  ${label}: cold ${brief(cold)}, warm ${brief(warm)}`)
    console.log(describe(`${label} cold`, cold.breakdown))
    console.log(describe(`${label} warm`, warm.breakdown))
    const printSearch = (when: string, typed: Keystrokes) => {
      console.log(
        `  ${label} search ${when}, keystroke to paint (ms): ${typed.times.map(Math.round).join(', ')}` +
          (typed.unchanged > 0 ? ` (${String(typed.unchanged)} keystrokes changed nothing)` : ''),
      )
      console.log(
        `  ${label} search ${when}, the worker's queries (ms): ${typed.queries.map(Math.round).join(', ')}`,
      )
    }
    // Typed as soon as the count is whole: on a reload the kept library answers the count and the rows
    // at once, while the worker may still be taking the library in (a million files: seconds).
    const searchWhileLoading = await searchKeystrokes(page, worker())
    printSearch('as soon as the count is whole', searchWhileLoading)
    const held = await libraryPrepared(worker(), visitTimeout(size))
    if (held !== null) {
      console.log(
        `  ${label} the worker held the whole library ${String(Math.round(held.held))} ms after it started, ` +
          `its search text and columns made ${String(Math.round(held.prepared))} ms after`,
      )
    }
    const heldWarm = await heldMemory(page, worker(), size)
    console.log(
      `  ${label} the worker's heap and ArrayBuffers once it held the library: ` +
        `${String(heldCold)} MB after the first visit, ${String(heldWarm)} MB after the reload`,
    )
    const search = await searchKeystrokes(page, worker())
    printSearch('once the worker holds the library', search)
    return { cold, warm, search, searchWhileLoading, held: [heldCold, heldWarm] }
  } finally {
    await context.close()
  }
}

/** What one build gave in one way over the runs of a size. */
interface SideRuns {
  cold: Visit[]
  warm: Visit[]
  /** Keystroke to paint once the worker held the library, and the worker's query for each. */
  keystrokes: number[]
  queries: number[]
  unchangedKeystrokes: number
  keystrokesWhileLoading: number[]
  /** The worker's memory once it held the library, after each first visit and each reload (MB). */
  held: number[]
}

const noRuns = (): SideRuns => ({
  cold: [],
  warm: [],
  keystrokes: [],
  queries: [],
  unchangedKeystrokes: 0,
  keystrokesWhileLoading: [],
  held: [],
})

/** The builds of one way at one size: where each is served, and how to stop it. */
interface WaySites {
  way: Way
  now: string
  before: string | null
  stop: () => Promise<void>
}

async function startWay(
  way: Way,
  size: number,
  appDir: string,
  before: EarlierBuild | null,
): Promise<WaySites> {
  if (way === 'dev') {
    const dev = await startSeeded(appDir, size)
    const beforeDev = before === null ? null : await startSeeded(before.appDir, size, before.sourceRoot)
    return {
      way,
      now: dev.baseUrl,
      before: beforeDev?.baseUrl ?? null,
      stop: async () => {
        for (const one of [dev, beforeDev]) {
          if (one === null) continue
          await one.stop()
          await removeProjectDir(one.dir)
        }
      },
    }
  }
  const library = await startSeededLibrary(size)
  const site = await startDeployed(appDir, library)
  const beforeSite =
    before === null ? null : await startDeployed(before.appDir, library, before.deployedSourceRoot)
  return {
    way,
    now: site.baseUrl,
    before: beforeSite?.baseUrl ?? null,
    stop: async () => {
      await site.stop()
      await beforeSite?.stop()
      await library.stop()
    },
  }
}

async function measureSide(browser: Browser, baseUrl: string, size: number, label: string, into: SideRuns) {
  const visits = await coldAndWarm(browser, baseUrl, size, label)
  into.cold.push(visits.cold)
  into.warm.push(visits.warm)
  into.keystrokes.push(...visits.search.times)
  into.queries.push(...visits.search.queries)
  into.unchangedKeystrokes += visits.search.unchanged
  into.keystrokesWhileLoading.push(...visits.searchWhileLoading.times)
  into.held.push(...visits.held)
}

/** Every way's figures at one size, by way. */
async function measureSize(
  browser: Browser,
  appDir: string,
  size: number,
  before: EarlierBuild | null,
): Promise<Map<Way, Figure[]>> {
  const sites: WaySites[] = []
  const figures = new Map<Way, Figure[]>()
  try {
    for (const way of WAYS as Way[]) sites.push(await startWay(way, size, appDir, before))
    const now = new Map(sites.map((site) => [site.way, noRuns()]))
    const earlier = new Map(sites.map((site) => [site.way, noRuns()]))
    const old = new Map(sites.map((site) => [site.way, [] as { first: number; whole: number }[]]))
    for (let run = 0; run < RUNS; run++) {
      console.log(`  run ${String(run + 1)}`)
      for (const site of sites) {
        const sides = [
          { label: `${site.way} this build`, url: site.now, into: now.get(site.way) ?? noRuns() },
          ...(site.before === null
            ? []
            : [{ label: `${site.way} before`, url: site.before, into: earlier.get(site.way) ?? noRuns() }]),
        ]
        // The two builds take turns to go first.
        if (run % 2 === 0) sides.reverse()
        for (const side of sides) await measureSide(browser, side.url, size, side.label, side.into)
        if (site.before === null && BASELINE) {
          const context = await browser.newContext()
          old.get(site.way)?.push(await sequential(context, site.now))
          await context.close()
          console.log(`  ${site.way} old: ${JSON.stringify(old.get(site.way)?.at(-1))}`)
        }
      }
    }
    for (const site of sites)
      figures.set(
        site.way,
        wayFigures(
          site.way,
          size,
          now.get(site.way) ?? noRuns(),
          site.before === null ? null : (earlier.get(site.way) ?? noRuns()),
          old.get(site.way) ?? [],
        ),
      )
  } finally {
    for (const site of sites) await site.stop()
  }
  return figures
}

const pick = (visits: Visit[], key: Exclude<keyof Visit, 'breakdown' | 'cpuTasks'>) =>
  visits.map((one) => one[key])
const cpuCount = (visits: Visit[]) => visits.map((one) => one.cpuTasks.over.length)
/** The worker's heap and its ArrayBuffers (where Chromium says), what the worker holds of the library. */
const workerMemory = (visits: Visit[]) =>
  visits.map((one) => one.workerHeapMb + (Number.isFinite(one.workerBuffersMb) ? one.workerBuffersMb : 0))

interface Metric {
  metric: string
  unit: string
  of: (side: SideRuns) => number[]
  target?: TargetKey
  /** Held to the target at p95 rather than the median. */
  atP95?: boolean
  /** The old sequential loading's figure this stands beside when no earlier build is measured. */
  old?: 'first' | 'whole'
  notes?: (side: SideRuns) => Record<string, number>
}

const visitNotes = (visits: Visit[]) => ({
  long_tasks_max: Math.max(...pick(visits, 'longTasks')),
  longest_task_ms: Math.round(Math.max(...pick(visits, 'longestTask'))),
  heap_mb_max: Math.max(...pick(visits, 'heapMb')),
  worker_heap_mb_max: Math.max(...pick(visits, 'workerHeapMb')),
  worker_buffers_mb_max: Math.max(...pick(visits, 'workerBuffersMb')),
})

const METRICS: Metric[] = [
  {
    metric: 'cold: navigation to first card (nothing kept)',
    unit: 'ms',
    of: (side) => pick(side.cold, 'firstCard'),
    target: 'coldFirst',
    old: 'first',
    notes: (side) => visitNotes(side.cold),
  },
  {
    metric: 'cold: navigation to whole library shown (full count)',
    unit: 'ms',
    of: (side) => pick(side.cold, 'whole'),
    target: 'coldWhole',
    old: 'whole',
  },
  {
    metric: 'warm: reload to first card (library kept)',
    unit: 'ms',
    of: (side) => pick(side.warm, 'firstCard'),
    target: 'warmFirst',
    old: 'first',
    notes: (side) => visitNotes(side.warm),
  },
  {
    metric: 'warm: reload to whole library shown (full count)',
    unit: 'ms',
    of: (side) => pick(side.warm, 'whole'),
    target: 'warmWhole',
    old: 'whole',
  },
  {
    metric: 'cold: main-thread long tasks (> 50 ms) until the whole library is shown',
    unit: 'tasks',
    of: (side) => pick(side.cold, 'longTasks'),
    target: 'coldLongTasks',
  },
  {
    metric: 'warm: main-thread long tasks (> 50 ms) until the whole library is shown',
    unit: 'tasks',
    of: (side) => pick(side.warm, 'longTasks'),
    target: 'warmLongTasks',
  },
  {
    metric: 'warm: file list requests on a reload, to the whole count',
    unit: 'requests',
    of: (side) => pick(side.warm, 'listingRequests'),
  },
  { metric: 'cold: total blocking time', unit: 'ms', of: (side) => pick(side.cold, 'blockingTime') },
  { metric: 'warm: total blocking time', unit: 'ms', of: (side) => pick(side.warm, 'blockingTime') },
  ...(CPU_TASKS
    ? [
        {
          metric: 'cold: tasks over 50 ms of CPU',
          unit: 'tasks',
          of: (side: SideRuns) => cpuCount(side.cold),
        },
        {
          metric: 'warm: tasks over 50 ms of CPU',
          unit: 'tasks',
          of: (side: SideRuns) => cpuCount(side.warm),
        },
      ]
    : []),
  {
    metric: `search: keystroke to painted results (${String(SEARCH_KEYS.length)} keys a run, after a reload, once the worker holds the library)`,
    unit: 'ms',
    of: (side) => side.keystrokes,
    target: 'searchP95',
    atP95: true,
    notes: (side) => ({
      keystrokes: side.keystrokes.length,
      keystrokes_that_changed_nothing: side.unchangedKeystrokes,
      worker_queries: side.queries.length,
      worker_query_p50_ms: Math.round(median(side.queries)),
      worker_query_p95_ms: Math.round(p95(side.queries)),
    }),
  },
  {
    metric: `search: keystroke to painted results (${String(SEARCH_KEYS.length)} keys a run, typed as soon as a reload shows the whole count)`,
    unit: 'ms',
    of: (side) => side.keystrokesWhileLoading,
  },
  {
    metric: "page's JavaScript heap once the whole library is shown (cold and warm visits)",
    unit: 'MB',
    of: (side) => pick([...side.cold, ...side.warm], 'heapMb'),
  },
  {
    metric: "library worker's heap and ArrayBuffers once the whole library is shown (cold and warm visits)",
    unit: 'MB',
    of: (side) => workerMemory([...side.cold, ...side.warm]),
    target: 'workerMemory',
    atP95: true,
  },
  {
    metric:
      "library worker's heap and ArrayBuffers once it holds the library with its search text made (after the first visit and after the reload)",
    unit: 'MB',
    of: (side) => side.held,
    target: 'workerMemory',
    atP95: true,
  },
]

/** One way's figures at one size, each beside the earlier build's same figure, or the old loading's. */
function wayFigures(
  way: Way,
  size: number,
  now: SideRuns,
  before: SideRuns | null,
  old: { first: number; whole: number }[],
): Figure[] {
  const targets = TARGETS[size] ?? {}
  return METRICS.map((one) => {
    const limit = one.target === undefined ? undefined : targets[one.target]
    const held = (done: { median: number; p95: number }) => (one.atP95 ? done.p95 : done.median)
    // "The worker under 300 MB": below, not at.
    const strict = one.target === 'workerMemory'
    const baseline =
      before !== null
        ? {
            baseline: `the same on ${BEFORE_NAME ?? 'the earlier build'}, in this run`,
            baseline_runs: one.of(before),
          }
        : one.old !== undefined && old.length > 0
          ? {
              baseline: `old sequential loading: ${one.old === 'first' ? 'first' : 'last'} /api/media page in hand (fetch loop, no rendering)`,
              baseline_runs: old.map((runs) => runs[one.old ?? 'first']),
            }
          : { baseline: 'none', baseline_runs: [] }
    return figure({
      id: `listing-${way}`,
      metric: one.metric,
      n: size,
      unit: one.unit,
      runs: one.of(now),
      ...baseline,
      ratio_means: 'baseline / median: times faster (or smaller)',
      target:
        limit === undefined
          ? 'none at this size'
          : `${strict ? '<' : '<='} ${limit.toLocaleString('en-US')} ${one.unit}${one.atP95 ? ' at p95' : ''}`,
      met: null,
      meets: (done) => (limit === undefined ? null : strict ? held(done) < limit : held(done) <= limit),
      ...(one.notes === undefined ? {} : { notes: one.notes(now) }),
    })
  })
}

/** The earlier build measured beside this one, and the functions that serve it each way. */
interface EarlierBuild {
  appDir: string
  /** Its checkout, whose `netlify/` and `src/` netlify dev runs (this checkout's when unset). */
  sourceRoot?: string
  /** Its checkout when that has the in-process entry the deployed way loads (this checkout's otherwise). */
  deployedSourceRoot?: string
}

async function earlierBuild(workDir: string): Promise<EarlierBuild | null> {
  let build: EarlierBuild
  if (BEFORE_COMMIT !== undefined) {
    console.log(`Building ${BEFORE_COMMIT}...`)
    build = await buildCommit(BEFORE_COMMIT, join(workDir, 'before'), { minify: !PROFILE })
  } else if (process.env.LISTING_BEFORE !== undefined) {
    build = { appDir: process.env.LISTING_BEFORE, sourceRoot: process.env.LISTING_BEFORE_SOURCE }
  } else return null
  const entry = build.sourceRoot && join(build.sourceRoot, 'tests', 'bench', 'lib', 'server-entry.ts')
  if (entry && existsSync(entry)) build.deployedSourceRoot = build.sourceRoot
  else if (build.sourceRoot && WAYS.includes('deployed'))
    console.log(
      `${build.sourceRoot} has no tests/bench/lib/server-entry.ts: the deployed way serves it with this checkout's functions`,
    )
  return build
}

async function main() {
  const started = performance.now()
  const workDir = await mkdtemp(join(tmpdir(), 'bench-listing-'))
  let browser: Browser | null = null
  try {
    console.log('Building the app...')
    const appDir = await buildApp(join(workDir, 'app'), [], { minify: !PROFILE })
    const before = await earlierBuild(workDir)
    browser = await launchChromium()
    console.log(`Chromium ${browser.version()}, ${String(RUNS)} runs per size, ways: ${WAYS.join(', ')}`)
    const byWay = new Map<Way, Figure[]>()
    for (const size of SIZES)
      for (const [way, figures] of await measureSize(browser, appDir, size, before))
        byWay.set(way, [...(byWay.get(way) ?? []), ...figures])
    for (const [way, figures] of byWay) {
      console.log(
        `\nlisting, ${way === 'dev' ? 'under netlify dev (npm start)' : 'as the deployed site serves it'}:\n`,
      )
      console.log(formatTable(figures))
    }
    console.log(`\nwrote ${await writeFigures('listing', [...byWay.values()].flat())}`)
    console.log(`total ${String(Math.round((performance.now() - started) / 1000))} s`)
  } finally {
    await browser?.close()
    await rm(workDir, { recursive: true, force: true })
  }
}

await main()
