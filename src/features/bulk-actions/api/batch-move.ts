import { batchMoveResponseSchema, ENDPOINTS, type BatchMoveResponse } from '../../../contract/api'
import { apiRequest } from '../../../lib/api-client'

export function batchMove(fileIds: readonly number[], folderId: number | null): Promise<BatchMoveResponse> {
  return apiRequest(ENDPOINTS.batchMoveToFolder, {
    method: 'POST',
    body: { fileIds, folderId },
    schema: batchMoveResponseSchema,
  })
}
