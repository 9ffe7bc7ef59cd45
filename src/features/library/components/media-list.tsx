import { Tooltip } from 'radix-ui'
import { useLayoutEffect, useRef } from 'react'

import type { Sort, SortKey } from '../model/filters'
import { ListHeader } from './list-header'
import { ListRow } from './list-row'
import type { ResultsProps } from './media-grid'
import { ResultsFrame } from './results-frame'
import { useResultsNavigation } from './use-results-navigation'
import { useScaledVirtualizer } from './use-scaled-virtualizer'
import '../../../components/ui/file-table.css'

const ROW_HEIGHT = 52
/** The sticky header's height: rows start below it, and scrolling to a row keeps it clear of it. */
const HEADER_HEIGHT = 42

interface MediaListProps extends ResultsProps {
  sort: Sort
  onSort: (key: SortKey) => void
}

/** The list view: a real table whose body renders only the rows in view, between two spacer rows. */
export function MediaList(props: MediaListProps) {
  const { results, selected, stale, onToggle, onOpen, sort, onSort, focusRequest } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  const { virtualizer, height, shift, scaled } = useScaledVirtualizer({
    count: results.count,
    rowHeight: ROW_HEIGHT,
    scrollRef,
    overscan: 8,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  })
  const navigation = useResultsNavigation({
    count: results.count,
    columns: 1,
    pageSize: 10,
    container: scrollRef,
    scrollToPosition: (position) => {
      virtualizer.scrollToIndex(position)
    },
    onToggle,
    onOpen,
    placeOf: (id) => results.placeOf(id),
    focusRequest,
  })
  // In a scaled scroll area (use-scaled-virtualizer.ts) rows are drawn `shift` higher; one that would
  // start above the table's body is out of view and left out, as a spacer cannot be negative.
  const rows = virtualizer.getVirtualItems().filter((row) => row.start - shift >= HEADER_HEIGHT)
  const top = (rows[0] === undefined ? HEADER_HEIGHT : rows[0].start - shift) - HEADER_HEIGHT
  const last = rows.at(-1)
  const bottom = height - (last === undefined ? HEADER_HEIGHT : last.end - shift)
  const firstRow = rows[0]?.index ?? 0
  const lastRow = last?.index ?? -1
  useLayoutEffect(() => {
    results.want(firstRow, lastRow + 1)
  }, [results, firstRow, lastRow])
  // The rows' icon buttons share one tooltip provider: once one tooltip shows, the next comes at once.
  return (
    <Tooltip.Provider delayDuration={400}>
      <ResultsFrame
        scrollRef={scrollRef}
        onKeyDown={navigation.onKeyDown}
        activate={navigation.setActive}
        label="Files"
        results={results}
        stale={stale}
      >
        <table
          className="file-table"
          aria-rowcount={results.count + 1}
          // Scaled, the table is as tall as the capped area whatever rows it holds: a scroll range that
          // changed by a border's half pixel as rows come and go would end a drag of the scrollbar.
          style={scaled ? { height: height + 2 } : undefined}
        >
          <ListHeader sort={sort} onSort={onSort} />
          <tbody>
            {top > 0 && <tr aria-hidden="true" style={{ height: top }} />}
            {rows.map((row) => {
              const record = results.recordAt(row.index)
              // A row not in hand yet holds its place until it arrives.
              if (record === undefined)
                return (
                  <tr
                    key={`pending-${String(row.index)}`}
                    className="file-table__pending"
                    aria-hidden="true"
                    style={{ height: ROW_HEIGHT }}
                  />
                )
              return (
                <ListRow
                  key={record.id}
                  record={record}
                  position={row.index}
                  selected={selected.has(record.id)}
                  active={navigation.active === row.index}
                />
              )
            })}
            {bottom > 0 && <tr aria-hidden="true" style={{ height: bottom }} />}
          </tbody>
        </table>
      </ResultsFrame>
    </Tooltip.Provider>
  )
}
