import type { BatchResponse } from '../../../contract/api'
import { ENDPOINTS } from '../../../contract/endpoints'
import { postInBatches } from './in-batches'

/** Takes files out of the trash, back into their folders; each result carries the restored record. */
export function restoreFiles(ids: readonly number[]): Promise<BatchResponse> {
  return postInBatches(ENDPOINTS.trashRestore, ids)
}
