import type { FolderDeleteResponse } from '../../../contract/api'
import { ENDPOINTS } from '../../../contract/endpoints'
import { apiRequest } from '../../../lib/api-client'

/** Deletes a folder and those below it; their files move up to its parent. */
export function deleteFolder(id: number): Promise<FolderDeleteResponse> {
  return apiRequest(ENDPOINTS.folderDelete(id), { method: 'DELETE', schema: 'folderDeleteResponse' })
}
