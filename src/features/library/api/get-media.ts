import { useEffect, useMemo } from 'react'
import useSWRInfinite from 'swr/infinite'

import { ENDPOINTS, mediaPageSchema, type MediaPage } from '../../../contract/api'
import { LIMITS } from '../../../contract/limits'
import type { MediaRecord } from '../../../contract/record'
import { apiRequest } from '../../../lib/api-client'

/**
 * The SWR key of one page of the file list: the first page, then each following `next` cursor; null
 * once the last page is in. Pages are as large as the API allows, so 50,000 files are ten requests.
 */
export function mediaPageKey(index: number, previous: MediaPage | null): string | null {
  if (previous !== null && previous.next === null) return null
  const query = new URLSearchParams({ limit: String(LIMITS.pageMax) })
  if (index > 0 && previous?.next) query.set('cursor', previous.next)
  return `${ENDPOINTS.media}?${query.toString()}`
}

export function getMediaPage(key: string): Promise<MediaPage> {
  return apiRequest(key, { schema: mediaPageSchema })
}

/**
 * Every page of the file list. The first page renders at once; the following pages load one after
 * the other behind it (DESIGN section 5).
 */
export function useMediaPages() {
  const swr = useSWRInfinite<MediaPage, Error>(mediaPageKey, getMediaPage, {
    revalidateOnFocus: false,
    // Loading page n + 1 must not fetch page 1 again.
    revalidateFirstPage: false,
  })
  const { data, size, setSize, error } = swr
  const last = data?.at(-1)
  const morePages = last !== undefined && last.next !== null
  useEffect(() => {
    if (morePages && data?.length === size && error === undefined) void setSize(size + 1)
  }, [morePages, data?.length, size, setSize, error])
  const records = useMemo<readonly MediaRecord[] | undefined>(
    () => data?.flatMap((page) => page.records),
    [data],
  )
  return { ...swr, records, loadingMore: morePages && error === undefined }
}
