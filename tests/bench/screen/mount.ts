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

/** `MEDIA_PAGE_MARK` of src/features/library/api/get-media.ts (which Node cannot import: it needs a bundler). */
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
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
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
