/**
 * The one shape every benchmark reports in, and the arithmetic they share. A figure is a measured value
 * set beside a baseline measured in the same run, interleaved run by run so that a noisy machine slows
 * both sides alike. Benchmarks print and write figures; nothing here asserts.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'

export const RESULTS_DIR = resolve(import.meta.dirname, '..', 'results')

/** Timed runs per side: at least 5 (issue target), more with BENCH_RUNS. */
export const BENCH_RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 5))

export interface Figure {
  /** The benchmark's row in the suite table: list, bulk, upload, hash, mount, scroll, search, bundle, cold, load. */
  id: string
  /** What exactly was measured, e.g. 'GET /api/media p50' or 'batch-update 1,000 records'. */
  metric: string
  /** The data size the figure was measured at (records, files, bytes): 0 when it does not apply. */
  n: number
  /** Unit of runs, median, p95 and baseline_median: 'ms', 's', 'KB', 'MB/s', 'reads', 'frames'... */
  unit: string
  /** Every timed run of the measured side, in order. */
  runs: number[]
  median: number
  p95: number
  /** What the baseline is, in words. */
  baseline: string
  baseline_runs: number[]
  baseline_median: number
  /**
   * The comparison the target is stated in. For times: baseline_median / median, so 100 means '100x
   * faster than the baseline' and 0.3 means 'a third of the baseline's speed'. Each benchmark says
   * which way round it computes it in `ratio_means`.
   */
  ratio: number
  ratio_means: string
  /** The target, in words. */
  target: string
  /** Whether the target was met on this run: null where no machine-checkable target applies. */
  met: boolean | null
  /** Anything else worth keeping: counts, bytes, environment. */
  notes?: Record<string, number | string | boolean>
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** Nearest-rank percentile: with a handful of runs, p95 is the slowest one. */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))
  return sorted[rank] ?? Number.NaN
}

export const p95 = (values: readonly number[]): number => percentile(values, 0.95)

/** Milliseconds taken by `task`, with its value. */
export async function timed<T>(task: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const started = performance.now()
  const value = await task()
  return { ms: performance.now() - started, value }
}

/**
 * Runs the measured side and the baseline alternately, `runs` times each, after one untimed warm-up
 * of each, and returns the timings of both. Alternating keeps a burst of machine noise from landing
 * on one side only.
 */
export async function interleave(
  runs: number,
  measured: () => Promise<number>,
  baseline: () => Promise<number>,
  options: { warmUp?: boolean } = {},
): Promise<{ runs: number[]; baseline_runs: number[] }> {
  if (options.warmUp ?? true) {
    await measured()
    await baseline()
  }
  const measuredRuns: number[] = []
  const baselineRuns: number[] = []
  for (let run = 0; run < runs; run++) {
    // Swap who goes first on odd runs: neither side always runs on a warmer machine.
    if (run % 2 === 0) {
      measuredRuns.push(await measured())
      baselineRuns.push(await baseline())
    } else {
      baselineRuns.push(await baseline())
      measuredRuns.push(await measured())
    }
  }
  return { runs: measuredRuns, baseline_runs: baselineRuns }
}

type FigureInput = Omit<Figure, 'median' | 'p95' | 'baseline_median' | 'ratio'> & {
  /** How the ratio is computed from the two medians; defaults to baseline / measured ('x faster'). */
  ratioOf?: (measuredMedian: number, baselineMedian: number) => number
  /** Whether the target was met, given the finished figure (before `met` is set). */
  meets?: (figure: Omit<Figure, 'met'>) => boolean | null
}

/** Completes a figure from its raw runs: medians, p95, ratio and whether it met its target. */
export function figure(input: FigureInput): Figure {
  const { ratioOf = (m, b) => b / m, meets, ...rest } = input
  const measuredMedian = median(rest.runs)
  const baselineMedian = median(rest.baseline_runs)
  const done = {
    ...rest,
    median: round(measuredMedian),
    p95: round(p95(rest.runs)),
    baseline_median: round(baselineMedian),
    ratio: round(ratioOf(measuredMedian, baselineMedian)),
    runs: rest.runs.map(round),
    baseline_runs: rest.baseline_runs.map(round),
  }
  return { ...done, met: meets ? meets(done) : rest.met }
}

export function round(value: number): number {
  if (!Number.isFinite(value)) return value
  const magnitude = Math.abs(value)
  const digits = magnitude >= 100 ? 1 : magnitude >= 1 ? 2 : 4
  return Number(value.toFixed(digits))
}

/** Writes one suite's figures to tests/bench/results/<suite>.json. */
export async function writeFigures(suite: string, figures: readonly Figure[]): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true })
  const path = resolve(RESULTS_DIR, `${suite}.json`)
  const document = {
    suite,
    measured_at: new Date().toISOString(),
    node: process.version,
    figures,
  }
  await writeFile(path, `${JSON.stringify(document, null, 2)}\n`)
  return path
}

const formatNumber = (value: number) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: 2 }) : String(value)

/** One table for any list of figures: the suite's own printout and the combined one alike. */
export function formatTable(figures: readonly Figure[]): string {
  const header = ['id', 'metric', 'n', 'median', 'p95', 'baseline', 'ratio', 'target', 'met']
  const rows = figures.map((f) => [
    f.id,
    f.metric,
    f.n === 0 ? '' : formatNumber(f.n),
    `${formatNumber(f.median)} ${f.unit}`,
    `${formatNumber(f.p95)} ${f.unit}`,
    `${formatNumber(f.baseline_median)} ${f.unit}`,
    `${formatNumber(f.ratio)}x`,
    f.target,
    f.met === null ? '-' : f.met ? 'yes' : 'NO',
  ])
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const line = (cells: readonly string[]) =>
    cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n')
}

/** Prints and writes a suite's figures: the end of every benchmark file. */
export async function report(suite: string, figures: readonly Figure[]): Promise<void> {
  console.log(`\n${formatTable(figures)}\n`)
  const path = await writeFigures(suite, figures)
  console.log(`wrote ${path}`)
}
