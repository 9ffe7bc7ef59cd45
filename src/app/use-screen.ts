import { useCallback, useMemo } from 'react'

import {
  resolveSelection,
  useLibraryView,
  useSearchText,
  useSelectAll,
  type FileFilter,
  type Filters,
  type Sort,
  type SortKey,
} from '../features/library'
import { whenAnswered } from '../lib/answer'
import type { MoveTarget } from '../lib/move-target'
import { useViewState, type ViewPatch } from './url-state'
import { useCommands } from './use-commands'
import { useShortcuts } from './use-shortcuts'

/** Everything the screen shows and does, wired together: the URL's view state, the data, the commands. */
export function useScreen() {
  const { state, update } = useViewState()
  const writeSearch = useCallback(
    (text: string, mode: 'push' | 'replace') => {
      update({ filters: { query: text }, file: null }, mode)
    },
    [update],
  )
  const [searchText, setSearchText] = useSearchText(state.filters.query, writeSearch)
  const { folder, category, type, from, to, tag, author, unused } = state.filters
  // Stable objects: a query runs again only when a filter or the sort really changed.
  const filters = useMemo<Filters>(
    () => ({ query: searchText, folder, category, type, from, to, tag, author, unused }),
    [searchText, folder, category, type, from, to, tag, author, unused],
  )
  const { key: sortKey, direction } = state.sort
  const sort = useMemo<Sort>(() => ({ key: sortKey, direction }), [sortKey, direction])

  const library = useLibraryView(filters, sort)
  const { query, selection } = library
  const { results } = query
  const commands = useCommands({
    cache: library.media.cache,
    selection,
    results,
    moveOptions: library.moveOptions,
    update,
  })
  const recordById = commands.services.recordById
  const loading = library.media.status.kind === 'ready' && library.media.status.progress !== null
  const selectAll = useSelectAll(results, selection, loading)
  useShortcuts({
    actions: commands.actions.all,
    selected: commands.selectedRecords,
    recordById,
    selectAll,
    clearSelection: selection.clear,
  })

  const setFolder = useCallback(
    (path: string | null) => {
      // Choosing a folder is going back to the files, so it also leaves the Trash view.
      update({ filters: { folder: path }, trash: false })
    },
    [update],
  )
  const openTrash = useCallback(() => {
    // The selection is of files in the list, which the Trash view hides: keep no bulk panel over it.
    selection.clear()
    update({ trash: true })
  }, [selection, update])
  const changeView = useCallback(
    (patch: ViewPatch) => {
      update(patch)
    },
    [update],
  )
  const { moveTo } = commands
  const dropFiles = useCallback(
    (ids: number[], target: MoveTarget) => {
      // A file of a select-all carries the whole selection.
      const { picked, has } = selection.ids
      const files =
        picked.kind === 'all' && ids.some(has) ? resolveSelection(picked, results) : results.recordsOf(ids)
      whenAnswered(files, (records) => {
        void moveTo(records, target).then(selection.clear)
      })
    },
    [moveTo, results, selection.ids, selection.clear],
  )
  const filterBy = useCallback(
    (filter: FileFilter) => {
      update({ filters: filter })
    },
    [update],
  )
  // Details' entry in the history becomes the filtered list: Back still returns to the list before it.
  const filterFromDetails = useCallback(
    (filter: FileFilter) => {
      update({ filters: filter, file: null }, 'replace')
    },
    [update],
  )
  const sortBy = (key: SortKey) => {
    update({ sort: { key, direction: key === sort.key && sort.direction === 'asc' ? 'desc' : 'asc' } })
  }

  return {
    view: state.view,
    openFile: state.file,
    trash: state.trash,
    openTrash,
    searchText,
    setSearchText,
    filters,
    sort,
    library,
    commands,
    recordById,
    selectAll,
    setFolder,
    changeView,
    dropFiles,
    filterBy,
    filterFromDetails,
    sortBy,
  }
}
