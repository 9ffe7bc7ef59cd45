import { batchesOf } from '../contract/batch-shards'

/** What a run in batches got: each item's result, and the error that stopped it early, if one did. */
export interface BatchRun<Result> {
  results: Result[]
  /** Set when a request failed as a whole; the items of the batches after it were not attempted. */
  failure: unknown
}

/**
 * Runs `request` over `ids` in the batches the API takes (`batchesOf`: sorted, at most
 * `LIMITS.batchItems` ids falling in at most `LIMITS.batchShards` record shards, decision 0058), one
 * after the other, and collects every item's result. A batch that fails as a whole stops the run; what
 * the batches before it did stays reported, since it has taken effect on the server.
 */
export async function inBatches<Result>(
  ids: readonly number[],
  request: (batch: number[]) => Promise<readonly Result[]>,
): Promise<BatchRun<Result>> {
  const results: Result[] = []
  for (const batch of batchesOf(ids)) {
    try {
      results.push(...(await request(batch)))
    } catch (failure) {
      return { results, failure }
    }
  }
  return { results, failure: undefined }
}
