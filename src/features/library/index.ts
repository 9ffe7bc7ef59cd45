/**
 * The library's front door, the only file of it that the screen and other features import (a lint
 * rule): the view's data (`useLibraryView`: rows, counts, status, folders, selection), the selection
 * and the commands' help on records (the record open in Details, Select all, the focus after a delete,
 * inline rename), the filters and sort the address holds, the components the screen lays out, and the
 * listing's start and sign-out. The Trash view shows each file's picture as a list row does; Delete
 * removes one file.
 */
export { deleteFile } from './api/delete-file'
export { renameCommand } from './commands/rename'
export { FilterBar } from './components/filter-bar'
export { ActiveFilters } from './components/filter-controls'
export { RenameContext } from './components/inline-rename'
export { MediaLibrary, MediaResults, type ViewMode } from './components/media-results'
export { SearchBox } from './components/search-box'
export { SelectionBar } from './components/selection-bar'
export { Thumbnail } from './components/thumbnail'
export { useTitleRenaming } from './components/use-title-renaming'
export { startListingEarly } from './listing/early-start'
export { dropKeptListing } from './engine/kept-store/kept-files'
export { isCategoryFilter } from './model/categories'
export {
  DEFAULT_SORT,
  NO_FILTERS,
  narrowsResults,
  type FileFilter,
  type Filters,
  type Sort,
  type SortKey,
} from './model/filters'
export type { LibraryResults, Progress } from './model/library-results'
export { resolveSelection, type Selection } from './model/selection'
export { UNUSED_DAY_CHOICES } from './model/unused'
export { useFocusAfterDelete } from './use-focus-after-delete'
export { useLibraryView } from './use-library-view'
export { useOpenRecord } from './use-open-record'
export { useSearchText } from './use-search-text'
export { useSelectAll } from './use-select-all'
