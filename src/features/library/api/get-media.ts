import { useEffect, useMemo } from 'react'
import useSWRInfinite from 'swr/infinite'

import { ENDPOINTS, type MediaPage } from '../../../contract/api'
import { LIMITS } from '../../../contract/limits'
import type { MediaRecord } from '../../../contract/record'
import { apiRequest } from '../../../lib/api-client'
import { mediaAnswerSchema } from './media-answer'

/**
 * The SWR key of one page of the file list: the plain `/api/media` of the spec first (its default page
 * size keeps the first paint quick), then each following `next` cursor with the largest page the API
 * allows; null once the last page is in.
 */
export function mediaPageKey(index: number, previous: MediaPage | null): string | null {
  if (index === 0) return ENDPOINTS.media
  if (previous === null || previous.next === null) return null
  const query = new URLSearchParams({ cursor: previous.next, limit: String(LIMITS.pageMax) })
  return `${ENDPOINTS.media}?${query.toString()}`
}

/** User Timing mark set when a page of the list is read and validated: where the grid's mount starts. */
export const MEDIA_PAGE_MARK = 'media-page-ready'

export async function getMediaPage(key: string): Promise<MediaPage> {
  const page = await apiRequest(key, { schema: mediaAnswerSchema })
  // The screen benchmark times the grid's mount from here (the data in hand) to its first painted frame.
  performance.mark(MEDIA_PAGE_MARK, { detail: page.records.length })
  return page
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
