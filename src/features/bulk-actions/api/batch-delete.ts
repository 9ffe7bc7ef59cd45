import { batchResponseSchema, ENDPOINTS, type BatchResponse } from '../../../contract/api'
import { apiRequest } from '../../../lib/api-client'

export function batchDelete(ids: readonly number[]): Promise<BatchResponse> {
  return apiRequest(ENDPOINTS.batchDelete, { method: 'POST', body: { ids }, schema: batchResponseSchema })
}
