import { useCallback } from 'react'

import { whenAnswered } from '../../lib/answer'
import { allIds, type LibraryResults } from './model/library-results'
import type { Selection } from './model/selection'

/**
 * Select all. Pages still arriving (`loading`): it picks the files loaded so far, by id. Once every page
 * is in, it picks the query itself, and the files are resolved where the library lives when an action
 * runs.
 */
export function useSelectAll(results: LibraryResults, selection: Selection, loading: boolean) {
  return useCallback(() => {
    if (loading || results.query === null) whenAnswered(allIds(results), selection.selectAll)
    else selection.selectMatching(results.query, results.count)
  }, [selection, results, loading])
}
