import useSWR from 'swr'

import { ENDPOINTS, folderListSchema } from '../../../contract/api'
import type { Folder } from '../../../contract/folder'
import { apiRequest } from '../../../lib/api-client'

export const foldersKey = () => ENDPOINTS.folderList

export function getFolders(): Promise<Folder[]> {
  return apiRequest(ENDPOINTS.folderList, { schema: folderListSchema })
}

export function useFolders() {
  return useSWR<Folder[], Error>(foldersKey(), getFolders, { revalidateOnFocus: false })
}
