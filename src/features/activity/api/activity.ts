import useSWR from 'swr'
import useSWRInfinite from 'swr/infinite'

import type { ActivityPage } from '../../../contract/activity'
import { ENDPOINTS } from '../../../contract/endpoints'
import { apiRequest } from '../../../lib/api-client'

/** What the Activity panel asks for: each filter optional. */
export interface ActivityFilters {
  actor?: string
  action?: string
  file_id?: number
}

/** `GET /api/activity` with `filters` and the page's `cursor`, as its query. */
export function activityPath(filters: ActivityFilters, cursor?: string): string {
  const query = new URLSearchParams()
  if (filters.actor) query.set('actor', filters.actor)
  if (filters.action) query.set('action', filters.action)
  if (filters.file_id !== undefined) query.set('file_id', String(filters.file_id))
  if (cursor) query.set('cursor', cursor)
  const text = query.toString()
  return text === '' ? ENDPOINTS.activity : `${ENDPOINTS.activity}?${text}`
}

const getPage = (path: string): Promise<ActivityPage> => apiRequest(path, { schema: 'activityPage' })

/** The log under `filters`, newest first, a page at a time: `setSize` asks for the next. */
export function useActivity(filters: ActivityFilters, enabled: boolean) {
  return useSWRInfinite<ActivityPage, Error>(
    (index, previous: ActivityPage | null) => {
      if (!enabled) return null
      if (index === 0) return activityPath(filters)
      return previous?.next_cursor ? activityPath(filters, previous.next_cursor) : null
    },
    getPage,
    { revalidateOnFocus: false, revalidateFirstPage: true },
  )
}

/** A file's latest events, for Details (one page: the newest). */
export function useFileHistory(fileId: number) {
  return useSWR<ActivityPage, Error>(activityPath({ file_id: fileId }), getPage, { revalidateOnFocus: false })
}
