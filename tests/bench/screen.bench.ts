/**
 * Screen benchmark in real Chromium: the production build of the app against a naive build of the same
 * app (every card and row in the DOM), at 10,000 and 50,000 seeded records served by intercepted API
 * calls. Prints a table of figures; asserts nothing.
 *
 *   npx node tests/bench/screen.bench.ts            (both sizes)
 *   BENCH_SIZES=10000 npx node tests/bench/screen.bench.ts
 */
import { createServer, type Server } from 'node:http'
import { readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve } from 'node:path'

import { chromium, type Browser, type Page } from 'playwright-core'
import { build } from 'vite'

import { BENCH_MEDIA_HOST, benchFolders, benchRecords } from './screen-data.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const OUT = '/tmp/media-file-manager-bench'
const SIZES = (process.env.BENCH_SIZES ?? '10000,50000').split(',').map(Number)
/** A naive render of 50,000 cards takes many seconds per step; a step that exceeds this is reported as such. */
const STEP_TIMEOUT_MS = 45_000
const KEYS = ['s', 'u', 'Backspace', 'Backspace']
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
]

type Variant = 'virtualized' | 'naive'

async function buildVariant(variant: Variant): Promise<string> {
  const outDir = join(OUT, variant)
  const naive = resolve(import.meta.dirname, 'screen-naive.ts')
  await build({
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, sourcemap: false },
    resolve:
      variant === 'naive'
        ? {
            alias: [
              { find: /^\.\/media-grid$/, replacement: naive },
              { find: /^\.\/media-list$/, replacement: naive },
            ],
          }
        : {},
  })
  return outDir
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
}

/** A static server for one build, answering unknown paths with index.html like the deployed site. */
async function serve(directory: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname))
    const file = join(directory, path)
    const send = (body: Buffer, type: string) => {
      response.writeHead(200, { 'Content-Type': type })
      response.end(body)
    }
    readFile(file)
      .then((body) => {
        send(body, TYPES[extname(file)] ?? 'application/octet-stream')
      })
      .catch(() =>
        readFile(join(directory, 'index.html')).then((body) => {
          send(body, 'text/html')
        }),
      )
      .catch(() => {
        response.writeHead(500).end()
      })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return { server, origin: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}` }
}

/** `GET /api/media` over seeded records, paged like the API: `cursor` is an offset here, `limit` defaults to 2,000. */
function mediaApi(records: readonly unknown[]): (url: string) => string {
  return (url) => {
    const query = new URL(url).searchParams
    const start = Number(query.get('cursor') ?? 0)
    const end = start + Number(query.get('limit') ?? 2000)
    return JSON.stringify({
      records: records.slice(start, end),
      next: end < records.length ? String(end) : null,
    })
  }
}

/** Runs in the page before the app: marks the first painted card and keeps slow input events. */
function instrument() {
  const bench = { firstCard: null as number | null, events: [] as number[] }
  Object.assign(window, { __bench: bench })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name.startsWith('key')) bench.events.push(entry.duration)
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
  const observer = new MutationObserver(() => {
    if (document.querySelector('.card') === null) return
    observer.disconnect()
    requestAnimationFrame(() => {
      setTimeout(() => {
        bench.firstCard = performance.now()
      }, 0)
    })
  })
  document.addEventListener('DOMContentLoaded', () => {
    observer.observe(document.body, { childList: true, subtree: true })
  })
}

/** Milliseconds from the next input event to the first frame with no query pending (`aria-busy`). */
async function timeToSettled(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const state = { start: Number.NaN }
    Object.assign(window, { __step: state })
    const mark = (event: Event) => {
      state.start = event.timeStamp
    }
    document.addEventListener('keydown', mark, { capture: true, once: true })
    document.addEventListener('click', mark, { capture: true, once: true })
  })
  await act()
  return page.evaluate(
    (timeout) =>
      new Promise<number>((done, fail) => {
        const state = (window as unknown as { __step: { start: number } }).__step
        const frame = () => {
          if (performance.now() - state.start > timeout) {
            fail(new Error('timeout'))
            return
          }
          if (Number.isNaN(state.start) || document.querySelector('[aria-busy="true"]') !== null) {
            requestAnimationFrame(frame)
            return
          }
          setTimeout(() => {
            done(performance.now() - state.start)
          }, 0)
        }
        requestAnimationFrame(frame)
      }),
    STEP_TIMEOUT_MS,
  )
}

/**
 * Clicks from inside the page: Playwright's own click first waits for the element to hold still across
 * frames, which on a page busy rendering thousands of cards measures the wait rather than the click.
 */
async function clickIn(page: Page, selector: string): Promise<void> {
  await page.evaluate((target) => {
    document.querySelector<HTMLElement>(target)?.click()
  }, selector)
}

/** Frame-to-frame times while the file list scrolls by `step` pixels a frame for `duration` ms. */
function scrollFrames(page: Page, duration: number, step: number): Promise<number[]> {
  return page.evaluate(
    ([ms, px]) =>
      new Promise<number[]>((done) => {
        const list = document.querySelector('.results')
        const deltas: number[] = []
        let last: number | null = null
        let begin: number | null = null
        const frame = (time: number) => {
          begin ??= time
          if (last !== null) deltas.push(time - last)
          last = time
          if (list) list.scrollTop += px
          if (time - begin < ms) requestAnimationFrame(frame)
          else done(deltas)
        }
        requestAnimationFrame(frame)
      }),
    [duration, step] as const,
  )
}

type Figures = Record<string, string>

const ms = (value: number) => `${value.toFixed(0)} ms`
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? Number.NaN

/**
 * Runs the named measurements of one page in order. Once one runs out of time the page is still busy
 * rendering, so the later ones are reported as skipped rather than measured on a page that is stuck.
 */
function stepper(figures: Figures) {
  let stuck = false
  return async (name: string, run: () => Promise<string>): Promise<void> => {
    if (stuck) {
      figures[name] = 'skipped (page still busy)'
      return
    }
    try {
      figures[name] = await run()
    } catch (error) {
      const timedOut = error instanceof Error && /timeout|exceeded/i.test(error.message)
      stuck ||= timedOut
      figures[name] = timedOut ? `> ${ms(STEP_TIMEOUT_MS)}` : 'failed'
      console.error(`  ${name}:`, error instanceof Error ? error.message.split('\n')[0] : error)
    }
  }
}

async function measure(
  browser: Browser,
  origin: string,
  count: number,
  answer: (url: string) => string,
): Promise<Figures> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  const page = await context.newPage()
  page.setDefaultTimeout(STEP_TIMEOUT_MS)
  await page.addInitScript(instrument)
  await page.route('**/api/media**', (route) =>
    route.fulfill({ contentType: 'application/json', body: answer(route.request().url()) }),
  )
  await page.route('**/api/folder-list', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify(benchFolders()) }),
  )
  await page.route(`${BENCH_MEDIA_HOST}/**`, (route) =>
    route.fulfill({ contentType: 'image/png', body: PNG_1PX }),
  )
  const figures: Figures = {}
  const step = stepper(figures)
  const total = `${count.toLocaleString('en-US').replace(/,/g, '')} files`

  await page.goto(origin, { waitUntil: 'commit' })
  await step('first painted grid (first page)', async () => {
    const handle = await page.waitForFunction(
      () => (window as unknown as { __bench: { firstCard: number | null } }).__bench.firstCard,
    )
    return ms(Number(await handle.jsonValue()))
  })
  await step('all pages loaded and painted', async () => {
    const handle = await page.waitForFunction(
      (text) => document.querySelector('.selection-bar__shown')?.textContent === text && performance.now(),
      total,
      { polling: 'raf' },
    )
    return ms(Number(await handle.jsonValue()))
  })

  const search = page.getByPlaceholder('Search files...')
  await search.focus()
  await step('keystroke to results (median / max)', async () => {
    const times: number[] = []
    for (const key of KEYS) times.push(await timeToSettled(page, () => page.keyboard.press(key)))
    return `${ms(median(times))} / ${ms(Math.max(...times))}`
  })
  await step('slowest key event (INP proxy)', async () => {
    const events = await page.evaluate(
      () => (window as unknown as { __bench: { events: number[] } }).__bench.events,
    )
    return events.length === 0 ? '< 16 ms' : ms(Math.max(...events))
  })
  await step('sort direction toggle (grid)', async () => {
    const times: number[] = []
    for (let i = 0; i < 2; i++) {
      times.push(
        await timeToSettled(page, () =>
          clickIn(page, 'button[aria-label="Sort ascending"], button[aria-label="Sort descending"]'),
        ),
      )
    }
    return times.map(ms).join(', ')
  })
  await step('scroll frames (mean / p95 / max, long)', async () => {
    const deltas = await scrollFrames(page, 2000, 150)
    const mean = deltas.reduce((sum, each) => sum + each, 0) / deltas.length
    const long = deltas.filter((each) => each > 50).length
    return `${mean.toFixed(1)} / ${percentile(deltas, 0.95).toFixed(1)} / ${Math.max(...deltas).toFixed(0)} ms, ${String(long)} > 50 ms`
  })
  await step('list view: first Date sort, then toggle', async () => {
    await page.getByRole('button', { name: 'List' }).click()
    await page.waitForSelector('.file-table__row')
    const header = 'th:nth-child(5) .file-table__sort'
    const first = await timeToSettled(page, () => clickIn(page, header))
    const second = await timeToSettled(page, () => clickIn(page, header))
    return `${ms(first)}, ${ms(second)}`
  })
  await context.close()
  return figures
}

async function main() {
  const started = performance.now()
  console.log('Building the app and its naive variant...')
  const builds = { virtualized: await buildVariant('virtualized'), naive: await buildVariant('naive') }
  const servers = { virtualized: await serve(builds.virtualized), naive: await serve(builds.naive) }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
  const version = browser.version()
  const columns: { title: string; figures: Figures }[] = []
  try {
    for (const count of SIZES) {
      const answer = mediaApi(benchRecords(count))
      for (const variant of ['virtualized', 'naive'] as const) {
        console.log(`Measuring ${variant} at ${String(count)} records...`)
        columns.push({
          title: `${String(count / 1000)}k ${variant}`,
          figures: await measure(browser, servers[variant].origin, count, answer),
        })
      }
    }
  } finally {
    await browser.close()
    for (const { server } of Object.values(servers)) server.close()
  }
  const rows = [...new Set(columns.flatMap((column) => Object.keys(column.figures)))]
  const width = Math.max(...rows.map((row) => row.length))
  const cell = (text: string) => text.padEnd(34)
  console.log(`\n${''.padEnd(width)} | ${columns.map((column) => cell(column.title)).join(' | ')}`)
  console.log(`${'-'.repeat(width)}-|-${columns.map(() => '-'.repeat(34)).join('-|-')}`)
  for (const row of rows) {
    console.log(
      `${row.padEnd(width)} | ${columns.map((column) => cell(column.figures[row] ?? '-')).join(' | ')}`,
    )
  }
  console.log(
    `\nChromium ${version}, total run ${String(Math.round((performance.now() - started) / 1000))} s`,
  )
}

await main()
