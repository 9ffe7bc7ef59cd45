import { useDeferredValue, useEffect, useMemo, useState } from 'react'

import type { MediaRecord } from '../../../contract/record'
import type { Filters, Sort } from './filters'
import { MediaIndex, queryIndex } from './media-index'
import { whenIdle } from './when-idle'

/**
 * The files to show for the current filters and sort. The index is rebuilt only when the data changes
 * (its search columns while the page is idle); each query is one pass over it. Both run in a deferred
 * render, so the search box and the controls always answer at once while a query over 100,000 files
 * finishes behind them.
 */
export function useMediaQuery(records: readonly MediaRecord[], filters: Filters, sort: Sort) {
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
  // The search text and filter columns are made after the first screen is painted, before the first query.
  useEffect(() => whenIdle((more) => index.prepare(more)), [index])
  const positions = useMemo(
    () => queryIndex(index, deferredFilters, deferredSort),
    [index, deferredFilters, deferredSort],
  )
  const stale = records !== deferredRecords || filters !== deferredFilters || sort !== deferredSort
  return { index, positions, stale }
}

/** The ids shown, in display order (for select-all and shift-click ranges). */
export function shownIds(index: MediaIndex, positions: Uint32Array): number[] {
  const ids = new Array<number>(positions.length)
  positions.forEach((position, place) => {
    ids[place] = index.records[position]?.id ?? -1
  })
  return ids
}
