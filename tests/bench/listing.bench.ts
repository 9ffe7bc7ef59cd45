/**
 * Listing benchmark, from where the user starts: the production build served by `netlify dev` over a
 * seeded library, opened in Debian's Chromium. For each size it times navigation to the first card and
 * to the whole library (the count line showing every file), cold (a fresh profile: empty IndexedDB) and
 * warm (a reload of the same profile), and counts the main thread's long tasks (PerformanceObserver
 * 'longtask', over 50 ms) until the whole library is shown, and then the page's JavaScript heap and the
 * library worker's (`workerHeapInUse`, through the page's DevTools session attached to its worker).
 * After the reload, search keystroke to paint: twelve letters, each typed over the query before it, timed
 * from keydown to the frame after the count line or the first card changed (p50 and p95): typed as soon
 * as the count is whole (the kept library answers it while the worker may still be taking the library
 * in), then again once the worker holds the library and has made its search text (`listing:prepared`),
 * which is the figure held to the target. Beside it, in the same run and interleaved run by run, the old sequential loading: a page-side fetch loop
 * following `GET /api/media` cursors as the old client did (2,000 records, then 5,000 per page), timed to
 * its first page and to its last.
 * Prints and writes tests/bench/results/listing.json; asserts nothing.
 *
 *   node_modules/.bin/node tests/bench/listing.bench.ts
 *   LISTING_SIZES=1000000 BENCH_RUNS=1 LISTING_BASELINE=0 node_modules/.bin/node tests/bench/listing.bench.ts
 *   LISTING_SIZES=100000 BENCH_RUNS=1 LISTING_BEFORE=/tmp/earlier-build node_modules/.bin/node tests/bench/listing.bench.ts
 *
 * Each size has its own targets (`TARGETS`); the table prints each beside its figure, met or not. The
 * library is seeded as shard files written straight into netlify dev's Blobs directory, made once per
 * size and reused (lib/seed-records.ts `seedShardFiles`): a million records take about 10 s the first
 * time. At a million the old loading is left out (`LISTING_BASELINE=0`): 200 sequential calls a run.
 *
 * Each visit is also broken down (lib/listing-breakdown.ts): navigation -> main script run -> listing
 * worker started -> kept first page read -> first page request sent -> its answer -> records posted and
 * received -> first card -> last page -> whole count, and each long task with the app's `listing:*`
 * measures inside it (receiving records, showing a list, indexing, querying, the screen's render).
 * `LISTING_BEFORE` names an earlier build (tests/bench/lib/build-app.ts) measured in the same run, on a
 * second netlify dev over the same library, before this build in each run.
 *
 * The latest figures, and what sets each, are in tests/bench/README.md (listing) and the README's
 * "Library size" (10,000 to 1,000,000 files, with the page's and the worker's heap and search).
 *
 * Under netlify dev every function call runs in a fresh worker thread (about 0.7-1 s each, about 1.3
 * calls a second whatever the concurrency), so the number of calls sets the floor: the old loading makes
 * 21 calls one after the other at 100,000 files, the new one 6, the first alone and then the other 5 at
 * once, one answer a page (decision 0055).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { Browser, BrowserContext, Page, Worker } from 'playwright-core'

import { removeProjectDir, type NetlifyDev } from '../support/netlify-dev.ts'
import { buildApp } from './lib/build-app.ts'
import { launchChromium } from './lib/chromium.ts'
import { figure, median, p95, report, RESULTS_DIR, type Figure } from './lib/figures.ts'
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
import { startSeeded } from './lib/seeded-dev.ts'

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3))
const SIZES = (process.env.LISTING_SIZES ?? '10000,100000').split(',').map(Number)
/** `LISTING_BASELINE=0` leaves out the old loading (for the ceiling run, where it takes minutes a run). */
const BASELINE = process.env.LISTING_BASELINE !== '0'
/**
 * `LISTING_BEFORE=<dir>`: an earlier build of the app (tests/bench/lib/build-app.ts) measured in the same
 * run, interleaved with this one on a second netlify dev over the same library, for before and after.
 */
const BEFORE_APP = process.env.LISTING_BEFORE
/**
 * `LISTING_BEFORE_SOURCE=<checkout>`: the earlier build's own functions (that checkout's `netlify/` and
 * `src/`) serve it, so a change to the server is measured too; without it both sides run this
 * checkout's functions.
 */
const BEFORE_SOURCE = process.env.LISTING_BEFORE_SOURCE
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
  await go()
  await page.waitForFunction(
    () => (window as unknown as { __listing?: { whole?: number } }).__listing?.whole !== undefined,
    undefined,
    { timeout: visitTimeout(size), polling: 100 },
  )
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
  | 'pageHeap'
  | 'workerHeap'

/** The targets by library size (ms, tasks, MB); a figure without one prints 'none at this size'. */
const TARGETS: Record<number, Partial<Record<TargetKey, number>>> = {
  10_000: { coldFirst: 1_000 },
  100_000: {
    coldFirst: 1_000,
    coldWhole: 5_000,
    warmFirst: 300,
    warmWhole: 1_000,
    coldLongTasks: 0,
    warmLongTasks: 0,
  },
  1_000_000: { warmFirst: 500, searchP95: 100, pageHeap: 100 },
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
  dev: NetlifyDev,
  size: number,
  label: string,
): Promise<{
  cold: Visit
  warm: Visit
  search: Keystrokes
  searchWhileLoading: Keystrokes
}> {
  const context = await browser.newContext()
  try {
    await context.addInitScript(watchScreen, size)
    const page = await context.newPage()
    const worker = followListingWorker(page)
    let coldProfiler: (() => Promise<CpuProfile>) | null = null
    if (PROFILE_COLD) {
      await context.addInitScript(markProfileClock)
      await page.goto(`${dev.baseUrl}/api/access`)
      coldProfiler = await startProfiler(context, page)
    }
    if (WINDOW_SETTLE_MS > 0) await page.waitForTimeout(WINDOW_SETTLE_MS)
    const cold = await visit(page, worker, () => page.goto(dev.baseUrl), size)
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
    const search = await searchKeystrokes(page, worker())
    printSearch('once the worker holds the library', search)
    return { cold, warm, search, searchWhileLoading }
  } finally {
    await context.close()
  }
}

async function measureSize(browser: Browser, appDir: string, size: number): Promise<Figure[]> {
  const dev = await startSeeded(appDir, size)
  const beforeDev = BEFORE_APP === undefined ? null : await startSeeded(BEFORE_APP, size, BEFORE_SOURCE)
  const cold: Visit[] = []
  const warm: Visit[] = []
  const beforeCold: Visit[] = []
  const beforeWarm: Visit[] = []
  const old: { first: number; whole: number }[] = []
  const keystrokes: number[] = []
  const queries: number[] = []
  let unchangedKeystrokes = 0
  const keystrokesWhileLoading: number[] = []
  try {
    for (let run = 0; run < RUNS; run++) {
      console.log(`  run ${String(run + 1)}`)
      if (BASELINE) {
        const context = await browser.newContext()
        old.push(await sequential(context, dev.baseUrl))
        await context.close()
        console.log(`  old: ${JSON.stringify(old.at(-1))}`)
      } else old.push({ first: Number.NaN, whole: Number.NaN })
      if (beforeDev !== null) {
        const visits = await coldAndWarm(browser, beforeDev, size, 'before')
        beforeCold.push(visits.cold)
        beforeWarm.push(visits.warm)
      }
      const visits = await coldAndWarm(browser, dev, size, 'this build')
      cold.push(visits.cold)
      warm.push(visits.warm)
      keystrokes.push(...visits.search.times)
      queries.push(...visits.search.queries)
      unchangedKeystrokes += visits.search.unchanged
      keystrokesWhileLoading.push(...visits.searchWhileLoading.times)
    }
  } finally {
    for (const one of [dev, beforeDev]) {
      if (one === null) continue
      await one.stop()
      await removeProjectDir(one.dir)
    }
  }
  const common = { id: 'listing', n: size, unit: 'ms', ratio_means: 'baseline / median: times faster' }
  const pick = (visits: Visit[], key: Exclude<keyof Visit, 'breakdown' | 'cpuTasks'>) =>
    visits.map((one) => one[key])
  const cpuCount = (visits: Visit[]) => visits.map((one) => one.cpuTasks.over.length)
  const notes = (visits: Visit[]) => ({
    long_tasks_max: Math.max(...pick(visits, 'longTasks')),
    longest_task_ms: Math.round(Math.max(...pick(visits, 'longestTask'))),
    heap_mb_max: Math.max(...pick(visits, 'heapMb')),
    worker_heap_mb_max: Math.max(...pick(visits, 'workerHeapMb')),
    worker_buffers_mb_max: Math.max(...pick(visits, 'workerBuffersMb')),
  })
  const oldFirst = old.map((one) => one.first)
  const oldWhole = old.map((one) => one.whole)
  const targets = TARGETS[size] ?? {}
  /** The target's words and its check, against the median unless `of` says otherwise. */
  const target = (
    key: TargetKey,
    unit = 'ms',
    of: (done: { median: number; p95: number }) => number = (done) => done.median,
  ) => {
    const limit = targets[key]
    if (limit === undefined) return { target: 'none at this size', met: null, meets: () => null }
    return {
      target: `<= ${limit.toLocaleString('en-US')} ${unit}`,
      met: null,
      meets: (done: { median: number; p95: number }) => of(done) <= limit,
    }
  }
  const both = [...cold, ...warm]
  const figures = [
    figure({
      ...common,
      metric: 'cold: navigation to first card (empty IndexedDB)',
      runs: pick(cold, 'firstCard'),
      baseline: 'old sequential loading: first /api/media page in hand (fetch loop, no rendering)',
      baseline_runs: oldFirst,
      ...target('coldFirst'),
      notes: notes(cold),
    }),
    figure({
      ...common,
      metric: 'cold: navigation to whole library shown (full count)',
      runs: pick(cold, 'whole'),
      baseline: 'old sequential loading: last /api/media page in hand (fetch loop, no rendering)',
      baseline_runs: oldWhole,
      ...target('coldWhole'),
      notes: notes(cold),
    }),
    figure({
      ...common,
      metric: 'warm: reload to first card (library kept in IndexedDB)',
      runs: pick(warm, 'firstCard'),
      baseline: 'old sequential loading: first /api/media page in hand (fetch loop, no rendering)',
      baseline_runs: oldFirst,
      ...target('warmFirst'),
      notes: notes(warm),
    }),
    figure({
      ...common,
      metric: 'warm: reload to whole library shown (full count)',
      runs: pick(warm, 'whole'),
      baseline: 'old sequential loading: last /api/media page in hand (fetch loop, no rendering)',
      baseline_runs: oldWhole,
      ...target('warmWhole'),
      notes: notes(warm),
    }),
    figure({
      ...common,
      unit: 'tasks',
      metric: 'main-thread long tasks (> 50 ms) until the whole library is shown, cold',
      runs: pick(cold, 'longTasks'),
      baseline: 'the same count on a warm reload',
      baseline_runs: pick(warm, 'longTasks'),
      ratio_means: 'baseline / median',
      ...target('coldLongTasks', 'tasks'),
      notes: notes(cold),
    }),
    figure({
      ...common,
      unit: 'tasks',
      metric: 'main-thread long tasks (> 50 ms) until the whole library is shown, warm',
      runs: pick(warm, 'longTasks'),
      baseline: 'the same count on the cold visit',
      baseline_runs: pick(cold, 'longTasks'),
      ratio_means: 'baseline / median',
      ...target('warmLongTasks', 'tasks'),
      notes: notes(warm),
    }),
    figure({
      ...common,
      metric: `search: keystroke to painted results (${String(SEARCH_KEYS.length)} keys a run, after a reload, once the worker holds the library)`,
      runs: keystrokes,
      baseline: 'none in this suite (the old loading had no search of its own)',
      baseline_runs: [],
      ...target('searchP95', 'ms at p95', (done) => done.p95),
      notes: {
        keystrokes: keystrokes.length,
        keystrokes_that_changed_nothing: unchangedKeystrokes,
        worker_queries: queries.length,
        worker_query_p50_ms: Math.round(median(queries)),
        worker_query_p95_ms: Math.round(p95(queries)),
      },
    }),
    figure({
      ...common,
      metric: `search: keystroke to painted results (${String(SEARCH_KEYS.length)} keys a run, typed as soon as a reload shows the whole count)`,
      runs: keystrokesWhileLoading,
      baseline: 'none in this suite',
      baseline_runs: [],
      target: 'none: the worker may still be taking the library in',
      met: null,
    }),
    figure({
      ...common,
      unit: 'MB',
      metric: "page's JavaScript heap once the whole library is shown (cold and warm visits)",
      runs: pick(both, 'heapMb'),
      baseline: "the library worker's heap in the same visits",
      baseline_runs: pick(both, 'workerHeapMb'),
      ratio_means: 'baseline / median: worker heap per MB of page heap',
      ...target('pageHeap', 'MB', (done) => Math.max(done.median, done.p95)),
      notes: notes(both),
    }),
    figure({
      ...common,
      unit: 'MB',
      metric: "library worker's JavaScript heap once the whole library is shown (cold and warm visits)",
      runs: pick(both, 'workerHeapMb'),
      baseline: "the worker's ArrayBuffer backing stores in the same visits",
      baseline_runs: pick(both, 'workerBuffersMb'),
      ratio_means: 'baseline / median',
      ...target('workerHeap', 'MB'),
      notes: notes(both),
    }),
  ]
  if (BEFORE_APP === undefined) return figures
  const against = (metric: string, runs: number[], beforeRuns: number[], unit = 'ms') =>
    figure({
      ...common,
      unit,
      metric: `${metric}, against the earlier build`,
      runs,
      baseline: 'the same on the LISTING_BEFORE build, interleaved in this run',
      baseline_runs: beforeRuns,
      target: 'faster than before',
      met: null,
      meets: () => null,
    })
  return [
    ...figures,
    against('cold first card', pick(cold, 'firstCard'), pick(beforeCold, 'firstCard')),
    against('cold whole library', pick(cold, 'whole'), pick(beforeCold, 'whole')),
    against('warm first card', pick(warm, 'firstCard'), pick(beforeWarm, 'firstCard')),
    against('warm whole library', pick(warm, 'whole'), pick(beforeWarm, 'whole')),
    against('cold long tasks', pick(cold, 'longTasks'), pick(beforeCold, 'longTasks'), 'tasks'),
    against('warm long tasks', pick(warm, 'longTasks'), pick(beforeWarm, 'longTasks'), 'tasks'),
    against('cold total blocking time', pick(cold, 'blockingTime'), pick(beforeCold, 'blockingTime')),
    against('warm total blocking time', pick(warm, 'blockingTime'), pick(beforeWarm, 'blockingTime')),
    ...(CPU_TASKS
      ? [
          against('cold tasks over 50 ms of CPU', cpuCount(cold), cpuCount(beforeCold), 'tasks'),
          against('warm tasks over 50 ms of CPU', cpuCount(warm), cpuCount(beforeWarm), 'tasks'),
        ]
      : []),
  ]
}

async function main() {
  const started = performance.now()
  const workDir = await mkdtemp(join(tmpdir(), 'bench-listing-'))
  let browser: Browser | null = null
  try {
    console.log('Building the app...')
    const appDir = await buildApp(join(workDir, 'app'), [], { minify: !PROFILE })
    browser = await launchChromium()
    console.log(`Chromium ${browser.version()}, ${String(RUNS)} runs per size`)
    const figures: Figure[] = []
    for (const size of SIZES) figures.push(...(await measureSize(browser, appDir, size)))
    await report('listing', figures)
    console.log(`total ${String(Math.round((performance.now() - started) / 1000))} s`)
  } finally {
    await browser?.close()
    await rm(workDir, { recursive: true, force: true })
  }
}

await main()
