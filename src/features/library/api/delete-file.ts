import { ENDPOINTS } from '../../../contract/endpoints'
import type { FileId } from '../../../contract/ids'
import { apiRequest } from '../../../lib/api-client'

export function deleteFile(id: number): Promise<FileId> {
  return apiRequest(ENDPOINTS.delete(id), { method: 'DELETE', schema: 'deleteResponse' }).then(
    (answer) => answer.id,
  )
}
