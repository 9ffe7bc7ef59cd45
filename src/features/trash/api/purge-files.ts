import type { BatchResponse } from '../../../contract/api'
import { ENDPOINTS } from '../../../contract/endpoints'
import { postInBatches } from './in-batches'

/** Deletes trashed files for good, with the stored files no other record uses. */
export function purgeFiles(ids: readonly number[]): Promise<BatchResponse> {
  return postInBatches(ENDPOINTS.trashPurge, ids)
}
