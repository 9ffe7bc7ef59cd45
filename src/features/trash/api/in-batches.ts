import type { BatchResponse } from '../../../contract/api'
import { LIMITS } from '../../../contract/limits'
import { apiRequest } from '../../../lib/api-client'

/**
 * Posts `ids` to a trash endpoint in batches of the API's limit, one after the other, and joins the
 * answers. A batch that fails as a whole throws; the batches before it have taken effect.
 */
export async function postInBatches(path: string, ids: readonly number[]): Promise<BatchResponse> {
  const joined: BatchResponse = { results: [], succeeded: 0, failed: 0 }
  for (let start = 0; start < ids.length; start += LIMITS.batchItems) {
    const body = { ids: ids.slice(start, start + LIMITS.batchItems) }
    const answer = await apiRequest(path, { method: 'POST', body, schema: 'batchResponse' })
    joined.results.push(...answer.results)
    joined.succeeded += answer.succeeded
    joined.failed += answer.failed
  }
  return joined
}
