import { useDeferredValue, useEffect, useMemo, useReducer, useState } from 'react'

import type { MediaRecord } from '../../../contract/record'
import type { Filters, Sort } from './filters'
import { firstScreen } from './first-screen'
import { IndexResults, type LibraryResults } from './library-results'
import { MediaIndex, queryIndex } from './media-index'
import { whenIdle } from './sliced-work'

/**
 * From this many files, a sort order not made yet is first shown as a first screen (first-screen.ts)
 * and made after the paint; below it, sorting takes a few milliseconds and is done at once.
 */
const FIRST_SCREEN_FROM = 20_000

/**
 * The files to show for the current filters and sort. The index is rebuilt only when the data changes;
 * each query is one pass over it. Both run in a deferred render, so the search box and the controls
 * always answer at once while a query over 100,000 files finishes behind them. For a large list the
 * first paint waits for neither the full sort nor the search text: both are made after it, while the
 * page is idle.
 */
export function useMediaQuery(
  records: readonly MediaRecord[],
  filters: Filters,
  sort: Sort,
  byId: { get: (id: number) => MediaRecord | undefined },
): { results: LibraryResults; stale: boolean } {
  const deferredRecords = useDeferredValue(records)
  const deferredFilters = useDeferredValue(filters)
  const deferredSort = useDeferredValue(sort)
  // Kept in state so the next page of the list extends the last index rather than starting over.
  const [built, setBuilt] = useState<MediaIndex | null>(null)
  let index = built
  if (index?.records !== deferredRecords) {
    index = new MediaIndex(deferredRecords, built ?? undefined)
    setBuilt(index)
  }
  const sortKey = deferredSort.key
  const [, orderMade] = useReducer((made: number) => made + 1, 0)
  const ordered = index.hasOrder(sortKey) || index.records.length < FIRST_SCREEN_FROM
  useEffect(() => {
    if (ordered) return
    return whenIdle(() => {
      index.order(sortKey)
      orderMade()
      return true
    })
  }, [index, sortKey, ordered])
  useEffect(() => whenIdle((more) => index.prepare(more)), [index])
  const positions = useMemo(
    () =>
      ordered
        ? queryIndex(index, deferredFilters, deferredSort)
        : firstScreen(index, deferredFilters, deferredSort),
    [index, deferredFilters, deferredSort, ordered],
  )
  const results = useMemo(
    () =>
      new IndexResults(index.records, positions, byId, {
        index,
        query: { filters: deferredFilters, sort: deferredSort },
        full: ordered,
      }),
    [index, positions, byId, deferredFilters, deferredSort, ordered],
  )
  const stale = records !== deferredRecords || filters !== deferredFilters || sort !== deferredSort
  return { results, stale }
}
