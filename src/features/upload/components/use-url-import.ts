import { useCallback, useReducer, useRef } from 'react'

import type { ImportFields, ImportRequest } from '../../../contract/imports'
import type { MediaRecord } from '../../../contract/record'
import { importUrl } from '../api/import-url'
import { importList, importReducer, NO_IMPORT } from '../import-state'
import { IMPORT_WORDS } from '../messages'

type ImportOne = (body: ImportRequest, signal?: AbortSignal) => Promise<MediaRecord>

/** How many imports run at once: each holds a server function for as long as its file takes. */
const AT_ONCE = 3

/**
 * The "Import from URL" tab's state (import-state.ts) and `start`, which imports every address not
 * imported yet (a second press retries the ones that failed), a few at a time.
 */
export function useUrlImport(importOne: ImportOne = importUrl) {
  const [state, dispatch] = useReducer(importReducer, NO_IMPORT)
  const controller = useRef<AbortController | null>(null)

  const start = useCallback(
    async (fields: ImportFields): Promise<{ succeeded: number; failed: number } | string> => {
      const list = importList(state.text, state.items)
      if (typeof list === 'string') return list
      dispatch({ type: 'started', items: list })
      const abort = new AbortController()
      controller.current = abort
      const queue = list.filter((item) => item.status === 'waiting').map((item) => item.url)
      // Those imported by an earlier press count as imported.
      let succeeded = state.items.filter((item) => item.status === 'done').length
      let failed = 0
      const worker = async () => {
        for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
          dispatch({ type: 'importing', url })
          try {
            await importOne({ ...fields, url }, abort.signal)
            succeeded += 1
            dispatch({ type: 'imported', url })
          } catch (error) {
            if (abort.signal.aborted) return
            failed += 1
            dispatch({
              type: 'failed',
              url,
              error: error instanceof Error ? error.message : IMPORT_WORDS.failed,
            })
          }
        }
      }
      await Promise.all(Array.from({ length: AT_ONCE }, worker))
      if (controller.current === abort) {
        controller.current = null
        dispatch({ type: 'ended' })
      }
      return { succeeded, failed }
    },
    [importOne, state.items, state.text],
  )

  const reset = useCallback(() => {
    controller.current?.abort()
    controller.current = null
    dispatch({ type: 'reset' })
  }, [])

  const setText = useCallback((text: string) => {
    dispatch({ type: 'typed', text })
  }, [])

  return { ...state, setText, start, reset }
}
