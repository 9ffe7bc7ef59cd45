import { SlidersHorizontal } from 'lucide-react'
import { useState, type ReactNode } from 'react'

import { ROOT_PATH } from '../contract/folder-paths'
import { NewFolderButton, type FolderNode } from '../features/folders'
import {
  ActiveFilters,
  FilterBar,
  SearchBox,
  type Filters,
  type Sort,
  type ViewMode,
} from '../features/library'
import type { ViewPatch } from './url-state'

interface ToolbarProps {
  searchText: string
  onSearchText: (text: string) => void
  filters: Filters
  sort: Sort
  view: ViewMode
  folderTree: readonly FolderNode[]
  fileTypes: readonly string[]
  onChange: (patch: ViewPatch) => void
  /**
   * Where the Upload dialog mounts (`<UploadDialog onUploaded currentFolderPath />`); the app passes it
   * in, so the toolbar never depends on the upload feature.
   */
  uploadSlot?: ReactNode
  /** The Trash view is open: search, filters, sort and view do not apply to it and are left out. */
  trash: boolean
}

const FILTERS_ID = 'toolbar-filters'

export function Toolbar(props: ToolbarProps) {
  const { searchText, onSearchText, filters, uploadSlot, trash } = props
  // Only a narrow screen folds the filters away (styles.css); wider ones always show them.
  const [filtersOpen, setFiltersOpen] = useState(false)
  return (
    <div className="toolbar" role="toolbar" aria-label="Files">
      <div className="toolbar__row">
        {!trash && <SearchBox value={searchText} onChange={onSearchText} />}
        <div className="toolbar__actions">
          {!trash && (
            <button
              type="button"
              className="button button--secondary toolbar__filters-toggle"
              aria-expanded={filtersOpen}
              aria-controls={FILTERS_ID}
              onClick={() => {
                setFiltersOpen((open) => !open)
              }}
            >
              <SlidersHorizontal size={16} aria-hidden="true" />
              Filters
            </button>
          )}
          <NewFolderButton parentPath={filters.folder ?? ROOT_PATH} />
          {uploadSlot}
        </div>
      </div>
      {!trash && (
        <ActiveFilters
          tag={filters.tag}
          author={filters.author}
          onRemove={(filter) => {
            props.onChange({ filters: { [filter]: null } })
          }}
        />
      )}
      {!trash && (
        <FilterBar
          id={FILTERS_ID}
          open={filtersOpen}
          folder={filters.folder}
          category={filters.category}
          type={filters.type}
          from={filters.from}
          to={filters.to}
          unused={filters.unused}
          sort={props.sort}
          view={props.view}
          folderTree={props.folderTree}
          fileTypes={props.fileTypes}
          onChange={props.onChange}
        />
      )}
    </div>
  )
}
