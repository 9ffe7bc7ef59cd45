import useSWR from 'swr'

import type { TrashPage } from '../../../contract/api'
import { ENDPOINTS } from '../../../contract/endpoints'
import { LIMITS } from '../../../contract/limits'
import { apiRequest } from '../../../lib/api-client'

export type TrashedRecord = TrashPage['records'][number]

export const trashKey = () => ENDPOINTS.trash

export interface TrashList {
  /** Every trashed record, most recently deleted first. */
  records: TrashedRecord[]
  /** Days a record stays in the trash before the daily purge deletes it (`TRASH_PURGE_DAYS`). */
  purgeDays: number
}

/** Every trashed record, following `next` from page to page, and the trash's purge days. */
export async function getTrash(): Promise<TrashList> {
  const records: TrashedRecord[] = []
  let purgeDays: number
  let cursor: string | null = null
  do {
    const query = new URLSearchParams({ limit: String(LIMITS.pageMax) })
    if (cursor !== null) query.set('cursor', cursor)
    const page = await apiRequest(`${ENDPOINTS.trash}?${query.toString()}`, { schema: 'trashPage' })
    records.push(...page.records)
    purgeDays = page.purge_days
    cursor = page.next
  } while (cursor !== null)
  return { records, purgeDays }
}

export function useTrash() {
  return useSWR<TrashList, Error>(trashKey(), getTrash, { revalidateOnFocus: false })
}
