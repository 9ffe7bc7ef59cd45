import { describe, expect, it } from 'vitest'

import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import {
  BUDGET_KEY,
  burstOf,
  webflowBudget,
  WebflowBudgetSpentError,
} from '../../../../netlify/server/webflow/request-budget'

/** A budget on its own store and clock; every wait it asks for is recorded and passes at once. */
function budgetAt(ratePerMinute: number, maxWaitMs?: number) {
  const documents = new MemoryDocumentStore()
  let clock = 1_000_000
  const waits: number[] = []
  const options = {
    maxWaitMs,
    now: () => clock,
    sleep: (ms: number) => {
      waits.push(ms)
      clock += ms
      return Promise.resolve()
    },
  }
  return {
    documents,
    waits,
    advance: (ms: number) => (clock += ms),
    // A second instance on the same store: the budget is the site's, not the instance's.
    budget: () => webflowBudget(documents, ratePerMinute, options),
  }
}

describe('the Webflow request budget', () => {
  it('gives a burst of ten seconds of the rate at once, then one request per 60 s / rate', async () => {
    const { budget, waits } = budgetAt(60)
    expect(burstOf(60)).toBe(10)
    for (let request = 0; request < 10; request++) await budget().take()
    expect(waits).toEqual([])
    await budget().take()
    await budget().take()
    expect(waits).toEqual([1_000, 1_000])
  })

  it('is shared by every instance through the store, and refills with time', async () => {
    const { budget, waits, advance, documents } = budgetAt(120)
    const [one, two] = [budget(), budget()]
    for (let request = 0; request < burstOf(120); request++) await (request % 2 ? one : two).take()
    expect(waits).toEqual([])
    await one.take()
    expect(waits).toEqual([500])
    advance(5_000)
    for (let request = 0; request < 10; request++) await two.take()
    expect(waits).toEqual([500])
    expect(await documents.read(BUDGET_KEY)).not.toBeNull()
  })

  it('throws instead of waiting longer than allowed, and reserves nothing then', async () => {
    const { budget, waits, advance } = budgetAt(6, 5_000)
    await budget().take()
    const spent = await budget()
      .take()
      .catch((error: unknown) => error)
    expect(spent).toBeInstanceOf(WebflowBudgetSpentError)
    expect((spent as WebflowBudgetSpentError).retryAfterMs).toBe(10_000)
    expect((spent as Error).message).toMatch(/^Deferred: the site's Webflow request budget is spent/)
    advance(10_000)
    await budget().take()
    expect(waits).toEqual([])
  })

  it('counts a bucket that is not one as full', async () => {
    const { budget, documents, waits } = budgetAt(60)
    await documents.write(BUDGET_KEY, { tokens: 'many' }, { ifNew: true })
    await budget().take()
    expect(waits).toEqual([])
  })
})
