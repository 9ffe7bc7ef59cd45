/** How long a task waits for an idle moment before it runs anyway. */
const IDLE_TIMEOUT_MS = 3_000

/**
 * Runs `task` when the browser is idle (within a few seconds at the latest), after the page has
 * painted; `setTimeout` stands in where `requestIdleCallback` is missing (Safari, jsdom).
 */
export function runWhenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS })
  } else {
    setTimeout(task, 200)
  }
}
