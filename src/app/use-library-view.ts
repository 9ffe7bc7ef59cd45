import { useCallback, useEffect, useLayoutEffect, useMemo } from 'react'

import { useFolders } from '../features/folders/api/get-folders'
import { buildFolderTree, flattenTree } from '../features/folders/model/folder-tree'
import { useMedia } from '../features/library/api/use-media'
import type { Filters, Sort } from '../features/library/model/filters'
import { fileTypesOf, folderPathsOf } from '../features/library/model/media-index'
import { useSelection, useSelectionWithin } from '../features/library/model/selection'
import { useIdleValue } from '../features/library/model/use-idle-value'
import { useMediaQuery } from '../features/library/model/use-media-query'
import { SAMPLE_FILES } from '../features/library/sample-files'
import { ROOT_FOLDER_LABEL, ROOT_PATH } from '../contract/folder-paths'
import type { MediaRecord } from '../contract/record'
import type { MoveOption } from '../lib/move-target'
import { preloadOnceIdle } from './providers'

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

/** The data side of the screen: files (or the samples after a failed load), folders, query, selection. */
export function useLibraryView(filters: Filters, sort: Sort) {
  // From here to the layout effect: the screen's render and commit, for the listing benchmark.
  performance.mark('listing:render-start')
  useLayoutEffect(() => {
    performance.measure('listing:render', 'listing:render-start')
  })
  const media = useMedia()
  const folders = useFolders()
  const failed = media.status.kind === 'failed'
  const ready = media.status.kind === 'ready'
  useEffect(() => {
    if (ready) preloadOnceIdle()
  }, [ready])
  const records = failed ? SAMPLE_FILES : (media.records ?? NO_RECORDS)
  const byId = useMemo(() => new RecordsById(records), [records])
  const query = useMediaQuery(records, filters, sort, byId)
  const { version, markShown } = media
  useEffect(() => {
    if (!query.stale) markShown(version)
  }, [query.stale, version, markShown])
  const selection = useSelectionWithin(useSelection(), byId)

  const folderList = folders.data
  const onlyOnFiles = folderList === undefined || folderList.length === 0
  // Made while idle: a pass over every file, each time a page of them lands.
  const pathsOnFiles = useIdleValue(
    useCallback(() => (onlyOnFiles ? folderPathsOf(records) : NO_PATHS), [onlyOnFiles, records]),
    NO_PATHS,
  )
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
  const fileTypes = useIdleValue(
    useCallback(() => fileTypesOf(records), [records]),
    NO_TYPES,
  )

  return { media, records, byId, query, selection, folderTree, moveOptions, fileTypes }
}
