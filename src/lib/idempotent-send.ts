/**
 * Waits before sending a create again whose answer never came (the connection dropped). The same
 * `Idempotency-Key` goes with each attempt, so the server returns the record the first one made instead
 * of making a second (decision 0008).
 */
const LOST_ANSWER_RETRY_DELAYS = [300, 1_000]

/** A random UUID; `crypto.randomUUID` exists only in secure contexts, so plain http gets the same shape. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * `send(idempotencyKey)`, sent again with the same key when no answer arrived (fetch's TypeError), up to
 * twice; any answer, an error status too, is final, as is an abort.
 */
export async function sendRetryingLostAnswers<T>(
  send: (idempotencyKey: string) => Promise<T>,
  idempotencyKey: string = newIdempotencyKey(),
  signal?: AbortSignal,
): Promise<T> {
  for (const delay of [...LOST_ANSWER_RETRY_DELAYS, null]) {
    try {
      return await send(idempotencyKey)
    } catch (error) {
      if (delay === null || !(error instanceof TypeError) || signal?.aborted) throw error
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
  }
  throw new Error('unreachable')
}
