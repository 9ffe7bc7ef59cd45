import { describe, expect, it } from 'vitest'

import { LIMITS } from '../../../src/contract/limits'
import { SHARD_IDS } from '../../../src/contract/media-pages'
import { inBatches } from '../../../src/lib/in-batches'

describe('inBatches', () => {
  it('sends ids spread over the library in batches of at most the shard bound, and gets every result', async () => {
    // 1,027 matches of a search, each in its own shard, as a select-all over a million files gives them.
    const ids = Array.from({ length: 1027 }, (_, i) => (1027 - i) * SHARD_IDS + 3)
    const sent: number[][] = []
    const run = await inBatches(ids, (batch) => {
      sent.push(batch)
      return Promise.resolve(batch.map((id) => ({ id, success: true })))
    })
    expect(sent).toHaveLength(Math.ceil(1027 / LIMITS.batchShards))
    expect(sent.every((batch) => batch.length <= LIMITS.batchShards)).toBe(true)
    expect(run.failure).toBeUndefined()
    expect(run.results.map(({ id }) => id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b))
  })

  it('stops at a batch that fails, keeping what the batches before it did', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => i * SHARD_IDS)
    let calls = 0
    const run = await inBatches(ids, (batch) => {
      calls++
      if (calls === 2) return Promise.reject(new Error('down'))
      return Promise.resolve(batch.map((id) => ({ id, success: true })))
    })
    expect(calls).toBe(2)
    expect(run.results).toHaveLength(LIMITS.batchShards)
    expect(run.failure).toEqual(new Error('down'))
  })
})
