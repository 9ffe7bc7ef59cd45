/**
 * The benchmark's baseline: the screen's own grid and list with every item in the DOM (no
 * virtualization). The benchmark builds the app a second time with these in place of the real ones.
 */
/* eslint-disable react-hooks/refs -- through createElement the linter takes the ref prop for a read during render */
import { createElement as h, useRef } from 'react'

import { ListHeader } from '../../src/features/library/components/list-header'
import { ListRow } from '../../src/features/library/components/list-row'
import { MediaCard } from '../../src/features/library/components/media-card'
import type { ResultsProps } from '../../src/features/library/components/media-grid'
import { ResultsFrame } from '../../src/features/library/components/results-frame'
import type { Sort, SortKey } from '../../src/features/library/model/filters'

const ignore = () => undefined

export function MediaGrid({ results, selected, stale }: ResultsProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const cards = Array.from({ length: results.count }, (_, place) => {
    const record = results.recordAt(place)
    return record
      ? h(MediaCard, {
          key: record.id,
          record,
          position: place,
          selected: selected.has(record.id),
          active: place === 0,
        })
      : null
  })
  const grid = h(
    'div',
    { style: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '16px' } },
    cards,
  )
  return h(ResultsFrame, {
    scrollRef,
    onKeyDown: ignore,
    activate: ignore,
    label: 'Files',
    results,
    stale,
    children: grid,
  })
}

export function MediaList(props: ResultsProps & { sort: Sort; onSort: (key: SortKey) => void }) {
  const { results, selected, stale, sort, onSort } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  const rows = Array.from({ length: results.count }, (_, place) => {
    const record = results.recordAt(place)
    return record
      ? h(ListRow, {
          key: record.id,
          record,
          position: place,
          selected: selected.has(record.id),
          active: place === 0,
        })
      : null
  })
  const table = h(
    'table',
    { className: 'file-table' },
    h(ListHeader, { sort, onSort }),
    h('tbody', null, rows),
  )
  return h(ResultsFrame, {
    scrollRef,
    onKeyDown: ignore,
    activate: ignore,
    label: 'Files',
    results,
    stale,
    children: table,
  })
}
