import useSWR from 'swr'

import { ENDPOINTS } from '../../../contract/endpoints'
import type { Folder } from '../../../contract/folder'
import { apiRequest } from '../../../lib/api-client'

export const foldersKey = () => ENDPOINTS.folderList

export function getFolders(): Promise<Folder[]> {
  return apiRequest(ENDPOINTS.folderList, { schema: 'folderList' })
}

export function useFolders() {
  return useSWR<Folder[], Error>(foldersKey(), getFolders, { revalidateOnFocus: false })
}
