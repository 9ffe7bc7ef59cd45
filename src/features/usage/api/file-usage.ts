import useSWR from 'swr'

import { ENDPOINTS } from '../../../contract/endpoints'
import { fileUsageSchema, type FileUsage } from '../../../contract/usage'
import { apiRequest } from '../../../lib/api-client'

export const fileUsageKey = (fileId: number) => ENDPOINTS.mediaUsage(fileId)

/** Where the file is used: its Webflow item, its live share links, its folder (decision 0073). */
export function useFileUsage(fileId: number) {
  return useSWR<FileUsage, Error>(fileUsageKey(fileId), () =>
    apiRequest(ENDPOINTS.mediaUsage(fileId), { schema: fileUsageSchema }),
  )
}
