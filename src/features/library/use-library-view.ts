import { useCallback, useEffect, useLayoutEffect, useMemo } from 'react'

import { ROOT_FOLDER_LABEL, ROOT_PATH } from '../../contract/folder-paths'
import type { MediaRecord } from '../../contract/record'
import type { Answer } from '../../lib/answer'
import { firstScreenDrawn } from '../../lib/first-screen-gate'
import type { MoveOption } from '../../lib/move-target'
import { PRELOAD_WHILE_ARRIVING_MS, preloadOnceIdle } from '../../components/ui/preload-once-idle'
import { buildFolderTree, filesByPath, flattenTree, useFolders } from '../folders'
import { useMedia } from './api/use-media'
import { useLibraryEngine } from './engine/use-library-engine'
import type { Filters, Sort } from './model/filters'
import type { LibraryResults } from './model/library-results'
import { fileTypesOf, folderPathsOf } from './model/media-index'
import { useSelection, useSelectionKept, useSelectionOver, useSelectionWithin } from './model/selection'
import { useIdleValue } from './model/use-idle-value'
import { useMediaQuery } from './model/use-media-query'
import { SAMPLE_FILES } from './sample-files'

const NO_RECORDS: readonly MediaRecord[] = []
const NO_TYPES: readonly string[] = []
const NO_PATHS: readonly string[] = []

/**
 * The files by id, made on first use: the screen asks only once something is selected or opened, so a
 * page of files landing does not pay a pass over the whole library for it.
 */
export class RecordsById implements ReadonlyMap<number, MediaRecord> {
  private made: Map<number, MediaRecord> | null = null

  constructor(private readonly records: readonly MediaRecord[]) {}

  private get map(): Map<number, MediaRecord> {
    if (this.made === null) {
      this.made = new Map()
      for (const record of this.records) this.made.set(record.id, record)
    }
    return this.made
  }

  get size(): number {
    return this.map.size
  }

  get(id: number): MediaRecord | undefined {
    return this.map.get(id)
  }

  has(id: number): boolean {
    return this.map.has(id)
  }

  forEach(each: (record: MediaRecord, id: number, map: ReadonlyMap<number, MediaRecord>) => void): void {
    for (const [id, record] of this.map) each(record, id, this)
  }

  entries(): MapIterator<[number, MediaRecord]> {
    return this.map.entries()
  }

  keys(): MapIterator<number> {
    return this.map.keys()
  }

  values(): MapIterator<MediaRecord> {
    return this.map.values()
  }

  [Symbol.iterator](): MapIterator<[number, MediaRecord]> {
    return this.map[Symbol.iterator]()
  }
}

const NO_ID_CHECK = null

/**
 * The worker's results when they say something: not its answer over an empty library it is still
 * loading, as on a first visit, where the page shows the first page it fetched itself until the worker
 * holds files (before, the first cards waited 150-200 ms for the worker's own copy of that page).
 */
export function workerAnswer(results: LibraryResults | null, complete: boolean): LibraryResults | null {
  return results === null || (results.total === 0 && !complete) ? null : results
}

/**
 * The data side of the screen: files (or the samples after a failed load), folders, query, selection.
 * Where the library's worker holds the files (decision 0045), the results, the controls' facts and the
 * status come from it; the page's own index answers only the first page it showed, until the worker's
 * first answer.
 */
export function useLibraryView(filters: Filters, sort: Sort) {
  // From here to the layout effect: the screen's render and commit, for the listing benchmark.
  performance.mark('listing:render-start')
  useLayoutEffect(() => {
    performance.measure('listing:render', 'listing:render-start')
  })
  const listing = useMedia()
  const engine = useLibraryEngine(filters, sort)
  // The first page the page drew itself: the worker's first answer keeps its cards as they are.
  const shownOnPage = listing.records
  useEffect(() => {
    if (shownOnPage !== undefined) engine.client?.remember(shownOnPage)
  }, [engine.client, shownOnPage])
  const inWorker = engine.client !== null
  const held = engine.status.held
  const answered = engine.results !== null
  const media = useMemo(() => {
    // The worker's word counts once it holds files, or has every page (an empty library); the kept
    // library's (decision 0052) once its first answer is in, not over the first page shown here.
    const holds = held !== null && (held > 0 || engine.status.complete) && !(engine.status.kept && !answered)
    if (!inWorker || !holds) return listing
    const progress = engine.status.complete
      ? null
      : {
          loaded: held,
          expected: listing.status.kind === 'ready' ? (listing.status.progress?.expected ?? null) : null,
        }
    const error = listing.status.kind === 'loading' ? undefined : listing.status.error
    return { ...listing, status: { kind: 'ready' as const, progress, error } }
  }, [listing, inWorker, held, engine.status.complete, engine.status.kept, answered])
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
  const records = failed ? SAMPLE_FILES : (media.records ?? NO_RECORDS)
  const byId = useMemo(() => new RecordsById(records), [records])
  const onPage = useMediaQuery(records, filters, sort, byId)
  const fromWorker = failed ? null : workerAnswer(engine.results, engine.status.complete)
  const query = useMemo(
    () => (fromWorker === null ? onPage : { results: fromWorker, stale: false }),
    [onPage, fromWorker],
  )
  // The first page's results (or what the screen says instead) are drawn: what waited for them may go.
  const firstDrawn = media.status.kind !== 'loading' && !query.stale
  useEffect(() => {
    if (firstDrawn) firstScreenDrawn()
  }, [firstDrawn])
  const { version, markShown } = media
  const { client } = engine
  // A list is drawn once the query over it is: on the page, once no deferred query is catching up;
  // from the worker, once the results on the screen answer the library as the worker last said it is.
  useEffect(() => {
    if (query.stale) return
    if (fromWorker !== null && client !== null && !client.answersLatest()) return
    markShown(version)
  }, [query, fromWorker, client, version, markShown])
  const kept = useSelectionWithin(useSelection(), inWorker ? NO_ID_CHECK : byId)
  useSelectionKept(kept, query.results, inWorker)
  const selection = useSelectionOver(kept, query.results)
  const facts = inWorker && !failed ? engine.facts : null

  const folderList = folders.data
  const onlyOnFiles = folderList === undefined || folderList.length === 0
  // Made while idle: a pass over every file, each time a page of them lands.
  const pathsOnPage = useIdleValue(
    useCallback(
      () => (onlyOnFiles && !inWorker ? folderPathsOf(records) : NO_PATHS),
      [onlyOnFiles, inWorker, records],
    ),
    NO_PATHS,
  )
  const pathsOnFiles = facts?.folderPaths ?? pathsOnPage
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
  // The type filter's options: made while idle, as the closed filter does not show them.
  const typesOnPage = useIdleValue(
    useCallback(() => (inWorker ? NO_TYPES : fileTypesOf(records)), [inWorker, records]),
    NO_TYPES,
  )
  const fileTypes = facts?.fileTypes ?? typesOnPage
  const countsOnPage = useMemo(() => {
    let counted: ReadonlyMap<string, number> | null = null
    return () => (counted ??= filesByPath(records))
  }, [records])
  const folderCounts = facts?.folderCounts
  const fileCounts = useMemo(
    () => (folderCounts === undefined ? countsOnPage : () => folderCounts),
    [folderCounts, countsOnPage],
  )
  /** The library's file with this content (an upload's duplicate check), from the worker or the page. */
  const findDuplicate = useCallback(
    (sha256: string): Answer<MediaRecord | null> =>
      client !== null && !failed
        ? client.byFingerprint(sha256)
        : (records.find((record) => record.sha256 === sha256) ?? null),
    [client, failed, records],
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
