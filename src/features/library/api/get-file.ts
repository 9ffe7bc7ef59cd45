import { ENDPOINTS } from '../../../contract/endpoints'
import type { MediaRecord } from '../../../contract/record'
import { apiRequest } from '../../../lib/api-client'

/** One file's record as the server holds it now, in the trash or not (`deleted_at`). */
export function getFile(id: number): Promise<MediaRecord> {
  return apiRequest(ENDPOINTS.mediaFile(id), { schema: 'mediaFileAnswer' }).then((answer) => answer.record)
}
