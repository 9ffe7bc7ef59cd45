/**
 * Mount: how long the grid takes from the moment the list is in hand to its first painted frame, in a
 * fresh page each run.
 *
 * - Start: the User Timing mark the app sets when a page of `/api/media` has been read, parsed and
 *   validated (`MEDIA_PAGE_MARK`, just before SWR stores it). Page load and the network are before it.
 * - End: the first `requestAnimationFrame` after the first `.card` is in the DOM, plus a `setTimeout(0)`
 *   queued from it, which runs once that frame has been painted.
 *
 * The whole list arrives as one page (app-server.ts), so mount includes indexing every record.
 */
import type { Browser } from 'playwright-core'

import { BENCH_RUNS, figure, interleave, median, round, type Figure } from '../lib/figures.ts'
import type { AppServer } from './app-server.ts'
import { VIEWPORT } from './page.ts'
import { recorder } from './recorder.ts'

/** `MEDIA_PAGE_MARK` of src/features/library/listing/listing-store.ts (which Node cannot import: it needs a bundler). */
const MEDIA_PAGE_MARK = 'media-page-ready'

export interface MountSample {
  /** Data in hand to first painted frame. */
  mountMs: number
  /** `fetch` resolved to data in hand: reading the body, JSON.parse and the schema check. */
  readMs: number
  domNodes: number
  cards: number
}

interface MountTimes {
  response: number | null
  ready: number | null
  painted: number | null
}

/** Runs in the page before the app's own code. */
function instrumentMount(markName: string) {
  const times: MountTimes = { response: null, ready: null, painted: null }
  Object.assign(window, { __mount: times })
  const originalFetch = window.fetch.bind(window)
  window.fetch = async (input, init) => {
    const response = await originalFetch(input, init)
    if (response.url.includes('/api/media')) times.response ??= performance.now()
    return response
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === markName) times.ready ??= entry.startTime
  }).observe({ type: 'mark' })
  const cards = new MutationObserver(() => {
    if (document.querySelector('.card') === null) return
    cards.disconnect()
    requestAnimationFrame(() => {
      setTimeout(() => {
        times.painted = performance.now()
      }, 0)
    })
  })
  document.addEventListener('DOMContentLoaded', () => {
    cards.observe(document.body, { childList: true, subtree: true })
  })
}

/** Longest wait for the list to arrive and be read: 100,000 records are about 40 MB of JSON. */
const LOAD_TIMEOUT_MS = 60_000
/** Pause after the first painted frame before counting nodes, so rows added by a second layout count. */
const SETTLE_MS = 300

/**
 * One mount in a fresh page; null when the grid has not painted `capMs` after the data was in hand.
 * Closing a page still stuck in a render waits for the render to end: the naive render of 100,000
 * cards went on for minutes and past 10 GB, which is why the benchmark does not attempt it.
 */
export async function mountOnce(
  browser: Browser,
  origin: string,
  capMs: number,
): Promise<MountSample | null> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    const page = await context.newPage()
    await page.addInitScript(instrumentMount, MEDIA_PAGE_MARK)
    await page.goto(origin, { waitUntil: 'commit' })
    // Functions passed to the page run there: each reads the page's own `__mount`.
    await page.waitForFunction(
      () => (window as unknown as { __mount: MountTimes }).__mount.ready !== null,
      undefined,
      { timeout: LOAD_TIMEOUT_MS },
    )
    try {
      await page.waitForFunction(
        () => (window as unknown as { __mount: MountTimes }).__mount.painted !== null,
        undefined,
        { timeout: capMs },
      )
    } catch (error) {
      console.error(
        `  not painted within ${String(capMs)} ms:`,
        error instanceof Error ? error.message.split('\n')[0] : error,
      )
      return null
    }
    await page.waitForTimeout(SETTLE_MS)
    const { times, domNodes, cards } = await page.evaluate(() => ({
      times: (window as unknown as { __mount: MountTimes }).__mount,
      domNodes: document.querySelectorAll('*').length,
      cards: document.querySelectorAll('.card').length,
    }))
    const ready = times.ready ?? Number.NaN
    return {
      mountMs: (times.painted ?? Number.NaN) - ready,
      readMs: ready - (times.response ?? Number.NaN),
      domNodes,
      cards,
    }
  } finally {
    await context.close()
  }
}

/** The naive render of 10,000 cards takes about 10 s here; past this a run counts as this long. */
const NAIVE_CAP_MS = 60_000
const MOUNT_TARGET_MS = 100

/** The three mount figures: the app at 10k against the naive render, the app at 100k, and the DOM size. */
export async function mountFigures(
  browser: Browser,
  servers: { app10k: AppServer; app100k: AppServer; naive10k: AppServer },
  sizes: { small: number; large: number },
): Promise<Figure[]> {
  const { small, large } = sizes
  /** Mounts in a fresh page of one server; a run that did not paint within `cap` counts as `cap`. */
  const mounts = (server: AppServer, cap: number) =>
    recorder(
      () => mountOnce(browser, server.origin, cap),
      (sample) => sample?.mountMs ?? cap,
    )
  const painted = (samples: (MountSample | null)[]) => samples.filter((each) => each !== null)

  console.log(`mount: ${String(small)} records, app vs naive (about 10 s per naive run)...`)
  const app10k = mounts(servers.app10k, NAIVE_CAP_MS)
  const naive10k = mounts(servers.naive10k, NAIVE_CAP_MS)
  const smallTimes = await interleave(BENCH_RUNS, app10k.next, naive10k.next)

  console.log(`mount: ${String(large)} records, app...`)
  const app100k = mounts(servers.app100k, NAIVE_CAP_MS)
  await app100k.next() // the warm-up
  const largeTimes = { runs: [] as number[], baseline_runs: smallTimes.baseline_runs }
  for (let run = 0; run < BENCH_RUNS; run++) largeTimes.runs.push(await app100k.next())

  const smallApp = painted(app10k.timed())
  const smallNaive = painted(naive10k.timed())
  const largeApp = painted(app100k.timed())
  const readMs = (samples: MountSample[]) => round(median(samples.map((each) => each.readMs)))
  const nodes = (samples: MountSample[]) => samples.map((each) => each.domNodes)
  const definition =
    'from the media page in hand (read, parsed, validated) to the first painted frame with cards'
  const naiveSmallCapped = smallTimes.baseline_runs.filter((ms) => ms >= NAIVE_CAP_MS).length
  return [
    figure({
      id: 'mount',
      metric: `grid mount at ${String(small / 1000)}k: data in hand to first painted frame`,
      n: small,
      unit: 'ms',
      ...smallTimes,
      baseline: `naive render of all ${String(small / 1000)}k cards, same build with the grid swapped`,
      ratio_means: 'naive time / app time: how many times faster than rendering every card',
      target: '>= 30x (the ratio is taken at 10k)',
      meets: (done) => done.ratio >= 30,
      met: null,
      notes: {
        definition,
        'fetch resolved to data in hand (ms, app median)': readMs(smallApp),
        'DOM nodes (app)': median(nodes(smallApp)),
        'DOM nodes (naive)': median(nodes(smallNaive)),
        'naive runs capped': naiveSmallCapped,
      },
    }),
    figure({
      id: 'mount',
      metric: `grid mount at ${String(large / 1000)}k: data in hand to first painted frame`,
      n: large,
      unit: 'ms',
      ...largeTimes,
      baseline: `naive render of ${String(small / 1000)}k cards, the runs above (at 100k it took minutes and over 10 GB)`,
      ratio_means: 'naive 10k time / app 100k time: a lower bound of the ratio at 100k',
      target: `<= ${String(MOUNT_TARGET_MS)} ms at 100k`,
      meets: (done) => done.median <= MOUNT_TARGET_MS,
      met: null,
      notes: {
        definition,
        'fetch resolved to data in hand (ms, median)': readMs(largeApp),
      },
    }),
    figure({
      id: 'mount',
      metric: `DOM nodes after mount, ${String(large / 1000)}k vs ${String(small / 1000)}k`,
      n: large,
      unit: 'nodes',
      runs: nodes(largeApp),
      baseline: `the same grid at ${String(small / 1000)}k`,
      baseline_runs: nodes(smallApp),
      ratioOf: (measured, baseline) => measured / baseline,
      ratio_means: 'nodes at 100k / nodes at 10k: 1 means independent of N',
      target: 'DOM nodes independent of N',
      meets: (done) => done.ratio <= 1.05,
      met: null,
      notes: {
        'cards in the DOM at 100k': median(largeApp.map((each) => each.cards)),
        'DOM nodes of the naive render at 10k': median(nodes(smallNaive)),
      },
    }),
  ]
}
