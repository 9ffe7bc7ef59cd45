import { deleteResponseSchema, ENDPOINTS } from '../../../contract/api'
import type { FileId } from '../../../contract/ids'
import { apiRequest } from '../../../lib/api-client'

export function deleteFile(id: number): Promise<FileId> {
  return apiRequest(ENDPOINTS.delete(id), { method: 'DELETE', schema: deleteResponseSchema }).then(
    (answer) => answer.id,
  )
}
