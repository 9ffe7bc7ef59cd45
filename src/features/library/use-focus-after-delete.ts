import { useCallback, useState } from 'react'

import type { MediaRecord } from '../../contract/record'
import { whenAnswered, type Answer } from '../../lib/answer'
import {
  fileAfterRemoval,
  focusRequest as requestFocus,
  type FocusRequest,
} from './model/focus-after-removal'
import { allIds, type LibraryResults } from './model/library-results'

/** The file chosen to take the deleted files' place, until the confirmation has closed. */
function aimedFocus() {
  let aimed: Answer<number | null | undefined>
  return {
    aim: (answer: Answer<number | null | undefined>) => {
      aimed = answer
    },
    take: () => {
      const taken = aimed
      aimed = undefined
      return taken
    },
  }
}

/**
 * Where the focus goes when files leave the list: the file that takes the place of the files being
 * deleted, chosen before they leave (`aimFocusPast`) and focused once the confirmation has closed
 * (`focusAfterDelete`); or a file coming back (`focusOn`, after Undo). `focusRequest` is what the list
 * focuses once it shows the file; `onNoneShown` takes the focus when none of the deleted files was shown.
 */
export function useFocusAfterDelete(results: LibraryResults, onNoneShown: () => void) {
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null)
  // Asked of the list as the delete starts (the library's worker answers before it applies the delete).
  // Held in state, not a ref: the services that use it are handed to the commands during render.
  const [nextFocus] = useState(aimedFocus)
  const aimFocusPast = useCallback(
    (records: readonly MediaRecord[]) => {
      const removed = new Set(records.map((record) => record.id))
      const shown = allIds(results)
      nextFocus.aim(
        shown instanceof Promise
          ? shown.then((ids) => fileAfterRemoval(ids, removed))
          : fileAfterRemoval(shown, removed),
      )
    },
    [results, nextFocus],
  )
  const focusAfterDelete = useCallback(() => {
    whenAnswered(nextFocus.take(), (id) => {
      // A file to take the place: the list focuses it once shown. None left: the empty state, once the
      // list has drawn it (until then the focus would land on a file about to go). None of the deleted
      // files was shown: the file in the list's tab order.
      if (id === undefined) onNoneShown()
      else setFocusRequest(requestFocus(id))
    })
  }, [nextFocus, onNoneShown])
  const focusOn = useCallback((id: number) => {
    setFocusRequest(requestFocus(id))
  }, [])
  return { focusRequest, aimFocusPast, focusAfterDelete, focusOn }
}
