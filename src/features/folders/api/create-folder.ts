import { useSWRConfig } from 'swr'

import { ENDPOINTS } from '../../../contract/endpoints'
import type { Folder, FolderCreate } from '../../../contract/folder'
import { apiRequest } from '../../../lib/api-client'
import { foldersKey } from './get-folders'

export function createFolder(input: FolderCreate): Promise<Folder> {
  return apiRequest(ENDPOINTS.folderCreate, { method: 'POST', body: input, schema: 'folder' })
}

/** Creates a folder and adds the server's answer to the cached list, in the list's path order. */
export function useCreateFolder() {
  const { mutate } = useSWRConfig()
  return async (input: FolderCreate): Promise<Folder> => {
    const folder = await createFolder(input)
    await mutate<Folder[]>(
      foldersKey(),
      (folders = []) =>
        [...folders.filter((each) => each.id !== folder.id), folder].sort((a, b) =>
          a.path < b.path ? -1 : 1,
        ),
      { revalidate: false },
    )
    return folder
  }
}
