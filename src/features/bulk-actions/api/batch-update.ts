import type { BatchResponse } from '../../../contract/api'
import { ENDPOINTS } from '../../../contract/endpoints'
import type { RecordFields } from '../../../lib/record-changes'
import { apiRequest } from '../../../lib/api-client'

export function batchUpdate(ids: readonly number[], fields: RecordFields): Promise<BatchResponse> {
  return apiRequest(ENDPOINTS.batchUpdate, {
    method: 'POST',
    body: { updates: ids.map((id) => ({ id, fields })) },
    schema: 'batchResponse',
  })
}
