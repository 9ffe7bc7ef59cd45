import useSWR from 'swr'

import { ENDPOINTS, mediaPageSchema } from '../../../contract/api'
import type { MediaRecord } from '../../../contract/record'
import { apiRequest } from '../../../lib/api-client'

/** The SWR key of the whole file list; mutations revalidate through this, never a typed string. */
export const mediaKey = () => ENDPOINTS.media

/** Every record, following the `next` cursor page by page. */
export async function getAllMedia(): Promise<MediaRecord[]> {
  const records: MediaRecord[] = []
  let cursor: string | null = null
  do {
    const query: string = cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`
    const page = await apiRequest(`${ENDPOINTS.media}${query}`, { schema: mediaPageSchema })
    records.push(...page.records)
    cursor = page.next
  } while (cursor !== null)
  return records
}

export function useMedia() {
  return useSWR<MediaRecord[], Error>(mediaKey(), getAllMedia, { revalidateOnFocus: false })
}
