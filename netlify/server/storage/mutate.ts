import { StorageContentionError, type DocumentStore } from './document-store'

/** What one attempt decided: the document to write (`undefined`: write nothing) and the answer. */
export interface Mutation<T, R> {
  next: T | undefined
  result: R
}

export interface MutateOptions {
  /** How long to keep retrying lost compare-and-swap races before giving up, in ms. */
  budgetMs?: number
}

const DEFAULT_BUDGET_MS = 12_000

/**
 * Read-modify-write of one document with compare-and-swap: reads it with its etag, lets `apply` decide,
 * and writes only if nobody wrote in between; otherwise reads again and re-applies. `apply` must be a
 * pure function of the document it is given, since it may run several times. Retries back off with
 * jitter until the budget runs out, so many writers on one document all get through.
 */
export async function mutateDocument<T, R>(
  store: DocumentStore,
  key: string,
  parse: (value: unknown) => T,
  apply: (current: T | null) => Mutation<T, R>,
  { budgetMs = DEFAULT_BUDGET_MS }: MutateOptions = {},
): Promise<R> {
  return store.exclusive(key, async () => {
    const deadline = Date.now() + budgetMs
    for (let attempt = 0; ; attempt++) {
      const stored = await store.read(key)
      const { next, result } = apply(stored === null ? null : parse(stored.value))
      if (next === undefined) return result
      const condition = stored === null ? { ifNew: true as const } : { ifMatch: stored.etag }
      const etag = await store.write(key, next, condition)
      if (etag === '' ? await holds(store, key, next) : etag !== null) return result
      if (Date.now() > deadline) {
        throw new StorageContentionError(`Gave up writing ${key} after ${String(attempt + 1)} attempts`)
      }
      await sleep(Math.random() * Math.min(2 ** attempt * 2, 100))
    }
  })
}

/**
 * Whether `key` now holds `value`. A write answered with an empty etag was not confirmed
 * (netlify/primitives#741: Blobs reports a failed conditional write as `{ modified: true, etag: '' }`),
 * so it may or may not have happened: reading back tells which, and a write that did not land is
 * retried like a lost race instead of being reported as done.
 */
async function holds(store: DocumentStore, key: string, value: unknown): Promise<boolean> {
  const stored = await store.read(key)
  return stored !== null && JSON.stringify(stored.value) === JSON.stringify(value)
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
