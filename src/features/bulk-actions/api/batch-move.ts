import type { BatchMoveResponse } from '../../../contract/api'
import { ENDPOINTS } from '../../../contract/endpoints'
import { apiRequest } from '../../../lib/api-client'

export function batchMove(fileIds: readonly number[], folderId: number | null): Promise<BatchMoveResponse> {
  return apiRequest(ENDPOINTS.batchMoveToFolder, {
    method: 'POST',
    body: { fileIds, folderId },
    schema: 'batchMoveResponse',
  })
}
