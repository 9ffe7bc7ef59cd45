import type { BatchResponse } from '../../../contract/api'
import type { FileId } from '../../../contract/ids'
import { apiRequest } from '../../../lib/api-client'
import { errorMessage } from '../../../lib/api-errors'
import { inBatches } from '../../../lib/in-batches'

/**
 * Posts `ids` to a trash endpoint in batches of the API's limit, one after the other, and joins the
 * answers. When a batch fails as a whole and none went before it, that failure is thrown. When some
 * went before it, they have taken effect: the answer keeps them, and names each id not attempted as
 * failed with that failure's message, so the screen shows both.
 */
export async function postInBatches(path: string, ids: readonly number[]): Promise<BatchResponse> {
  const run = await inBatches(ids, async (batch) => {
    const answer = await apiRequest(path, { method: 'POST', body: { ids: batch }, schema: 'batchResponse' })
    return answer.results
  })
  if (run.failure !== undefined && run.results.length === 0)
    throw run.failure instanceof Error ? run.failure : new Error(errorMessage(run.failure, 'Network error'))
  const results = [...run.results]
  if (run.failure !== undefined) {
    const error = errorMessage(run.failure, 'Network error')
    const answered = new Set<number>(results.map((result) => result.id))
    for (const id of ids) if (!answered.has(id)) results.push({ id: id as FileId, success: false, error })
  }
  const succeeded = results.filter((result) => result.success).length
  return { results, succeeded, failed: results.length - succeeded }
}
