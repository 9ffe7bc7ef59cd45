import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { batchDeleteRequestSchema, batchUpdateRequestSchema } from '../../../src/contract/api'
import { batchesOf, batchShardsProblem, shardsHolding } from '../../../src/contract/batch-shards'
import { LIMITS } from '../../../src/contract/limits'
import { SHARD_IDS, shardOfId } from '../../../src/contract/media-pages'

/** One id in each of `count` shards, from shard `first`, given in reverse. */
const spread = (count: number, first = 0) =>
  Array.from({ length: count }, (_, i) => (first + count - i) * SHARD_IDS + 7)

describe('the record shards of a batch', () => {
  it('counts the shards ids fall in: 500 consecutive ids a shard', () => {
    expect(shardOfId(499)).toBe(0)
    expect(shardOfId(500)).toBe(1)
    expect(shardsHolding([1, 2, 499])).toBe(1)
    expect(shardsHolding([499, 500, 999, 1000])).toBe(3)
    expect(shardsHolding(spread(30))).toBe(30)
  })

  it('has no problem up to the bound and says how to split past it', () => {
    expect(batchShardsProblem(spread(LIMITS.batchShards))).toBeNull()
    expect(batchShardsProblem(Array.from({ length: 500 }, (_, i) => 1000 + i))).toBeNull()
    expect(batchShardsProblem(spread(LIMITS.batchShards + 1))).toBe(
      `These ${String(LIMITS.batchShards + 1)} files are stored in ${String(LIMITS.batchShards + 1)} groups ` +
        `of 500 consecutive ids, and one call may change files in at most ${String(LIMITS.batchShards)} ` +
        'groups: files whose ids are far apart are stored apart. Split the batch into smaller ones, sorting ' +
        `the ids first so that each batch's ids fall in at most ${String(LIMITS.batchShards)} groups (any ` +
        `${String(LIMITS.batchShards)} ids always do).`,
    )
  })

  it('is checked by the batch schemas, with the message as it is', () => {
    const ids = spread(LIMITS.batchShards + 1)
    const deletes = batchDeleteRequestSchema.safeParse({ ids })
    expect(deletes.error?.issues[0]?.message).toBe(batchShardsProblem(ids))
    const updates = batchUpdateRequestSchema.safeParse({
      updates: ids.map((id) => ({ id, fields: { title: 'x' } })),
    })
    expect(updates.error?.issues[0]?.message).toBe(batchShardsProblem(ids))
    expect(batchDeleteRequestSchema.safeParse({ ids: ids.slice(1) }).success).toBe(true)
  })
})

describe('batchesOf', () => {
  it('cuts consecutive ids at 500 a batch', () => {
    const ids = Array.from({ length: 1200 }, (_, i) => i + 1)
    expect(batchesOf(ids).map((batch) => batch.length)).toEqual([500, 500, 200])
  })

  it('cuts spread ids at the shard bound, sorted', () => {
    const batches = batchesOf(spread(60))
    expect(batches.map((batch) => batch.length)).toEqual([LIMITS.batchShards, LIMITS.batchShards, 10])
    expect(batches.flat()).toEqual([...spread(60)].sort((a, b) => a - b))
  })

  it('keeps a shard whole in one batch when it fits: ids sorted first', () => {
    const ids = [5, 100_000, 6, 100_001, 7]
    expect(batchesOf(ids)).toEqual([[5, 6, 7, 100_000, 100_001]])
  })

  it('names each id once, as the server asks', () => {
    expect(batchesOf([7, 5, 7, 6, 5])).toEqual([[5, 6, 7]])
  })

  it('makes batches the server takes, the fewest the sorted ids allow, of every id', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 200_000 }), { maxLength: 3_000 }), (ids) => {
        const batches = batchesOf(ids)
        for (const batch of batches) {
          expect(batch.length).toBeGreaterThan(0)
          expect(batch.length).toBeLessThanOrEqual(LIMITS.batchItems)
          expect(batchShardsProblem(batch)).toBeNull()
        }
        // Every id, once: the server refuses an id named twice in one call.
        const sorted = [...new Set(ids)].sort((a, b) => a - b)
        expect(batches.flat()).toEqual(sorted)
        // Each cut was forced: the next id would break one bound or the other.
        batches.slice(0, -1).forEach((batch, i) => {
          const next = batches[i + 1]?.[0] ?? 0
          const grown = [...batch, next]
          expect(grown.length > LIMITS.batchItems || shardsHolding(grown) > LIMITS.batchShards).toBe(true)
        })
      }),
    )
  })
})
