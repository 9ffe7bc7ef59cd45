import { useEffect, useState } from 'react'

import type { MediaRecord } from '../../contract/record'
import type { LibraryResults } from './model/library-results'
import { whenAnswered } from '../../lib/answer'

/**
 * The file Details shows (the address's `file`): from the rows in hand, else asked of the library (a
 * file opened from the address, not in view). Null when none is open or the library does not hold it.
 */
export function useOpenRecord(results: LibraryResults, id: number | null): MediaRecord | null {
  const inHand = id === null ? undefined : results.record(id)
  const [asked, setAsked] = useState<MediaRecord | null>(null)
  useEffect(() => {
    if (id === null || inHand !== undefined) return
    let current = true
    whenAnswered(results.recordsOf([id]), (records) => {
      if (current) setAsked(records[0] ?? null)
    })
    return () => {
      current = false
    }
  }, [id, inHand, results])
  if (id === null) return null
  return inHand ?? (asked?.id === id ? asked : null)
}
