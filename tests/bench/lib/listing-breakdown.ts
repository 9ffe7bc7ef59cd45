/**
 * Where a visit's time goes, for the listing benchmark: the steps from navigation to the whole library,
 * on the page and in the listing worker (its User Timing marks and resource timings, moved onto the
 * page's clock), and each main-thread long task with the `listing:*` measures it overlaps (the app sets
 * them around receiving records, showing them, indexing, querying, the id map and the screen's render).
 */
import type { Page, Worker } from 'playwright-core'

export interface TimedEntry {
  name: string
  entryType: string
  startTime: number
  duration: number
  detail?: unknown
  responseStart?: number
  responseEnd?: number
  domContentLoadedEventStart?: number
}

export interface Timeline {
  origin: number
  entries: TimedEntry[]
}

/** The timeline of the page or worker: marks, measures, resources and navigation, as plain data. */
export function readTimeline(): Timeline {
  const entries = performance.getEntries().map((entry) => {
    const timed = entry as PerformanceEntry & Partial<PerformanceNavigationTiming> & { detail?: unknown }
    return {
      name: entry.name,
      entryType: entry.entryType,
      startTime: entry.startTime,
      duration: entry.duration,
      detail: timed.detail,
      responseStart: timed.responseStart,
      responseEnd: timed.responseEnd,
      domContentLoadedEventStart: timed.domContentLoadedEventStart,
    }
  })
  return { origin: performance.timeOrigin, entries }
}

/** Keeps the latest listing worker a page starts (a reload starts a new one). */
export function followListingWorker(page: Page): () => Worker | null {
  let latest: Worker | null = null
  page.on('worker', (worker) => {
    latest = worker
  })
  return () => latest
}

export interface LongTask {
  start: number
  duration: number
}

export interface Breakdown {
  /** Step name to milliseconds from navigation start; absent steps did not happen on this visit. */
  steps: Record<string, number>
  /** Each long task: when, how long, and the milliseconds of it each listing measure covers. */
  longTasks: { start: number; duration: number; within: Record<string, number> }[]
  /** Over all long tasks: the milliseconds each listing measure covers. */
  blame: Record<string, number>
}

const round = (value: number) => Math.round(value)

/** Lines the page's and the worker's timelines up and names the steps of the visit. */
export function breakdown(
  page: Timeline,
  worker: Timeline | null,
  longTasks: readonly LongTask[],
  seen: { firstCard: number; whole: number },
): Breakdown {
  const shift = worker === null ? 0 : worker.origin - page.origin
  const inWorker = (worker?.entries ?? []).map((entry) => ({
    ...entry,
    startTime: entry.startTime + shift,
    responseStart: entry.responseStart === undefined ? undefined : entry.responseStart + shift,
    responseEnd: entry.responseEnd === undefined ? undefined : entry.responseEnd + shift,
  }))
  const steps: Record<string, number> = {}
  const note = (name: string, value: number | undefined) => {
    if (value !== undefined && Number.isFinite(value)) steps[name] = round(value)
  }
  const navigation = page.entries.find((entry) => entry.entryType === 'navigation')
  const mainScript = page.entries.find(
    (entry) => entry.entryType === 'resource' && /\/assets\/index-[^/]*\.js$/.test(entry.name),
  )
  note('main script in hand', mainScript?.responseEnd)
  note('main script run (DOMContentLoaded)', navigation?.domContentLoadedEventStart)
  note(
    'kept library found by the page',
    page.entries.find((entry) => entry.name === 'listing:kept-found')?.startTime,
  )
  note(
    'first page fetched and shown on the page',
    page.entries.find((entry) => entry.name === 'listing:first-page-here')?.startTime,
  )
  note('worker started', inWorker.find((entry) => entry.name === 'listing:worker-start')?.startTime)
  const keptPages = inWorker.find((entry) => entry.name === 'library:kept-pages')
  note('kept library read whole (start)', keptPages?.startTime)
  note('kept library read whole (end)', keptPages && keptPages.startTime + keptPages.duration)
  note('kept pages posted', inWorker.find((entry) => entry.name === 'listing:kept-posted')?.startTime)
  // On a first visit the page asks for the first page itself; the worker asks for the rest.
  const fetches = [...page.entries, ...inWorker]
    .filter((entry) => entry.entryType === 'resource' && entry.name.includes('/api/media-pages'))
    .sort((a, b) => a.startTime - b.startTime)
  note('first page request sent', fetches[0]?.startTime)
  note('first page answer starts', fetches[0]?.responseStart)
  note('first page answer in hand', fetches[0]?.responseEnd)
  note('last page answer in hand', Math.max(...fetches.map((entry) => entry.responseEnd ?? 0)))
  const posted = inWorker.filter((entry) => entry.name === 'listing:page-posted')
  note('first fetched page posted', posted[0]?.startTime)
  note('last fetched page posted', posted.at(-1)?.startTime)
  const received = page.entries.filter((entry) => entry.name === 'listing:receive-records')
  note('first records received', received[0]?.startTime)
  note('last records received', received.at(-1)?.startTime)
  note(
    'first records shown (media-page-ready)',
    page.entries.find((e) => e.name === 'media-page-ready')?.startTime,
  )
  // The kept library (decision 0052): opened in the worker, its first answer shown on the page, and a
  // generation written (which a reload should not need when every page was unchanged).
  note('kept library opened', inWorker.find((entry) => entry.name === 'library:kept-open')?.startTime)
  note(
    'first answer from the kept library',
    page.entries.find((entry) => entry.name === 'library:kept-answer')?.startTime,
  )
  const write = inWorker.find((entry) => entry.name === 'library:kept-write')
  note('kept library written', write === undefined ? undefined : write.startTime + write.duration)
  const render = page.entries.find((entry) => entry.name === 'listing:render')
  note('first render committed', render === undefined ? undefined : render.startTime + render.duration)
  note('first card in the page', seen.firstCard)
  note('whole count shown', seen.whole)

  const measures = page.entries.filter(
    (entry) => entry.entryType === 'measure' && entry.name.startsWith('listing:'),
  )
  const blame: Record<string, number> = {}
  const tasks = longTasks.map(({ start, duration }) => {
    const within: Record<string, number> = {}
    for (const measure of measures) {
      const overlap =
        Math.min(start + duration, measure.startTime + measure.duration) - Math.max(start, measure.startTime)
      if (overlap <= 0) continue
      const name = measure.name.slice('listing:'.length)
      within[name] = (within[name] ?? 0) + overlap
      blame[name] = (blame[name] ?? 0) + overlap
    }
    for (const name of Object.keys(within)) within[name] = round(within[name] ?? 0)
    return { start: round(start), duration: round(duration), within }
  })
  for (const name of Object.keys(blame)) blame[name] = round(blame[name] ?? 0)
  return { steps, longTasks: tasks, blame }
}

/** Total blocking time: each long task's time past 50 ms, summed (as Lighthouse counts it). */
export function blockingTime(longTasks: readonly LongTask[]): number {
  return longTasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0)
}

/** The breakdown as a few printable lines. */
export function describe(label: string, { steps, longTasks, blame }: Breakdown): string {
  const lines = [`    ${label}:`]
  for (const [name, at] of Object.entries(steps).sort((a, b) => a[1] - b[1]))
    lines.push(`      ${String(at).padStart(6)} ms  ${name}`)
  const total = longTasks.reduce((sum, task) => sum + task.duration, 0)
  lines.push(
    `      long tasks: ${String(longTasks.length)}, ${String(total)} ms in all, ` +
      `${String(Math.round(blockingTime(longTasks)))} ms blocking; listing measures within them:`,
  )
  lines.push(`        ${JSON.stringify(blame)}`)
  for (const task of longTasks)
    lines.push(
      `        at ${String(task.start)} ms for ${String(task.duration)} ms: ${JSON.stringify(task.within)}`,
    )
  return lines.join('\n')
}

/** The parts of a CDP `Profiler.Profile` read here. */
export interface CpuProfile {
  nodes: {
    id: number
    callFrame: { functionName: string; url: string; lineNumber: number }
    children?: number[]
  }[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

/**
 * Run at the start of each document when a cold visit is profiled: spins 3 ms in a function of its own
 * and keeps when it began, so the profile's clock (microseconds of its own) can be lined up with the
 * page's `performance.now()`.
 */
export function markProfileClock() {
  const began = performance.now()
  Object.assign(window, { __profileClock: began })
  function benchProfileClock() {
    while (performance.now() - began < 3) {
      // spin
    }
  }
  benchProfileClock()
}

const frameName = (frame: CpuProfile['nodes'][number]['callFrame']) =>
  `${frame.functionName || '(anonymous)'} ${frame.url.split('/').at(-1) ?? ''}:${String(frame.lineNumber)}`

/**
 * For each long task, the functions the profile sampled within it: the busiest by self time, and the
 * busiest by total time (a function counted once a sample however deep it recurs), so that a React
 * render, a script's evaluation or a layout can be told apart. `clock` is the page's `performance.now()`
 * when `markProfileClock` began.
 */
export function longTaskProfiles(
  profile: CpuProfile,
  clock: number,
  longTasks: readonly { start: number; duration: number }[],
  top = 6,
): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const times: number[] = []
  let at = profile.startTime
  for (const delta of profile.timeDeltas) times.push((at += delta) / 1000)
  const marked = profile.samples.findIndex((id) => {
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node))
      if (byId.get(node)?.callFrame.functionName === 'benchProfileClock') return true
    return false
  })
  if (marked < 0) return ['(the clock mark was not sampled: no breakdown)']
  const shift = (times[marked] ?? 0) - clock
  const lines: string[] = []
  for (const task of longTasks) {
    const self = new Map<string, number>()
    const total = new Map<string, number>()
    profile.samples.forEach((id, i) => {
      const time = (times[i] ?? 0) - shift
      if (time < task.start || time > task.start + task.duration) return
      const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000
      const leaf = byId.get(id)
      if (leaf === undefined) return
      const leafName = frameName(leaf.callFrame)
      self.set(leafName, (self.get(leafName) ?? 0) + ms)
      const seen = new Set<string>()
      for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
        const frame = byId.get(node)?.callFrame
        if (frame === undefined) continue
        const name = frameName(frame)
        if (seen.has(name)) continue
        seen.add(name)
        total.set(name, (total.get(name) ?? 0) + ms)
      }
    })
    const list = (map: Map<string, number>) =>
      [...map.entries()]
        .filter(([name]) => !/^\((root|idle|program)\)/.test(name))
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([name, ms]) => `${String(Math.round(ms))} ${name}`)
        .join('; ')
    lines.push(`at ${String(task.start)} ms for ${String(task.duration)} ms`)
    lines.push(`  self: ${list(self)}`)
    lines.push(`  total: ${list(total)}`)
  }
  return lines
}

/**
 * The main thread's busiest functions over a profiled visit, by self time, with the `listing:*` work
 * they ran under: bundled names are short, so each is given with its file and line.
 */
export function busiest(profile: CpuProfile, top = 15): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const self = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame
    if (frame === undefined) return
    const file = frame.url.split('/').at(-1) ?? ''
    const name = `${frame.functionName || '(anonymous)'} ${file}:${String(frame.lineNumber)}`
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
  })
  return [...self.entries()]
    .filter(([name]) => !name.startsWith('(idle)') && !name.startsWith('(program)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => `${String(Math.round(ms)).padStart(6)} ms  ${name}`)
}
