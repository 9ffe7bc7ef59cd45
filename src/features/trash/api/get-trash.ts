import useSWR from 'swr'

import { ENDPOINTS, trashPageSchema, type TrashPage } from '../../../contract/api'
import { LIMITS } from '../../../contract/limits'
import { apiRequest } from '../../../lib/api-client'

export type TrashedRecord = TrashPage['records'][number]

export const trashKey = () => ENDPOINTS.trash

/** Every trashed record, most recently deleted first, following `next` from page to page. */
export async function getTrash(): Promise<TrashedRecord[]> {
  const records: TrashedRecord[] = []
  let cursor: string | null = null
  do {
    const query = new URLSearchParams({ limit: String(LIMITS.pageMax) })
    if (cursor !== null) query.set('cursor', cursor)
    const page = await apiRequest(`${ENDPOINTS.trash}?${query.toString()}`, { schema: trashPageSchema })
    records.push(...page.records)
    cursor = page.next
  } while (cursor !== null)
  return records
}

export function useTrash() {
  return useSWR<TrashedRecord[], Error>(trashKey(), getTrash, { revalidateOnFocus: false })
}
