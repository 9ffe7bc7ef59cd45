import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

import type { MediaPage } from '../../../contract/api'
import type { MediaRecord } from '../../../contract/record'
import type { MediaCache, RecordsChange } from '../../../lib/record-changes'
import { useMediaPages } from './get-media'

interface Pending {
  key: number
  change: RecordsChange
}

function mapPages(pages: MediaPage[] | undefined, change: RecordsChange): MediaPage[] | undefined {
  return pages?.map((page) => ({ ...page, records: [...change(page.records)] }))
}

export type MediaStatus =
  | { kind: 'loading' }
  | { kind: 'failed'; error: Error }
  | { kind: 'ready'; loadingMore: boolean; error: Error | undefined }

/**
 * The file list with its optimistic changes. SWR holds what the server confirmed; changes in flight are
 * an overlay applied on top, in order. A change that fails leaves the overlay (that is the rollback);
 * one that succeeds writes the server's answer into SWR and leaves it. Unlike SWR's `optimisticData`,
 * overlapping changes cannot undo each other (docs/architecture.md, Screen).
 */
export function useMedia() {
  const pages = useMediaPages()
  const { records: confirmed, mutate, error, isLoading, loadingMore } = pages
  const [pending, setPending] = useState<readonly Pending[]>([])
  const nextKey = useRef(0)
  // Writing an answer into an empty cache would also clear a load error; the failed screen must stay.
  const hasData = useRef(false)
  useEffect(() => {
    hasData.current = confirmed !== undefined
  }, [confirmed])

  const records = useMemo<readonly MediaRecord[] | undefined>(
    () => confirmed && pending.reduce((current, { change }) => change(current), confirmed),
    [confirmed, pending],
  )

  const change = useCallback<MediaCache['change']>(
    async (request, optimistic, settle) => {
      const key = nextKey.current++
      const leave = () => {
        setPending((current) => current.filter((entry) => entry.key !== key))
      }
      setPending((current) => [...current, { key, change: optimistic }])
      try {
        const result = await request()
        if (hasData.current)
          await mutate((current) => mapPages(current, settle(result)), { revalidate: false })
        return result
      } finally {
        leave()
      }
    },
    [mutate],
  )

  const reload = useCallback(async () => {
    await mutate()
  }, [mutate])

  const cache = useMemo<MediaCache>(() => ({ change, reload }), [change, reload])

  const status: MediaStatus =
    records === undefined
      ? isLoading || error === undefined
        ? { kind: 'loading' }
        : { kind: 'failed', error }
      : { kind: 'ready', loadingMore, error }

  return { records, status, cache }
}
