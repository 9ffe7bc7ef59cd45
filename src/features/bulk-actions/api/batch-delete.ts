import type { BatchResponse } from '../../../contract/api'
import { ENDPOINTS } from '../../../contract/endpoints'
import { apiRequest } from '../../../lib/api-client'

export function batchDelete(ids: readonly number[]): Promise<BatchResponse> {
  return apiRequest(ENDPOINTS.batchDelete, { method: 'POST', body: { ids }, schema: 'batchResponse' })
}
