import type { FolderUpdateResponse } from '../../../contract/api'
import { ENDPOINTS } from '../../../contract/endpoints'
import type { FolderUpdate } from '../../../contract/folder'
import { apiRequest } from '../../../lib/api-client'

/** Renames a folder, moves it, or both; `useFolderChanges` shows it at once and revalidates after. */
export function updateFolder(id: number, input: FolderUpdate): Promise<FolderUpdateResponse> {
  return apiRequest(ENDPOINTS.folderUpdate(id), {
    method: 'POST',
    body: input,
    schema: 'folderUpdateResponse',
  })
}
