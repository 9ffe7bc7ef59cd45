import { useLayoutEffect, useRef } from 'react'

import type { FocusRequest } from '../model/focus-after-removal'
import type { LibraryResults } from '../model/library-results'
import { useCardDensity } from './card-density'
import { gridGeometry } from './card-geometry'
import './cards.css'
import { MediaCard } from './media-card'
import { ResultsFrame } from './results-frame'
import { useScaledVirtualizer } from './use-scaled-virtualizer'
import { useResultsNavigation } from './use-results-navigation'
import { useWidth } from './use-width'

export interface ResultsProps {
  /** The files that pass the filters, in display order. */
  results: LibraryResults
  selected: { has: (id: number) => boolean }
  /** Shown dimmed and marked busy while a newer query is computed. */
  stale: boolean
  onToggle: (position: number, range: boolean) => void
  onOpen: (position: number) => void
  /** A file to focus once shown (the one after a deleted file). */
  focusRequest?: FocusRequest | null
}

export function MediaGrid(props: ResultsProps) {
  const { results, selected, stale, onToggle, onOpen, focusRequest } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  const width = useWidth(scrollRef)
  const density = useCardDensity()
  const { narrow, columns, gap, cardHeight, rowHeight } = gridGeometry(width, density)
  // No rows before the width is known: one column of 100,000 rows would be laid out for nothing.
  const rowCount = width === 0 ? 0 : Math.ceil(results.count / columns)
  const { virtualizer, height, shift } = useScaledVirtualizer({
    count: rowCount,
    rowHeight,
    scrollRef,
    overscan: 2,
  })
  const navigation = useResultsNavigation({
    count: results.count,
    columns,
    pageSize: columns * 2,
    container: scrollRef,
    scrollToPosition: (position) => {
      virtualizer.scrollToIndex(Math.floor(position / columns))
    },
    onToggle,
    onOpen,
    placeOf: (id) => results.placeOf(id),
    focusRequest,
  })
  const rows = virtualizer.getVirtualItems()
  const firstRow = rows[0]?.index ?? 0
  const lastRow = rows.at(-1)?.index ?? -1
  useLayoutEffect(() => {
    results.want(firstRow * columns, (lastRow + 1) * columns)
  }, [results, firstRow, lastRow, columns])
  return (
    <ResultsFrame
      scrollRef={scrollRef}
      onKeyDown={navigation.onKeyDown}
      activate={navigation.setActive}
      label="Files"
      results={results}
      stale={stale}
    >
      <div className="grid" data-narrow={narrow || undefined} style={{ height }}>
        {rows.map((row) => {
          const first = row.index * columns
          const cells = Array.from(
            { length: Math.min(columns, results.count - first) },
            (_, offset) => first + offset,
          )
          return (
            <div
              key={row.key}
              className="grid__row"
              style={{
                transform: `translateY(${String(row.start - shift)}px)`,
                gridTemplateColumns: `repeat(${String(columns)}, minmax(0, 1fr))`,
                gridAutoRows: `${String(cardHeight)}px`,
                gap: `${String(gap)}px`,
              }}
            >
              {cells.map((place) => {
                const record = results.recordAt(place)
                // A row not in hand yet holds its place until it arrives.
                if (record === undefined)
                  return (
                    <div key={`pending-${String(place)}`} className="card card--pending" aria-hidden="true" />
                  )
                return (
                  <MediaCard
                    key={record.id}
                    record={record}
                    position={place}
                    selected={selected.has(record.id)}
                    active={navigation.active === place}
                    density={density}
                  />
                )
              })}
            </div>
          )
        })}
      </div>
    </ResultsFrame>
  )
}
