/**
 * Search: each keystroke of typing a word into the search box and deleting it again, timed from the
 * keydown event to the first frame that shows the new results: the box holds the new text and the
 * results region is no longer marked busy (`aria-busy`, set while a newer query computes), plus a
 * `setTimeout(0)` from that frame's `requestAnimationFrame`, which runs once it has been painted. The
 * baseline is the same keystrokes into a bare `<input>` added to the same page, timed to its first
 * painted frame with the new text. Long tasks and the slowest key event (Event Timing, the INP proxy)
 * are recorded while each side types: "typing never blocked" means none of those tasks.
 *
 * The screen filters on every keystroke (no debounce, in a deferred render); only the URL follows,
 * 300 ms after typing stops (src/features/library/use-search-text.ts), outside the timed keystrokes.
 */
import type { Page } from 'playwright-core'

import { BENCH_RUNS, figure, interleave, median, type Figure } from '../lib/figures.ts'
import { recorder } from './recorder.ts'

export const WORD = 'mountain'
/** Pause between keystrokes once the last one's results are painted. */
const PAUSE_MS = 60
const SEARCH_BOX = 'input[type="search"]'
const BARE_INPUT = '#bench-bare-input'
/** The results region while a newer query is still computing (grid, list or the empty state). */
const BUSY_RESULTS = '.results[aria-busy="true"], .results-state[aria-busy="true"]'

/** Every keystroke of a run with the text the box holds after it: the word typed, then deleted. */
export const KEYSTROKES: readonly { key: string; text: string }[] = [
  ...Array.from(WORD, (letter, i) => ({ key: letter, text: WORD.slice(0, i + 1) })),
  ...Array.from(WORD, (_, i) => ({ key: 'Backspace', text: WORD.slice(0, WORD.length - 1 - i) })),
]

export interface SearchRun {
  /** Keydown to painted results, per keystroke. */
  keystrokes: number[]
  /** What the selection bar counted after each keystroke, to check the results were the right ones. */
  shown: number[]
  longTasks: number
  /** The longest keyboard or input event (Event Timing, 16 ms and over only); 0 when none was that long. */
  slowestEvent: number
}

/** Runs in the page: starts counting long tasks and slow key events. */
function observeTyping() {
  const seen = { longTasks: 0, slowestEvent: 0 }
  const longTasks = new PerformanceObserver((list) => {
    seen.longTasks += list.getEntries().length
  })
  longTasks.observe({ type: 'longtask' })
  const events = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (/^key|input/.test(entry.name)) seen.slowestEvent = Math.max(seen.slowestEvent, entry.duration)
  })
  events.observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit)
  const stop = async () => {
    await new Promise((done) => setTimeout(done, 50))
    seen.longTasks += longTasks.takeRecords().length
    longTasks.disconnect()
    events.disconnect()
    return seen
  }
  Object.assign(window, { __typing: stop })
}

/** Runs in the page: arms the timing of the next keystroke in `selector`. */
function armKeystroke({ selector, text, busy }: { selector: string; text: string; busy: string | null }) {
  const input = document.querySelector<HTMLInputElement>(selector)
  if (input === null) throw new Error(`No ${selector}`)
  const painted = new Promise<number>((resolve, reject) => {
    document.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp
        const frame = () => {
          if (input.value !== text || (busy !== null && document.querySelector(busy) !== null)) {
            if (performance.now() - start > 10_000) reject(new Error(`No results for "${text}"`))
            else requestAnimationFrame(frame)
            return
          }
          setTimeout(() => {
            resolve(performance.now() - start)
          }, 0)
        }
        requestAnimationFrame(frame)
      },
      { capture: true, once: true },
    )
  })
  Object.assign(window, { __keystroke: painted })
}

async function typeAndTime(page: Page, selector: string, results: boolean): Promise<SearchRun> {
  await page.evaluate(observeTyping)
  await page.evaluate((target) => {
    document.querySelector<HTMLInputElement>(target)?.focus()
  }, selector)
  const keystrokes: number[] = []
  const shown: number[] = []
  for (const { key, text } of KEYSTROKES) {
    await page.evaluate(armKeystroke, { selector, text, busy: results ? BUSY_RESULTS : null })
    await page.keyboard.press(key)
    keystrokes.push(
      await page.evaluate(() => (window as unknown as { __keystroke: Promise<number> }).__keystroke),
    )
    if (results) {
      const count = await page.evaluate(
        () => document.querySelector('.selection-bar__shown')?.textContent ?? '',
      )
      shown.push(Number(/^[\d,]+/.exec(count)?.[0].replaceAll(',', '') ?? Number.NaN))
    }
    await page.waitForTimeout(PAUSE_MS)
  }
  const typing = await page.evaluate(() =>
    (
      window as unknown as { __typing: () => Promise<{ longTasks: number; slowestEvent: number }> }
    ).__typing(),
  )
  // Past the search box's 300 ms URL update, so the next run starts on a quiet page.
  await page.waitForTimeout(500)
  return { keystrokes, shown, ...typing }
}

export function searchRun(page: Page): Promise<SearchRun> {
  return typeAndTime(page, SEARCH_BOX, true)
}

export async function bareInputRun(page: Page): Promise<SearchRun> {
  await page.evaluate((id) => {
    if (document.getElementById(id) !== null) return
    const input = document.createElement('input')
    input.id = id
    input.setAttribute('aria-label', 'Bare input')
    Object.assign(input.style, { position: 'fixed', top: '4px', right: '4px', zIndex: '2147483647' })
    document.body.append(input)
  }, BARE_INPUT.slice(1))
  return typeAndTime(page, BARE_INPUT, false)
}

/** How many records the search box should show for `text`: the app's own rule, title, description, author, tags. */
export function expectedMatches(records: readonly Record<string, unknown>[], text: string): number {
  const query = text.trim().toLowerCase()
  if (query === '') return records.length
  return records.filter((record) =>
    [record.title, record.description, record.author, ...(record.tags as string[])]
      .join('\n')
      .toLowerCase()
      .includes(query),
  ).length
}

const sum = (values: readonly number[]) => values.reduce((total, each) => total + each, 0)

/** `page` shows `records` in the grid. */
export async function searchFigure(page: Page, records: readonly Record<string, unknown>[]): Promise<Figure> {
  console.log(
    `search: typing "${WORD}" and deleting it at ${String(records.length)} records, vs a bare input...`,
  )
  // The page's results region starts at the top for typing.
  await page.evaluate(() => {
    document.querySelector('.results')?.scrollTo(0, 0)
  })
  const app = recorder(
    () => searchRun(page),
    (run) => median(run.keystrokes),
  )
  const bare = recorder(
    () => bareInputRun(page),
    (run) => median(run.keystrokes),
  )
  await interleave(BENCH_RUNS, app.next, bare.next)
  // Every keystroke of the timed runs is one sample.
  const timedApp = app.timed()
  const timedBare = bare.timed()
  const expected = KEYSTROKES.map(({ text }) => expectedMatches(records, text))
  const wrongCounts = timedApp.flatMap((run) => run.shown.filter((count, i) => count !== expected[i])).length
  const longTasks = sum(timedApp.map((run) => run.longTasks))
  return figure({
    id: 'search',
    metric: `keystroke to results painted at ${String(records.length / 1000)}k (every keystroke of every run)`,
    n: records.length,
    unit: 'ms',
    runs: timedApp.flatMap((run) => run.keystrokes),
    baseline: 'the same keystrokes into a bare <input> on the same page',
    baseline_runs: timedBare.flatMap((run) => run.keystrokes),
    ratioOf: (measured, baseline) => measured / baseline,
    ratio_means: 'app median / bare input median: how many times a bare keystroke-to-paint it takes',
    target: 'p95 <= 100 ms; typing never blocked (0 long tasks while typing)',
    meets: (done) => done.p95 <= 100 && longTasks === 0,
    met: null,
    notes: {
      keystrokes: `"${WORD}" typed then deleted: ${String(KEYSTROKES.length)} per run, ${String(timedApp.length)} runs`,
      debounce: 'none: every keystroke filters (deferred render); the URL follows 300 ms after typing stops',
      'long tasks while typing (all runs)': longTasks,
      'long tasks while typing, bare input': sum(timedBare.map((run) => run.longTasks)),
      'slowest key event, app (ms, Event Timing, 0 = none over 16)': Math.max(
        ...timedApp.map((run) => run.slowestEvent),
      ),
      'slowest key event, bare (ms)': Math.max(...timedBare.map((run) => run.slowestEvent)),
      'result counts that differed from the expected': wrongCounts,
    },
  })
}
