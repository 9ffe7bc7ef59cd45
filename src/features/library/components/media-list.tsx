import { useVirtualizer } from '@tanstack/react-virtual'
import { Tooltip } from 'radix-ui'
import { useRef } from 'react'

import type { Sort, SortKey } from '../model/filters'
import { ListHeader } from './list-header'
import { ListRow } from './list-row'
import type { ResultsProps } from './media-grid'
import { ResultsFrame } from './results-frame'
import { useResultsNavigation } from './use-results-navigation'

const ROW_HEIGHT = 52
/** The sticky header's height: rows start below it, and scrolling to a row keeps it clear of it. */
const HEADER_HEIGHT = 42

interface MediaListProps extends ResultsProps {
  sort: Sort
  onSort: (key: SortKey) => void
}

/** The list view: a real table whose body renders only the rows in view, between two spacer rows. */
export function MediaList(props: MediaListProps) {
  const { records, positions, selected, stale, onToggle, onOpen, sort, onSort, focusRequest } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  // The virtualizer is read afresh on every render; nothing here relies on compiler memoisation.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const virtualizer = useVirtualizer({
    count: positions.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  })
  const navigation = useResultsNavigation({
    count: positions.length,
    columns: 1,
    pageSize: 10,
    container: scrollRef,
    scrollToPosition: (position) => {
      virtualizer.scrollToIndex(position)
    },
    onToggle,
    onOpen,
    idAt: (position) => records[positions[position] ?? -1]?.id,
    focusRequest,
  })
  const rows = virtualizer.getVirtualItems()
  const top = (rows[0]?.start ?? HEADER_HEIGHT) - HEADER_HEIGHT
  const bottom = virtualizer.getTotalSize() - (rows.at(-1)?.end ?? HEADER_HEIGHT)
  // The rows' icon buttons share one tooltip provider: once one tooltip shows, the next comes at once.
  return (
    <Tooltip.Provider delayDuration={400}>
      <ResultsFrame
        scrollRef={scrollRef}
        onKeyDown={navigation.onKeyDown}
        activate={navigation.setActive}
        label="Files"
        records={records}
        stale={stale}
      >
        <table className="file-table" aria-rowcount={positions.length + 1}>
          <ListHeader sort={sort} onSort={onSort} />
          <tbody>
            {top > 0 && <tr aria-hidden="true" style={{ height: top }} />}
            {rows.map((row) => {
              const record = records[positions[row.index] ?? -1]
              if (record === undefined) return null
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
