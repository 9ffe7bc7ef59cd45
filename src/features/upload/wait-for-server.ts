import { isNoAnswer } from '../../lib/api-errors'
import { reportUnreachable, whenServerAnswers } from '../../lib/connectivity'
import { abortError, UPLOAD_MESSAGES, UPLOAD_WORDS, UploadError } from './messages'

/** How long an upload waits for a server that does not answer before it gives up (DESIGN section 6). */
export const SERVER_WAIT_MS = 10 * 60_000

/**
 * Pauses between two attempts of the same request while the server is away, the last one repeated:
 * the connectivity probe says when it answers again, these only keep a flaky route from being hammered.
 */
const ATTEMPT_PAUSES_MS = [500, 2_000, 5_000, 10_000] as const

export interface ServerWait {
  signal?: AbortSignal | undefined
  /** True while waiting for the server, false once the request goes on. */
  onWaiting?: ((waiting: boolean) => void) | undefined
  /** How long to wait in all before giving up; `SERVER_WAIT_MS` unless set (tests give 0). */
  serverWaitMs?: number | undefined
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    function onAbort() {
      clearTimeout(timer)
      reject(abortError())
    }
    if (signal?.aborted) onAbort()
    else signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * The waiting of one upload: after a failure with no answer, `pause` resolves once the server answers
 * again (and a short pause has passed), or throws the spec's network error with a sentence once the
 * upload has waited `serverWaitMs` in all without getting anywhere. `progressed` starts the count anew.
 */
export function serverWaiter({ signal, onWaiting, serverWaitMs = SERVER_WAIT_MS }: ServerWait) {
  let since: number | null = null
  let attempt = 0
  return {
    progressed() {
      since = null
      attempt = 0
    },
    async pause(): Promise<void> {
      since ??= Date.now()
      const left = since + serverWaitMs - Date.now()
      if (left <= 0) throw new UploadError(UPLOAD_MESSAGES.networkError, UPLOAD_WORDS.gaveUp)
      reportUnreachable()
      onWaiting?.(true)
      const pauseMs = ATTEMPT_PAUSES_MS[Math.min(attempt++, ATTEMPT_PAUSES_MS.length - 1)] ?? 0
      let timer: ReturnType<typeof setTimeout> | undefined
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          reject(new UploadError(UPLOAD_MESSAGES.networkError, UPLOAD_WORDS.gaveUp))
        }, left)
      })
      try {
        await Promise.race([Promise.all([whenServerAnswers(signal), sleep(pauseMs, signal)]), deadline])
      } finally {
        clearTimeout(timer)
      }
      onWaiting?.(false)
    },
  }
}

/**
 * `request` again and again while it gets no answer from the server, waiting for the server in between;
 * any answer, good or bad, is final.
 */
export async function untilServerAnswers<T>(request: () => Promise<T>, wait: ServerWait): Promise<T> {
  const waiter = serverWaiter(wait)
  for (;;) {
    try {
      return await request()
    } catch (error) {
      if (wait.signal?.aborted || !isNoAnswer(error)) throw error
      await waiter.pause()
    }
  }
}
