import { useLayoutEffect, useRef } from 'react'

import type { MediaRecord } from '../../../contract/record'
import type { FocusRequest } from '../model/focus-after-removal'
import { useCardDensity } from './card-density'
import { gridGeometry } from './card-geometry'
import './cards.css'
import { MediaCard } from './media-card'
import { ResultsFrame } from './results-frame'
import { useScaledVirtualizer } from './use-scaled-virtualizer'
import { useResultsNavigation } from './use-results-navigation'
import { useWidth } from './use-width'

export interface ResultsProps {
  records: readonly MediaRecord[]
  /** Positions into `records` that pass the filters, in display order. */
  positions: Uint32Array
  selected: ReadonlySet<number>
  /** Shown dimmed and marked busy while a newer query is computed. */
  stale: boolean
  onToggle: (position: number, range: boolean) => void
  onOpen: (position: number) => void
  /** A file to focus once shown (the one after a deleted file). */
  focusRequest?: FocusRequest | null
}

export function MediaGrid(props: ResultsProps) {
  const { records, positions, selected, stale, onToggle, onOpen, focusRequest } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  const width = useWidth(scrollRef)
  const density = useCardDensity()
  const { narrow, columns, gap, cardHeight, rowHeight } = gridGeometry(width, density)
  // No rows before the width is known: one column of 100,000 rows would be laid out for nothing.
  const rowCount = width === 0 ? 0 : Math.ceil(positions.length / columns)
  const { virtualizer, height, shift } = useScaledVirtualizer({
    count: rowCount,
    rowHeight,
    scrollRef,
    overscan: 2,
  })
  // Row sizes are cached by index: a new width or density must drop them.
  useLayoutEffect(() => {
    virtualizer.measure()
  }, [virtualizer, rowHeight])
  const navigation = useResultsNavigation({
    count: positions.length,
    columns,
    pageSize: columns * 2,
    container: scrollRef,
    scrollToPosition: (position) => {
      virtualizer.scrollToIndex(Math.floor(position / columns))
    },
    onToggle,
    onOpen,
    idAt: (position) => records[positions[position] ?? -1]?.id,
    focusRequest,
  })
  return (
    <ResultsFrame
      scrollRef={scrollRef}
      onKeyDown={navigation.onKeyDown}
      activate={navigation.setActive}
      label="Files"
      records={records}
      stale={stale}
    >
      <div className="grid" data-narrow={narrow || undefined} style={{ height }}>
        {virtualizer.getVirtualItems().map((row) => {
          const first = row.index * columns
          const cells = Array.from(positions.subarray(first, first + columns))
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
              {cells.map((position, offset) => {
                const record = records[position]
                if (record === undefined) return null
                const place = first + offset
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
