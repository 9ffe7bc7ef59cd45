import { describe, expect, it } from 'vitest'

import {
  budgetKey,
  clientAddress,
  removeFullBuckets,
  RENDER_BUDGET,
  spendRenderBudget,
} from '../../../../netlify/server/images/render-budget'
import { TooManyRequestsError } from '../../../../netlify/server/errors'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'

const { burstMegapixels, megapixelsPerMinute } = RENDER_BUDGET

describe("the image route's render budget", () => {
  it('spends megapixels down to nothing, refuses with the wait, and refills at its rate', async () => {
    const documents = new MemoryDocumentStore()
    let time = 1_000_000
    const now = () => time
    await spendRenderBudget(documents, 'a', burstMegapixels - 10, now)
    await spendRenderBudget(documents, 'a', 10, now)
    const refused = await spendRenderBudget(documents, 'a', 30, now).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(TooManyRequestsError)
    // 30 megapixels come back in 30 / (1,000 a minute) = 1.8 s: asked to wait 2 s.
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBe(2)
    // A refusal takes nothing: after the wait the render goes through.
    time += (30 / megapixelsPerMinute) * 60_000
    await spendRenderBudget(documents, 'a', 30, now)
    // Another address has a bucket of its own.
    await spendRenderBudget(documents, 'b', burstMegapixels, now)
  })

  it('never holds more than its burst, however long it rested', async () => {
    const documents = new MemoryDocumentStore()
    let time = 0
    await spendRenderBudget(documents, 'a', 1, () => time)
    time += 24 * 60 * 60_000
    await spendRenderBudget(documents, 'a', burstMegapixels, () => time)
    await expect(spendRenderBudget(documents, 'a', 1, () => time)).rejects.toBeInstanceOf(
      TooManyRequestsError,
    )
  })

  it('holds under concurrent renders: no more is spent than the burst', async () => {
    const documents = new MemoryDocumentStore()
    const now = () => 5_000
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, () => spendRenderBudget(documents, 'a', burstMegapixels / 20, now)),
    )
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(20)
  })

  it('keys each address by a digest, never as it came', () => {
    expect(budgetKey('203.0.113.9')).toMatch(/^image-work\/[0-9a-f]{32}$/)
    expect(budgetKey('203.0.113.9')).not.toContain('203')
    const from = (headers: Record<string, string>) => clientAddress(new Request('http://x/', { headers }))
    expect(from({ 'x-nf-client-connection-ip': ' 203.0.113.9 ' })).toBe('203.0.113.9')
    expect(from({})).toBe('unknown')
  })
})

describe('removeFullBuckets', () => {
  it("removes an address's bucket once it is full again, and keeps one still refilling", async () => {
    const documents = new MemoryDocumentStore()
    let time = 1_000_000
    await spendRenderBudget(documents, 'quiet', burstMegapixels, () => time)
    // Empty, the bucket is full again after burst / rate minutes.
    const refillMs = (burstMegapixels / megapixelsPerMinute) * 60_000
    time += refillMs - 1_000
    await spendRenderBudget(documents, 'busy', 100, () => time)
    expect(await removeFullBuckets(documents, time)).toBe(0)
    time += 1_000
    expect(await removeFullBuckets(documents, time)).toBe(1)
    expect(await documents.read(budgetKey('quiet'))).toBeNull()
    expect(await documents.read(budgetKey('busy'))).not.toBeNull()
    // Removed, the bucket is what it was: full.
    await spendRenderBudget(documents, 'quiet', burstMegapixels, () => time)
  })

  it('removes a bucket that is not one, which counts as full', async () => {
    const documents = new MemoryDocumentStore()
    await documents.write(budgetKey('a'), { megapixels: 'many' }, { ifNew: true })
    expect(await removeFullBuckets(documents)).toBe(1)
  })
})
