/**
 * Scroll: three seconds of scripted scrolling of the 100,000-file grid, `SCROLL_STEP_PX` further every
 * animation frame, with the time between frames taken from `requestAnimationFrame`. The baseline is an
 * empty scroll container of the grid's size and scroll height, laid over it on the same page and
 * scrolled the same way. Each run starts further down, on rows (and thumbnails) not yet seen.
 */
import type { Page } from 'playwright-core'

import { BENCH_RUNS, figure, interleave, median, percentile, round, type Figure } from '../lib/figures.ts'
import { recorder } from './recorder.ts'

export const SCROLL_MS = 3000
/** About one row of cards per frame (rows are 372 px): a fast, sustained scroll. */
export const SCROLL_STEP_PX = 300
/** Where run k starts: k times this far down, so no run scrolls over rows an earlier one loaded. */
const RUN_SPACING_PX = 150_000

export interface ScrollRun {
  /** Milliseconds between consecutive frames. */
  intervals: number[]
  /** Main-thread long tasks (over 50 ms) during the scroll. */
  longTasks: number
}

/** Runs in the page. */
function scrollAndTime({
  target,
  start,
  duration,
  step,
}: {
  target: 'grid' | 'empty'
  start: number
  duration: number
  step: number
}): Promise<ScrollRun> {
  const results = document.querySelector<HTMLElement>('.results')
  if (results === null) throw new Error('No results region to scroll')
  let scroller = results
  let overlay: HTMLElement | null = null
  if (target === 'empty') {
    const rect = results.getBoundingClientRect()
    overlay = document.createElement('div')
    Object.assign(overlay.style, {
      position: 'fixed',
      left: `${String(rect.left)}px`,
      top: `${String(rect.top)}px`,
      width: `${String(rect.width)}px`,
      height: `${String(rect.height)}px`,
      overflowY: 'auto',
      background: '#fff',
      zIndex: '2147483647',
    })
    const spacer = document.createElement('div')
    spacer.style.height = `${String(results.scrollHeight)}px`
    overlay.append(spacer)
    document.body.append(overlay)
    scroller = overlay
  }
  scroller.scrollTop = start
  const nextFrame = () =>
    new Promise<number>((done) => {
      requestAnimationFrame(done)
    })
  return (async () => {
    // Let the rows at the start position render and their thumbnails arrive before timing.
    await new Promise((done) => setTimeout(done, 400))
    await nextFrame()
    await nextFrame()
    let longTasks = 0
    const observer = new PerformanceObserver((list) => {
      longTasks += list.getEntries().length
    })
    observer.observe({ type: 'longtask' })
    const intervals: number[] = []
    const begin = await nextFrame()
    let last = begin
    for (;;) {
      scroller.scrollTop += step
      const time = await nextFrame()
      intervals.push(time - last)
      last = time
      if (time - begin >= duration) break
    }
    await new Promise((done) => setTimeout(done, 50))
    longTasks += observer.takeRecords().length
    observer.disconnect()
    overlay?.remove()
    return { intervals, longTasks }
  })()
}

export function scrollRun(page: Page, target: 'grid' | 'empty', run: number): Promise<ScrollRun> {
  return page.evaluate(scrollAndTime, {
    target,
    start: (run + 1) * RUN_SPACING_PX,
    duration: SCROLL_MS,
    step: SCROLL_STEP_PX,
  })
}

const sum = (values: readonly number[]) => values.reduce((total, each) => total + each, 0)

/** `page` shows `count` records in the grid. */
export async function scrollFigure(page: Page, count: number): Promise<Figure> {
  console.log(`scroll: ${String(SCROLL_MS / 1000)} s at ${String(count)} records, grid vs empty container...`)
  const longFrames = (run: ScrollRun) => run.intervals.filter((ms) => ms > 50).length
  const grid = recorder((index) => scrollRun(page, 'grid', index), longFrames)
  const empty = recorder((index) => scrollRun(page, 'empty', index), longFrames)
  const counts = await interleave(BENCH_RUNS, grid.next, empty.next)
  const p95Of = (run: ScrollRun) => percentile(run.intervals, 0.95)
  const gridRuns = grid.timed()
  const gridP95 = median(gridRuns.map(p95Of))
  const emptyP95 = median(empty.timed().map(p95Of))
  return figure({
    id: 'scroll',
    metric: `frames over 50 ms, ${String(SCROLL_MS / 1000)} s scroll of the ${String(count / 1000)}k grid`,
    n: count,
    unit: 'frames',
    ...counts,
    baseline: 'empty scroll container of equal size and height, same page',
    ratioOf: () => gridP95 / emptyP95,
    ratio_means: 'p95 frame interval of the grid / of the empty container (counts of zero do not divide)',
    target: '0 frames over 50 ms',
    meets: (done) => Math.max(...done.runs) === 0,
    met: null,
    notes: {
      'scroll speed (px per frame)': SCROLL_STEP_PX,
      'p95 frame interval, grid (ms)': round(gridP95),
      'p95 frame interval, empty (ms)': round(emptyP95),
      'frames per run, grid (median)': median(gridRuns.map((run) => run.intervals.length)),
      'frames over 32 ms, grid (all runs)': sum(
        gridRuns.map((run) => run.intervals.filter((ms) => ms > 32).length),
      ),
      'long tasks during the grid scroll (all runs)': sum(gridRuns.map((run) => run.longTasks)),
      thumbnails: '24 KB PNG each, served locally',
    },
  })
}
