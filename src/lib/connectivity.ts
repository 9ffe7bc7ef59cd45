import { useSyncExternalStore } from 'react'

import { ACCESS_PATH } from '../contract/access'
import { GATEWAY_STATUSES } from './api-call'

/**
 * Whether the screen can talk to the server: `offline` when the browser says it has no network,
 * `unreachable` when a call got no answer (or only a gateway's 502/503/504) although the browser is
 * online. The API client and the upload client report here; while the server is not answering, a
 * cheap call is probed with growing pauses, and everyone waiting is told once it answers again.
 *
 * Only the probe says the server is back, never some other call's answer: when one route fails while
 * the rest answer, refetching on every answer would send the screen round in a loop. For the same
 * reason the pauses keep growing when the server goes away again soon after it came back.
 */
export type Connection = 'online' | 'offline' | 'unreachable'

/** Pauses between probes of a server that did not answer, the last one repeated. */
export const PROBE_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000] as const

/** How long the server must stay reachable before probing starts again from the shortest pause. */
const STABLE_MS = 30_000

/**
 * A call still unanswered after this long counts as the server not answering: a server that accepts
 * connections and never replies (one starting again, a hung proxy) would otherwise leave the screen
 * silent. The call itself goes on, so a slow write is never cut off halfway.
 */
export const SLOW_ANSWER_MS = 20_000

/** How long the probe waits for its own answer before counting the server as still away. */
const PROBE_TIMEOUT_MS = 10_000

let connection: Connection = browserOffline() ? 'offline' : 'online'
let probeTimer: ReturnType<typeof setTimeout> | undefined
let probeAttempt = 0
let probing = false
let recoveredAt = Number.NEGATIVE_INFINITY
const listeners = new Set<() => void>()
const reconnectListeners = new Set<() => void>()

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && (navigator as { onLine?: boolean }).onLine === false
}

function set(next: Connection): void {
  if (next === connection) return
  connection = next
  for (const listener of listeners) listener()
}

/** A request got no answer from the server; probing starts unless it already runs. */
export function reportUnreachable(): void {
  if (connection === 'online' && Date.now() - recoveredAt > STABLE_MS) probeAttempt = 0
  set(browserOffline() ? 'offline' : 'unreachable')
  scheduleProbe()
}

function recover(): void {
  clearTimeout(probeTimer)
  probeTimer = undefined
  recoveredAt = Date.now()
  set('online')
  for (const listener of [...reconnectListeners]) listener()
}

function scheduleProbe(): void {
  if (probeTimer !== undefined || probing || typeof window === 'undefined') return
  // Offline, the browser's own `online` event says when to try again.
  if (browserOffline()) return
  const delay = PROBE_DELAYS_MS[Math.min(probeAttempt, PROBE_DELAYS_MS.length - 1)]
  probeAttempt++
  probeTimer = setTimeout(() => {
    probeTimer = undefined
    void probe()
  }, delay)
}

/**
 * One look at the server: the access route's GET reads no storage, so it is the cheapest call there is.
 * Not through the API client: a 401 here means the server answers, not that the user must sign in.
 */
async function probe(): Promise<void> {
  if (connection === 'online') return
  probing = true
  const answered = await fetch(ACCESS_PATH, {
    credentials: 'same-origin',
    cache: 'no-store',
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  })
    .then(async (response) => {
      await response.arrayBuffer()
      return !GATEWAY_STATUSES.has(response.status)
    })
    .catch(() => false)
  probing = false
  if (answered) recover()
  else if (currentConnection() !== 'online') {
    set(browserOffline() ? 'offline' : 'unreachable')
    scheduleProbe()
  }
}

function onBrowserOnline(): void {
  if (connection === 'online') {
    // Offline without any call failing: nothing waits, but the lists may be stale.
    return
  }
  set('unreachable')
  clearTimeout(probeTimer)
  probeTimer = undefined
  probeAttempt = 0
  void probe()
}

function onBrowserOffline(): void {
  clearTimeout(probeTimer)
  probeTimer = undefined
  set('offline')
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', onBrowserOnline)
  window.addEventListener('offline', onBrowserOffline)
}

export function currentConnection(): Connection {
  return connection
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function useConnection(): Connection {
  return useSyncExternalStore(subscribe, currentConnection, currentConnection)
}

/** Calls `listener` each time the server answers again after it could not be reached; returns the undo. */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener)
  return () => {
    reconnectListeners.delete(listener)
  }
}

/**
 * Resolves once the server answers again (at once when nothing failed since it last did); rejects with
 * the signal's reason when it aborts first.
 */
export function whenServerAnswers(signal?: AbortSignal): Promise<void> {
  if (connection === 'online') return Promise.resolve()
  return new Promise((resolve, reject) => {
    const stop = onReconnect(() => {
      stop()
      signal?.removeEventListener('abort', onAbort)
      resolve()
    })
    function onAbort() {
      stop()
      reject(signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'))
    }
    if (signal?.aborted) onAbort()
    else signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** Back to the state of a fresh page, for tests. */
export function resetConnectivity(): void {
  clearTimeout(probeTimer)
  probeTimer = undefined
  probeAttempt = 0
  probing = false
  recoveredAt = Number.NEGATIVE_INFINITY
  reconnectListeners.clear()
  set(browserOffline() ? 'offline' : 'online')
}
