/**
 * When a failed delivery is tried again: exponential backoff from a minute, doubling up to six hours,
 * each delay spread by ±20% so receivers coming back from an outage are not hit by every retry at once;
 * for 24 hours from the event, the last try at the 24th hour. About 13 tries in all.
 */
export const RETRY_BASE_MS = 60_000
export const RETRY_CAP_MS = 6 * 3_600_000
export const RETRY_WINDOW_MS = 24 * 3_600_000
const JITTER = 0.2

/** The delay before try `failures + 1`, after `failures` failed ones, before jitter. */
export function backoffMs(failures: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(failures - 1, 0), RETRY_CAP_MS)
}

/**
 * When to try again after `failures` failed tries of an event made at `createdAt`, the last at `now`;
 * null once the 24 hours are over. `random` is in [0, 1).
 */
export function nextAttemptAt(
  createdAt: Date,
  failures: number,
  now: Date,
  random: () => number = Math.random,
): Date | null {
  const deadline = createdAt.getTime() + RETRY_WINDOW_MS
  if (now.getTime() >= deadline) return null
  const delay = backoffMs(failures) * (1 - JITTER + 2 * JITTER * random())
  return new Date(Math.min(now.getTime() + delay, deadline))
}

/** How long an endpoint may fail, without one success, before it is turned off. */
export const DISABLE_AFTER_MS = RETRY_WINDOW_MS
