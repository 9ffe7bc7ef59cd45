import { lazy, Suspense, useCallback, useMemo } from 'react'

import { ROOT_PATH } from '../contract/folder'
import { ErrorBoundary } from '../components/ui/error-boundary'
import { BulkPanel } from '../features/bulk-actions/components/bulk-panel'
import { Breadcrumbs } from '../features/folders/components/breadcrumbs'
import { FolderTree } from '../features/folders/components/folder-tree'
import { MediaLibrary } from '../features/library/components/media-library'
import { MediaResults } from '../features/library/components/media-results'
import { SelectionBar } from '../features/library/components/selection-bar'
import { narrowsResults, type Filters, type Sort, type SortKey } from '../features/library/model/filters'
import { shownIds } from '../features/library/model/use-media-query'
import type { MoveTarget } from '../lib/move-target'
import { DetailsDialog } from '../features/preview/components/details-dialog'
import { ScreenDialogs } from './dialogs'
import { Toolbar } from './toolbar'
import { useViewState, type ViewPatch } from './url-state'
import { useCommands } from './use-commands'
import { useLibraryView } from './use-library-view'
import { useSearchText } from './use-search-text'
import { useShortcuts } from './use-shortcuts'

// The upload dialog carries the upload client and its dependencies: loaded beside the first page of
// files rather than before it.
const UploadDialog = lazy(() =>
  import('../features/upload/components/upload-dialog').then((module) => ({ default: module.UploadDialog })),
)

export function App() {
  const { state, update } = useViewState()
  const [searchText, setSearchText] = useSearchText(state.filters.query, update)
  const { folder, category, type, from, to } = state.filters
  // Stable objects: a query runs again only when a filter or the sort really changed.
  const filters = useMemo<Filters>(
    () => ({ query: searchText, folder, category, type, from, to }),
    [searchText, folder, category, type, from, to],
  )
  const { key: sortKey, direction } = state.sort
  const sort = useMemo<Sort>(() => ({ key: sortKey, direction }), [sortKey, direction])

  const library = useLibraryView(filters, sort)
  const { media, records, byId, query, selection } = library
  const commands = useCommands({ cache: media.cache, selection, byId, update })
  const recordById = useCallback((id: number) => byId.get(id), [byId])
  const selectAll = useCallback(() => {
    selection.selectAll(shownIds(query.index, query.positions))
  }, [selection, query.index, query.positions])
  useShortcuts({
    actions: commands.actions.all,
    selected: commands.selectedRecords,
    recordById,
    selectAll,
    clearSelection: selection.clear,
  })

  const setFolder = useCallback(
    (path: string | null) => {
      update({ filters: { folder: path } })
    },
    [update],
  )
  const changeView = useCallback(
    (patch: ViewPatch) => {
      update(patch)
    },
    [update],
  )
  const { move } = commands.bulk
  const dropFiles = useCallback(
    (ids: number[], target: MoveTarget) => {
      void move(
        ids.flatMap((id) => byId.get(id) ?? []),
        target,
      ).then(selection.clear)
    },
    [move, byId, selection.clear],
  )
  const onSort = (key: SortKey) => {
    update({ sort: { key, direction: key === sort.key && sort.direction === 'asc' ? 'desc' : 'asc' } })
  }
  const currentFolder = folder ?? ROOT_PATH

  return (
    <div className="app">
      <header className="app__header">
        <h1>Media File Manager</h1>
        <p className="app__tagline">Upload, organize, and manage your media files</p>
      </header>
      <Toolbar
        searchText={searchText}
        onSearchText={setSearchText}
        filters={filters}
        sort={sort}
        view={state.view}
        folderTree={library.folderTree}
        fileTypes={library.fileTypes}
        onChange={changeView}
        uploadSlot={
          <ErrorBoundary region="upload dialog">
            <Suspense
              fallback={
                <button type="button" className="button" disabled>
                  Upload
                </button>
              }
            >
              <UploadDialog
                records={records}
                currentFolderPath={currentFolder}
                onUploaded={() => void media.cache.reload()}
              />
            </Suspense>
          </ErrorBoundary>
        }
      />
      <div className="app__body">
        <aside className="app__sidebar">
          <FolderTree
            tree={library.folderTree}
            selected={folder}
            onSelect={setFolder}
            onDropFiles={dropFiles}
          />
        </aside>
        <main className="app__main">
          <Breadcrumbs folder={folder} onNavigate={setFolder} />
          <MediaLibrary status={media.status} onRetry={() => void media.cache.reload()}>
            <SelectionBar
              selectedCount={selection.ids.size}
              shownCount={query.positions.length}
              totalCount={records.length}
              loadingMore={media.status.kind === 'ready' && media.status.loadingMore}
              onSelectAll={selectAll}
              onClear={selection.clear}
            />
            <ErrorBoundary region="file list">
              <MediaResults
                index={query.index}
                positions={query.positions}
                view={state.view}
                sort={sort}
                onSort={onSort}
                selection={selection}
                narrowed={narrowsResults(filters)}
                stale={query.stale}
                onView={commands.view}
                onEdit={commands.edit}
                onDownload={commands.downloadOne}
                contextActions={commands.actions.context}
              />
            </ErrorBoundary>
          </MediaLibrary>
        </main>
      </div>
      <BulkPanel
        count={selection.ids.size}
        actions={commands.actions.bulk}
        targets={commands.selectedRecords}
        onClear={selection.clear}
      />
      <DetailsDialog
        record={state.file === null ? null : (byId.get(state.file) ?? null)}
        onClose={commands.closeDetails}
        onEdit={(record) => {
          commands.closeDetails()
          commands.edit(record)
        }}
        onDownload={commands.downloadOne}
      />
      <ScreenDialogs
        dialog={commands.dialog}
        onClose={commands.closeDialog}
        recordById={recordById}
        cache={media.cache}
        bulk={commands.bulk}
        moveOptions={library.moveOptions}
        deleteOne={commands.deleteOne}
        onBulkDone={selection.clear}
      />
    </div>
  )
}
