import { useEffect, useRef, useState } from 'react'

import type { MediaRecord } from '../../contract/record'
import { toast } from '../../components/ui/toast'
import { whenAnswered } from '../../lib/answer'
import { ApiError } from '../../lib/api-call'
import { errorMessage } from '../../lib/api-errors'
import { getFile } from './api/get-file'
import type { LibraryResults } from './model/library-results'

/** What the screen says when the address names a file it cannot open. */
export const OPEN_FILE_WORDS = {
  /** `restorable`: the toast offers Restore (a viewer may not restore, and is told only where it is). */
  inTrash: (title: string, restorable: boolean) =>
    restorable ? `“${title}” is in the trash: restore it to open it.` : `“${title}” is in the trash.`,
  restore: 'Restore',
  gone: (id: number) => `File ${String(id)} is not in the library: it was deleted for good, or never added.`,
  failed: (id: number) => `File ${String(id)} could not be opened`,
}

/**
 * The file Details shows (the address's `file`): from the rows in hand, else asked of the library (a
 * file opened from the address, not in view), else asked of the server, which holds the truth while the
 * library is still loading or catching up: a file added since opens from its answer. A file the server
 * has in the trash, or does not have, is said in a toast and `close` takes it out of the address, so a
 * teammate's old link says why it opens nothing; one in the trash is offered back (Restore) to whoever
 * may restore files. A question that failed on its way (offline, the
 * server down) is said once and asked again when the library next changes, the address kept; one
 * refused for want of a sign-in is the access gate's to show, and the file opens after it. A file shown
 * and then gone (deleted while open) closes without a word: its own action said it. Null when none is
 * open or it cannot be shown.
 */
export function useOpenRecord(
  results: LibraryResults,
  id: number | null,
  close: () => void,
  /** Given (the caller may restore files), a file found in the trash is offered back: Restore. */
  restore?: (record: MediaRecord) => void,
): MediaRecord | null {
  const inHand = id === null ? undefined : results.record(id)
  const [asked, setAsked] = useState<MediaRecord | null>(null)
  const shown = useRef<number | null>(null)
  // One question to the server a file, however often the results change while the library catches up.
  const serverAnswer = useRef<{ id: number; record: Promise<MediaRecord> } | null>(null)
  const failureSaid = useRef<number | null>(null)
  const open = id === null ? null : (inHand ?? (asked?.id === id ? asked : null))
  // The file this opening has shown: kept while it stays open, forgotten once another or none is open.
  useEffect(() => {
    if (open !== null) shown.current = open.id
    else if (id !== shown.current) shown.current = null
  }, [open, id])
  useEffect(() => {
    if (id === null || inHand !== undefined) return
    let current = true
    const cannotOpen = (message: string, action?: { label: string; run: () => void }) => {
      if (!current || shown.current === id) return
      serverAnswer.current = null
      toast.error(message, { action })
      close()
    }
    whenAnswered(results.recordsOf([id]), (records) => {
      if (!current) return
      const record = records[0]
      if (record !== undefined) {
        setAsked(record)
        return
      }
      if (serverAnswer.current?.id !== id) serverAnswer.current = { id, record: getFile(id) }
      serverAnswer.current.record.then(
        (stored) => {
          if (stored.deleted_at === undefined) {
            if (current) setAsked(stored)
            return
          }
          const { deleted_at: _, ...live } = stored
          cannotOpen(
            OPEN_FILE_WORDS.inTrash(stored.title, restore !== undefined),
            restore && {
              label: OPEN_FILE_WORDS.restore,
              run: () => {
                restore(live)
              },
            },
          )
        },
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) {
            cannotOpen(OPEN_FILE_WORDS.gone(id))
            return
          }
          serverAnswer.current = null
          if (!current || (error instanceof ApiError && error.status === 401) || failureSaid.current === id)
            return
          failureSaid.current = id
          toast.error(OPEN_FILE_WORDS.failed(id), { description: errorMessage(error, String(error)) })
        },
      )
    })
    return () => {
      current = false
    }
  }, [id, inHand, results, close, restore])
  return open
}
