import type { DocumentStore } from './document-store'

/** How much one sweep may do: documents read at most, and time after which it starts no more. */
export interface SweepBudget {
  maxExamined: number
  budgetMs: number
}

/**
 * Enough for a site's hourly growth (a new address or email a few seconds, all day) within a few seconds
 * of the hourly cleanup's half-minute; what is left waits for the next hour.
 */
export const SWEEP_BUDGET: SweepBudget = { maxExamined: 500, budgetMs: 4_000 }

/** Documents read and removed at once. */
const AT_ONCE = 8

export interface SweepOptions extends Partial<SweepBudget> {
  /** Where in the listing the sweep starts, as a fraction of its length; random unless a test fixes it. */
  startAt?: number
}

/**
 * Removes the documents under `prefix` that say no more than their absence would (`isSpent` of the key
 * and of what the document holds now): how many it removed. Each is read again, with strong consistency,
 * right before its removal, so a document written since the listing is judged by what it holds now and
 * kept when it says something. The store has no conditional delete (Netlify Blobs deletes
 * unconditionally), so a write landing between that read and the removal, one round trip, is lost: the
 * documents swept this way are ones whose loss costs at most that one write (decision 0082).
 *
 * The sweep starts at a random point of the listing and wraps around, so documents that are not spent
 * (at the start of a key order that never changes) cannot keep it from reaching the rest.
 */
export async function removeSpentDocuments(
  store: DocumentStore,
  prefix: string,
  isSpent: (key: string, value: unknown) => boolean,
  {
    maxExamined = SWEEP_BUDGET.maxExamined,
    budgetMs = SWEEP_BUDGET.budgetMs,
    startAt = Math.random(),
  }: SweepOptions = {},
): Promise<number> {
  const listed = await store.list(prefix)
  const start = Math.floor(startAt * listed.length)
  const order = [...listed.slice(start), ...listed.slice(0, start)].slice(0, maxExamined)
  const deadline = Date.now() + budgetMs
  let removed = 0
  for (let at = 0; at < order.length && Date.now() < deadline; at += AT_ONCE) {
    await Promise.all(
      order.slice(at, at + AT_ONCE).map(async ({ key, etag }) => {
        const stored = await store.read(key, etag)
        if (stored === null || !isSpent(key, stored.value)) return
        await store.remove(key)
        removed += 1
      }),
    )
  }
  return removed
}
