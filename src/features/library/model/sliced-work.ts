/**
 * Longest slice of work between the page's own tasks. An idle period may last 50 ms, but a keystroke
 * (or, in the worker, a question) arriving meanwhile waits for the slice to end, so each stays well
 * under a frame.
 */
const SLICE_MS = 8

/** How long the current slice may still last beyond its own SLICE_MS (an idle period's time left). */
type TimeLeft = () => number

/** Runs `slice` once, later; returns a function that cancels it. */
type Schedule = (slice: (timeLeft: TimeLeft) => void) => () => void

const NO_LIMIT: TimeLeft = () => Infinity

/** Runs `slice` after a timer of 0 ms: where neither a message to itself nor an idle callback exists. */
const afterTimer: Schedule = (slice) => {
  const timer = setTimeout(() => {
    slice(NO_LIMIT)
  }, 0)
  return () => {
    clearTimeout(timer)
  }
}

/**
 * Runs `slice` as a task of its own after the ones queued (the page's questions first): a message to
 * itself where there is MessageChannel (a timer is clamped to 4 ms when nested), a timer otherwise.
 */
export const nextTask: Schedule = (slice) => {
  if (typeof MessageChannel !== 'function') return afterTimer(slice)
  const channel = new MessageChannel()
  channel.port1.onmessage = () => {
    channel.port1.close()
    slice(NO_LIMIT)
  }
  channel.port2.postMessage(null)
  return () => {
    channel.port1.close()
  }
}

/** Runs `slice` when the page is idle; Safari has no requestIdleCallback, so a timer stands in. */
export const idlePeriod: Schedule = (slice) => {
  if (typeof requestIdleCallback !== 'function') return afterTimer(slice)
  const handle = requestIdleCallback((deadline) => {
    slice(() => deadline.timeRemaining())
  })
  return () => {
    cancelIdleCallback(handle)
  }
}

/**
 * Runs `work` in slices, each scheduled by `schedule`, until it reports that it is done. `work`
 * receives `more()`, which says whether the current slice still has time. Returns a function that
 * stops it.
 */
export function inSlices(work: (more: () => boolean) => boolean, schedule: Schedule): () => void {
  let stopped = false
  let cancel: () => void = () => undefined
  const slice = (timeLeft: TimeLeft) => {
    if (stopped) return
    const end = performance.now() + SLICE_MS
    if (work(() => performance.now() < end && timeLeft() > 1)) return
    cancel = schedule(slice)
  }
  cancel = schedule(slice)
  return () => {
    stopped = true
    cancel()
  }
}

/** Runs `work` in slices while the page is idle (inSlices). */
export function whenIdle(work: (more: () => boolean) => boolean): () => void {
  return inSlices(work, idlePeriod)
}
