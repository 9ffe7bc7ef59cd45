/**
 * The library's screen states (spec section 2) and the files in them: 'Loading files...', the failed
 * load with the samples behind it, or the main screen (MediaLibrary); in it, the grid or the list, or
 * the empty states (MediaResults).
 */
import { Suspense, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react'

import type { MediaRecord } from '../../../contract/record'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorState } from '../../../components/ui/error-state'
import { lazyWithPreload } from '../../../components/ui/lazy-load'
import { Spinner } from '../../../components/ui/spinner'
import { useConnection } from '../../../lib/connectivity'
import type { MediaStatus } from '../api/use-media'
import type { FileAction } from '../../commands'
import type { FileFilter, Sort, SortKey } from '../model/filters'
import type { FocusRequest } from '../model/focus-after-removal'
import { rangeIn, type LibraryResults } from '../model/library-results'
import type { Selection } from '../model/selection'
import { ItemHandlersContext, type ItemHandlers } from './item-handlers'
import { MediaGrid } from './media-grid'

export type ViewMode = 'grid' | 'list'

/** Spec section 4: a failed load shows this message, and the sample files stand in behind it. */
export const LOAD_FAILED_MESSAGE = 'Failed to load files. Please try again.'

interface MediaLibraryProps {
  status: MediaStatus
  onRetry: () => void
  /** The main screen; rendered with the sample files when the load failed. */
  children: ReactNode
}

/** The screen states of spec section 2: loading, error (with the samples behind it), main. */
export function MediaLibrary({ status, onRetry, children }: MediaLibraryProps) {
  const connection = useConnection()
  if (status.kind === 'loading') return <Spinner label="Loading files..." />
  // A page after the first failing still fails the load: the user must know the list is incomplete. But
  // with files on screen, an outage is the connection line's to say, once: it already says the screen
  // retries, and everything is fetched again when the server answers.
  const failed = status.kind === 'failed' || (status.error !== undefined && connection === 'online')
  return (
    <>
      {failed && <ErrorState message={LOAD_FAILED_MESSAGE} onRetry={onRetry} />}
      {children}
    </>
  )
}

// The list view (a table, with tooltips on its buttons) is the second view: it loads when chosen, or
// earlier when the pointer or focus reaches the view controls (`preloadListView`).
const MediaList = lazyWithPreload(() => import('./media-list').then((module) => module.MediaList))
export const preloadListView = MediaList.preload

interface MediaResultsProps {
  /** The files that pass the filters, in the order shown. */
  results: LibraryResults
  /** Whether files may be dragged onto a folder (moving them: an editor's); by default they may. */
  movable?: boolean
  view: ViewMode
  sort: Sort
  onSort: (key: SortKey) => void
  selection: Selection
  /** Whether search or filters narrow the list: decides the empty state's hint (spec section 2). */
  narrowed: boolean
  /** A newer query is still being computed behind the one shown. */
  stale: boolean
  /** The library's pages are still arriving (and none has failed). */
  arriving?: boolean
  onView: (record: MediaRecord) => void
  onFilter: (filter: FileFilter) => void
  contextActions: readonly FileAction[]
  /** The commands a card and a list row show as buttons. */
  cardActions: readonly FileAction[]
  /** A file to focus once shown: the one that takes a deleted file's place. */
  focusRequest?: FocusRequest | null
  /** Shown above the files, outside their scroll area (the subfolders of the folder shown). */
  tiles?: ReactNode
  /** Shown under the empty state when nothing narrows the list (upload into the folder, and so on). */
  emptyActions?: ReactNode
}

export function MediaResults(props: MediaResultsProps) {
  const { results, movable = true, view, sort, onSort, selection, narrowed, stale, arriving = false } = props
  const { onView, onFilter, contextActions, cardActions, tiles, emptyActions, focusRequest } = props
  const { toggle, only, extendTo, ids: selected } = selection

  // Items read the latest values through a ref, so the handlers stay one object and a keystroke or a
  // selection change re-renders only the items whose own props changed.
  const latest = useRef({ results, selected, onView, onFilter })
  useLayoutEffect(() => {
    latest.current = { results, selected, onView, onFilter }
  })
  // The last files shown were deleted: the focus, which was on one of them, comes to the empty state.
  const emptyState = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    if (focusRequest?.id !== null || emptyState.current === null) return
    if (focusRequest.take()) emptyState.current.focus()
  })
  const handlers = useMemo<ItemHandlers>(
    () => ({
      select: (id, how) => {
        if (how === 'toggle') toggle(id)
        else if (how === 'only') only(id)
        else extendTo(id, (anchor, target) => rangeIn(latest.current.results, anchor, target))
      },
      activate: () => undefined,
      view: (record) => {
        latest.current.onView(record)
      },
      filterBy: (filter) => {
        latest.current.onFilter(filter)
      },
      dragIds: movable
        ? (record) => {
            // A select-all's files are resolved when they are dropped (the screen's dropFiles).
            const { picked } = latest.current.selected
            return picked.kind === 'ids' && picked.ids.has(record.id) ? [...picked.ids] : [record.id]
          }
        : null,
      contextActions,
      cardActions,
    }),
    [toggle, only, extendTo, contextActions, cardActions, movable],
  )

  if (results.count === 0) {
    // While a newer query is still computing, "no files" may be untrue (the list just arrived): wait.
    // So it is while the library's pages arrive, when nothing narrows the list: the first page holds
    // the oldest ids, all of which may be deleted, and the files are in the pages after it.
    // One element for both, so a focus given to the empty state after a delete stays on it while the
    // list is asked again (busy for a moment, then empty once more).
    const busy = stale || (arriving && !narrowed)
    return (
      <>
        {busy ? null : tiles}
        <div className="results-state" aria-busy={busy} tabIndex={-1} ref={emptyState}>
          {!busy && (
            <>
              <EmptyState
                title="No files found"
                hint={
                  narrowed
                    ? 'Try adjusting your search or filter criteria.'
                    : 'Get started by uploading your first file.'
                }
              />
              {!narrowed && emptyActions}
            </>
          )}
        </div>
      </>
    )
  }

  const shown = {
    results,
    selected,
    stale,
    focusRequest,
    onToggle: (place: number, range: boolean) => {
      const id = results.idAt(place)
      if (id !== undefined) handlers.select(id, range ? 'range' : 'toggle')
    },
    onOpen: (place: number) => {
      const record = results.recordAt(place)
      if (record) onView(record)
    },
  }
  return (
    <ItemHandlersContext.Provider value={handlers}>
      {tiles}
      {view === 'grid' ? (
        <MediaGrid {...shown} />
      ) : (
        <Suspense fallback={<div className="results-state" aria-busy="true" />}>
          <MediaList {...shown} sort={sort} onSort={onSort} />
        </Suspense>
      )}
    </ItemHandlersContext.Provider>
  )
}
