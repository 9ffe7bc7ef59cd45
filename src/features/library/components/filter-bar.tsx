import { memo } from 'react'

import { FolderSelect, type FolderNode } from '../../folders'
import type { Filters, Sort } from '../model/filters'
import { DateRange } from './date-range'
import { CategorySelect, TypeSelect, UnusedSelect } from './filter-controls'
import { preloadListView, type ViewMode } from './media-results'
import { SortControl, ViewToggle } from './view-controls'

/** A change the filter bar asks of the view: filters, sort or view mode (the screen keeps them in the URL). */
export interface ViewChange {
  filters?: Partial<Filters>
  sort?: Sort
  view?: ViewMode
}

type FilterBarProps = Omit<Filters, 'query' | 'tag' | 'author'> & {
  /** The element's id, which the toolbar's Filters button controls. */
  id: string
  /** Unfolded by the Filters button on a narrow screen. */
  open: boolean
  sort: Sort
  view: ViewMode
  folderTree: readonly FolderNode[]
  fileTypes: readonly string[]
  onChange: (change: ViewChange) => void
}

/**
 * The toolbar's filters, sort and view: everything but the search box; memoised, so typing in the
 * search box never re-renders these controls.
 */
export const FilterBar = memo(function FilterBar(props: FilterBarProps) {
  const { id, open, folder, category, type, from, to, unused, sort, view, folderTree, fileTypes, onChange } =
    props
  return (
    <div id={id} className="toolbar__row toolbar__row--filters" data-open={open || undefined}>
      <FolderSelect
        tree={folderTree}
        value={folder}
        onChange={(next) => {
          onChange({ filters: { folder: next } })
        }}
      />
      <CategorySelect
        value={category}
        onChange={(next) => {
          onChange({ filters: { category: next } })
        }}
      />
      <TypeSelect
        value={type}
        types={fileTypes}
        onChange={(next) => {
          onChange({ filters: { type: next } })
        }}
      />
      <DateRange
        from={from}
        to={to}
        onChange={(range) => {
          onChange({ filters: range })
        }}
      />
      <UnusedSelect
        value={unused}
        onChange={(next) => {
          onChange({ filters: { unused: next } })
        }}
      />
      <div className="toolbar__end" onPointerOver={preloadListView} onFocus={preloadListView}>
        <SortControl
          sort={sort}
          onChange={(next) => {
            onChange({ sort: next })
          }}
        />
        <ViewToggle
          value={view}
          onChange={(next) => {
            onChange({ view: next })
          }}
        />
      </div>
    </div>
  )
})
