/**
 * Longest slice of idle work. An idle period may last 50 ms, but a keystroke arriving meanwhile would
 * wait for the slice to end, so each stays well under a frame.
 */
const SLICE_MS = 8

/**
 * Runs `work` in slices while the page is idle, until it reports that it is done. `work` receives
 * `more()`, which says whether the current slice still has time. Returns a function that stops it.
 */
export function whenIdle(work: (more: () => boolean) => boolean): () => void {
  let stopped = false
  let cancel: () => void = () => undefined
  const slice = (idleLeft: () => number) => {
    const end = performance.now() + SLICE_MS
    if (stopped || work(() => performance.now() < end && idleLeft() > 1)) return
    schedule()
  }
  const schedule = () => {
    // Safari has no requestIdleCallback: a timer then stands in for an idle period.
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback((deadline) => {
        slice(() => deadline.timeRemaining())
      })
      cancel = () => {
        cancelIdleCallback(handle)
      }
    } else {
      const timer = setTimeout(() => {
        slice(() => SLICE_MS)
      }, 0)
      cancel = () => {
        clearTimeout(timer)
      }
    }
  }
  schedule()
  return () => {
    stopped = true
    cancel()
  }
}
