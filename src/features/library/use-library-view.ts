import { useCallback, useEffect, useLayoutEffect, useMemo } from 'react'

import { ROOT_FOLDER_LABEL, ROOT_PATH } from '../../contract/folder-paths'
import type { MediaRecord } from '../../contract/record'
import type { Answer } from '../../lib/answer'
import { firstScreenDrawn } from '../../lib/first-screen-gate'
import type { MoveOption } from '../../lib/move-target'
import { PRELOAD_WHILE_ARRIVING_MS, preloadOnceIdle } from '../../components/ui/preload-once-idle'
import { buildFolderTree, flattenTree, useFolders } from '../folders'
import { useMedia, type MediaStatus } from './api/use-media'
import { useLibraryEngine } from './engine/use-library-engine'
import { DEFAULT_SORT, NO_FILTERS, type Filters, type Sort } from './model/filters'
import { ListResults, sameQuery, type LibraryResults } from './model/library-results'
import { useSelection, useSelectionKept, useSelectionOver } from './model/selection'
import { SAMPLE_FILES } from './sample-files'

const NO_TYPES: readonly string[] = []
const NO_PATHS: readonly string[] = []
const NO_COUNTS: ReadonlyMap<string, number> = new Map()
const NO_FILES = new ListResults([])
const SAMPLES = new ListResults(SAMPLE_FILES)

/**
 * The engine's results when they say something: not its answer over an empty library it is still
 * loading, as on a first visit, where the page shows the first page it fetched itself until the engine
 * holds files (before, the first cards waited 150-200 ms for the worker's own copy of that page).
 */
export function workerAnswer(results: LibraryResults | null, complete: boolean): LibraryResults | null {
  return results === null || (results.total === 0 && !complete) ? null : results
}

/** The listing's status once the engine holds the library: ready, `held` files in unless `complete`. */
function engineStatus(listed: MediaStatus, held: number, complete: boolean): MediaStatus {
  const progress = complete
    ? null
    : { loaded: held, expected: listed.kind === 'ready' ? (listed.progress?.expected ?? null) : null }
  return { kind: 'ready', progress, error: listed.kind === 'loading' ? undefined : listed.error }
}

/** Whether `filters` and `sort` are the screen's defaults: the only query the first page may stand for. */
export function asksDefault(filters: Filters, sort: Sort): boolean {
  return sameQuery({ filters, sort }, { filters: NO_FILTERS, sort: DEFAULT_SORT })
}

/**
 * The data side of the screen: files (or the samples after a failed load), folders, query, selection.
 * The library's engine (decisions 0045, 0078) answers the results, the controls' facts and the status.
 * Before its first answer the screen shows the first page the page fetched or kept itself, as it came,
 * and only when the query asked is the default one: for another, it waits for the engine.
 */
export function useLibraryView(filters: Filters, sort: Sort) {
  // From here to the layout effect: the screen's render and commit, for the listing benchmark.
  performance.mark('listing:render-start')
  useLayoutEffect(() => {
    performance.measure('listing:render', 'listing:render-start')
  })
  const listing = useMedia()
  const engine = useLibraryEngine(filters, sort)
  // The first page the page drew itself: the engine's first answer keeps its cards as they are.
  const shownOnPage = listing.records
  useEffect(() => {
    if (shownOnPage !== undefined) engine.client?.remember(shownOnPage)
  }, [engine.client, shownOnPage])
  const held = engine.status.held
  const answered = engine.results !== null
  const fromEngine = workerAnswer(engine.results, engine.status.complete)
  const firstPage = listing.records !== undefined && asksDefault(filters, sort) ? listing.records : null
  const media = useMemo(() => {
    // The engine's word counts once it holds files, or has every page (an empty library); the kept
    // library's (decision 0052) once its first answer is in. Before, the page's own listing says.
    const holds = held !== null && (held > 0 || engine.status.complete) && !(engine.status.kept && !answered)
    const said = holds
      ? { ...listing, status: engineStatus(listing.status, held, engine.status.complete) }
      : listing
    // Nothing answers the query asked yet (the first page stands only for the default one): the screen
    // says it is loading rather than show files as if they answered it.
    if (said.status.kind === 'ready' && fromEngine === null && firstPage === null)
      return { ...said, status: { kind: 'loading' as const } }
    return said
  }, [listing, held, engine.status.complete, engine.status.kept, answered, fromEngine, firstPage])
  const folders = useFolders()
  const failed = media.status.kind === 'failed'
  const ready = media.status.kind === 'ready'
  /** The library's pages are still arriving, and none has failed. */
  const arriving =
    media.status.kind === 'ready' && media.status.progress !== null && media.status.error === undefined
  // The dialogs' code loads once the library is whole or its load has stopped, not while its pages
  // arrive, where each module's evaluation would be one more task beside them (decision 0061); at the
  // latest some seconds after the first page, however long a large library takes.
  useEffect(() => {
    if (!ready) return
    if (!arriving) {
      preloadOnceIdle()
      return
    }
    const timer = setTimeout(preloadOnceIdle, PRELOAD_WHILE_ARRIVING_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [ready, arriving])
  const onPage = useMemo(
    () => (firstPage === null ? NO_FILES : new ListResults(firstPage, { filters, sort })),
    [firstPage, filters, sort],
  )
  const results = failed ? SAMPLES : (fromEngine ?? onPage)
  // The results answer an earlier query than the one asked: the engine is working on the new one.
  const stale = results.query !== null && !sameQuery(results.query, { filters, sort })
  const query = useMemo(() => ({ results, stale }), [results, stale])
  // The first page's results (or what the screen says instead, the loading state included when the
  // query asked is not the first page's) are drawn: what waited for them may go.
  const firstDrawn = (media.status.kind !== 'loading' || listing.status.kind !== 'loading') && !query.stale
  useEffect(() => {
    if (firstDrawn) firstScreenDrawn()
  }, [firstDrawn])
  const { version, markShown } = media
  const { client } = engine
  // A list is drawn once the results on the screen answer the query asked and, from the engine, the
  // library as it last said it is.
  useEffect(() => {
    if (query.stale) return
    if (fromEngine !== null && client !== null && !client.answersLatest()) return
    markShown(version)
  }, [query, fromEngine, client, version, markShown])
  const kept = useSelection()
  useSelectionKept(kept, query.results)
  const selection = useSelectionOver(kept, query.results)
  const facts = failed ? null : engine.facts

  const folderList = folders.data
  const onlyOnFiles = folderList === undefined || folderList.length === 0
  const pathsOnFiles = facts?.folderPaths ?? NO_PATHS
  const folderTree = useMemo(
    () => buildFolderTree(folderList ?? [], onlyOnFiles ? pathsOnFiles : NO_PATHS),
    [folderList, onlyOnFiles, pathsOnFiles],
  )
  const moveOptions = useMemo<MoveOption[]>(
    () => [
      { path: ROOT_PATH, folderId: null, label: ROOT_FOLDER_LABEL, depth: 0 },
      ...flattenTree(folderTree).flatMap(({ node, depth }) =>
        node.id === null ? [] : [{ path: node.path, folderId: node.id, label: node.name, depth }],
      ),
    ],
    [folderTree],
  )
  const fileTypes = facts?.fileTypes ?? NO_TYPES
  const folderCounts = facts?.folderCounts ?? NO_COUNTS
  const fileCounts = useMemo(() => () => folderCounts, [folderCounts])
  /** The library's file with this content (an upload's duplicate check), asked of the engine. */
  const findDuplicate = useCallback(
    (sha256: string): Answer<MediaRecord | null> =>
      client !== null && !failed ? client.byFingerprint(sha256) : null,
    [client, failed],
  )

  return {
    media,
    arriving,
    query,
    selection,
    folderTree,
    moveOptions,
    fileTypes,
    fileCounts,
    findDuplicate,
  }
}
