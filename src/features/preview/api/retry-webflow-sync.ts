import { ENDPOINTS } from '../../../contract/endpoints'
import type { MediaRecord } from '../../../contract/record'
import { apiRequest } from '../../../lib/api-client'

/** Mirrors one record to Webflow again; answers the record, now pending. */
export function retryWebflowSync(id: number): Promise<MediaRecord> {
  return apiRequest(ENDPOINTS.webflowSync(id), { method: 'POST', schema: 'webflowSyncResponse' }).then(
    (answer) => answer.record,
  )
}
