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
import { ROOT_PATH } from '../contract/folder'
import type { MediaRecord } from '../contract/record'
import type { MoveOption } from '../lib/move-target'
import { preloadOnceIdle } from './providers'

const NO_RECORDS: readonly MediaRecord[] = []
const NO_TYPES: readonly string[] = []

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
  const query = useMediaQuery(records, filters, sort)

  const byId = useMemo(() => {
    performance.mark('listing:by-id-start')
    const map = new Map<number, MediaRecord>()
    for (const record of records) map.set(record.id, record)
    performance.measure('listing:by-id', 'listing:by-id-start')
    return map
  }, [records])
  const selection = useSelectionWithin(useSelection(), byId)

  const folderList = folders.data
  const folderTree = useMemo(
    () =>
      buildFolderTree(
        folderList ?? [],
        folderList !== undefined && folderList.length > 0 ? [] : folderPathsOf(records),
      ),
    [folderList, records],
  )
  const moveOptions = useMemo<MoveOption[]>(
    () => [
      { path: ROOT_PATH, folderId: null, label: 'Uncategorized', depth: 0 },
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
