import { useEffect, useRef, useState } from 'react'

import type { MediaRecord } from '../../contract/record'
import { whenAnswered } from '../../lib/answer'
import type { ServerMemory } from './file-from-server'
import type { LibraryResults } from './model/library-results'

/**
 * The file Details shows (the address's `file`): from the rows in hand, else asked of the library (a
 * file opened from the address, not in view), else asked of the server (`file-from-server.ts`, loaded
 * then), which holds the truth while the library is still loading or catching up: a file added since
 * opens from its answer, one in the trash is shown there (`showInTrash`), and one not there is said and
 * leaves the address (`close`). So is a file shown and then gone from the library while the address
 * names it (deleted elsewhere, or shown from a kept library out of date): this page's own deletes take
 * the file out of the address first. Null when none is open or it cannot be shown.
 */
export function useOpenRecord(
  results: LibraryResults,
  id: number | null,
  close: () => void,
  showInTrash: (id: number) => void,
): MediaRecord | null {
  const inHand = id === null ? undefined : results.record(id)
  const [asked, setAsked] = useState<MediaRecord | null>(null)
  const memory = useRef<ServerMemory>({ asked: null, failureSaid: null })
  const open = id === null ? null : (inHand ?? (asked?.id === id ? asked : null))
  useEffect(() => {
    if (id === null || inHand !== undefined) return
    let current = true
    whenAnswered(results.recordsOf([id]), (records) => {
      if (!current) return
      const record = records[0]
      if (record !== undefined) {
        setAsked(record)
        return
      }
      import('./file-from-server').then(
        (server) => {
          server.openFromServer(id, {
            wanted: () => current,
            opened: setAsked,
            close,
            showInTrash,
            memory: memory.current,
          })
        },
        // Offline, say: asked again as the library changes.
        (error: unknown) => {
          console.error(`Could not ask the server for file ${String(id)}`, error)
        },
      )
    })
    return () => {
      current = false
    }
  }, [id, inHand, results, close, showInTrash])
  return open
}
