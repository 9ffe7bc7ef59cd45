import * as z from 'zod'

import type { DocumentStore } from '../storage/document-store'
import { mutateDocument } from '../storage/mutate'

/**
 * The site's one budget of Webflow requests, shared by every job, every instance and the connection
 * test (decision 0034): a token bucket kept in the document store and updated by compare-and-swap. It
 * refills at `WEBFLOW_RATE_PER_MINUTE` and holds at most ten seconds of it, so a burst stays well within
 * Webflow's own minute.
 */
export const BUDGET_KEY = 'webflow/budget'

const bucketSchema = z.object({ tokens: z.number(), at: z.number() })
type Bucket = z.infer<typeof bucketSchema>

/** Takes one request from the budget before a call to Webflow: waits for it, or throws when it may not. */
export interface RequestBudget {
  take(): Promise<void>
}

/** The budget has no request to spare within the wait allowed: the work is deferred. */
export class WebflowBudgetSpentError extends Error {
  override name = 'WebflowBudgetSpentError'
  constructor(readonly retryAfterMs: number) {
    super(
      `Deferred: the site's Webflow request budget is spent for now; sync again in ${String(Math.ceil(retryAfterMs / 1000))} s, or let Sync all pick it up`,
    )
  }
}

export interface BudgetOptions {
  /** The longest one call may wait for its request; past it the call throws `WebflowBudgetSpentError`. */
  maxWaitMs?: number
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}

/** The requests the bucket holds at most: ten seconds of the rate, and at least one. */
export function burstOf(ratePerMinute: number): number {
  return Math.max(1, Math.ceil(ratePerMinute / 6))
}

/**
 * A budget over `documents`. Taking a request that is not there yet reserves it (the bucket goes below
 * zero) and waits until it would have refilled, so waiters are served in the order they came and each
 * take is one write; a wait longer than `maxWaitMs` reserves nothing and throws.
 */
export function webflowBudget(
  documents: DocumentStore,
  ratePerMinute: number,
  { maxWaitMs = 60_000, now = Date.now, sleep = defaultSleep }: BudgetOptions = {},
): RequestBudget {
  const perMs = ratePerMinute / 60_000
  const burst = burstOf(ratePerMinute)
  return {
    async take() {
      const outcome = await mutateDocument<Bucket | null, { waitMs: number; spent: boolean }>(
        documents,
        BUDGET_KEY,
        parseBucket,
        (current) => {
          const at = now()
          const elapsed = current ? Math.max(0, at - current.at) : 0
          const tokens = current ? Math.min(burst, current.tokens + elapsed * perMs) : burst
          const left = tokens - 1
          const waitMs = left >= 0 ? 0 : Math.ceil(-left / perMs)
          if (waitMs > maxWaitMs) return { next: undefined, result: { waitMs, spent: true } }
          return { next: { tokens: left, at }, result: { waitMs, spent: false } }
        },
      )
      if (outcome.spent) throw new WebflowBudgetSpentError(outcome.waitMs)
      if (outcome.waitMs > 0) await sleep(outcome.waitMs)
    },
  }
}

/** A bucket that is not one (written by hand, or cut short) counts as full and is written afresh. */
function parseBucket(value: unknown): Bucket | null {
  return bucketSchema.safeParse(value).data ?? null
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
