import { useEffect, useMemo, useState } from 'react'
import useSWR from 'swr'
import useSWRInfinite from 'swr/infinite'

import type { ActivityPage } from '../../../contract/activity'
import { ACTIVITY_LIMITS } from '../../../contract/activity-limits'
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

/**
 * The log under `filters`, newest first, a page at a time. A filter that matches little may answer
 * fewer events than a page, or none, with a cursor where the server's scan stopped (decision 0075):
 * the hook follows cursors by itself until it holds a page more than before (`lookingFurther` meanwhile)
 * or the log ends. `showMore` asks for the next page.
 */
export function useActivity(filters: ActivityFilters, enabled: boolean) {
  const pages = useSWRInfinite<ActivityPage, Error>(
    (index, previous: ActivityPage | null) => {
      if (!enabled) return null
      if (index === 0) return activityPath(filters)
      return previous?.next_cursor ? activityPath(filters, previous.next_cursor) : null
    },
    getPage,
    { revalidateOnFocus: false, revalidateFirstPage: true },
  )
  const { data, error, size, setSize, mutate } = pages
  const events = useMemo(() => data?.flatMap((page) => page.events) ?? [], [data])
  // How many events the panel wants, for these filters: a page, and a page more at each Show more.
  const filtersKey = activityPath(filters)
  const [wanted, setWanted] = useState<{ filtersKey: string; count: number }>({
    filtersKey,
    count: ACTIVITY_LIMITS.pageSize,
  })
  const wantedCount = wanted.filtersKey === filtersKey ? wanted.count : ACTIVITY_LIMITS.pageSize
  const settled = data !== undefined && data.length === size
  const cursorLeft = data?.at(-1)?.next_cursor != null
  const lookingFurther = cursorLeft && events.length < wantedCount && error === undefined
  useEffect(() => {
    if (lookingFurther && settled) void setSize(size + 1)
  }, [lookingFurther, settled, setSize, size])
  return {
    events,
    error,
    loaded: data !== undefined,
    lookingFurther,
    more: cursorLeft && !lookingFurther,
    showMore: () => {
      setWanted({ filtersKey, count: events.length + ACTIVITY_LIMITS.pageSize })
      // After a failed call, asking again is the way on.
      if (error !== undefined) void mutate()
    },
  }
}

/** A file's latest events, for Details (one page: the newest). */
export function useFileHistory(fileId: number) {
  return useSWR<ActivityPage, Error>(activityPath({ file_id: fileId }), getPage, { revalidateOnFocus: false })
}
