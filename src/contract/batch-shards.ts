import { LIMITS } from './limits'
import { SHARD_IDS, shardOfId } from './media-pages'

/**
 * How a batch call's ids are bounded by where they are stored (decision 0058): a call reads, checks and
 * rewrites each record shard its ids fall in, so at most `LIMITS.batchShards` shards a call, besides at
 * most `LIMITS.batchItems` ids. The server refuses a larger spread (`batchShardsProblem`); the screen and
 * the trash sweep cut their id lists with `batchesOf`, so they never send one.
 */

/** How many record shards hold `ids` (the shards they fall in). */
export function shardsHolding(ids: readonly number[]): number {
  return new Set(ids.map(shardOfId)).size
}

/** Why `ids` are too spread for one call, in words, or null when they are not. */
export function batchShardsProblem(ids: readonly number[]): string | null {
  const shards = shardsHolding(ids)
  if (shards <= LIMITS.batchShards) return null
  const most = String(LIMITS.batchShards)
  return (
    `These ${String(ids.length)} files are stored in ${String(shards)} groups of ${String(SHARD_IDS)} ` +
    `consecutive ids, and one call may change files in at most ${most} groups: files whose ids are far ` +
    `apart are stored apart. Split the batch into smaller ones, sorting the ids first so that each ` +
    `batch's ids fall in at most ${most} groups (any ${most} ids always do).`
  )
}

/**
 * `ids` sorted and cut into batches of at most `LIMITS.batchItems` ids falling in at most
 * `LIMITS.batchShards` shards: the fewest batches under both bounds, since sorted ids keep each shard's
 * ids together. Each id once, as the server takes them.
 */
export function batchesOf(ids: readonly number[]): number[][] {
  const sorted = [...new Set(ids)].sort((a, b) => a - b)
  const batches: number[][] = []
  let batch: number[] = []
  let shards = 0
  let lastShard = -1
  for (const id of sorted) {
    const shard = shardOfId(id)
    let newShard = batch.length === 0 || shard !== lastShard
    if (batch.length === LIMITS.batchItems || (newShard && shards === LIMITS.batchShards)) {
      batches.push(batch)
      batch = []
      shards = 0
      newShard = true
    }
    if (newShard) shards++
    batch.push(id)
    lastShard = shard
  }
  if (batch.length > 0) batches.push(batch)
  return batches
}
