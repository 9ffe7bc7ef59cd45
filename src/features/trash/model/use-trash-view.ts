import { useCallback, useMemo, useState } from 'react'

import type { BatchResponse } from '../../../contract/api'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-errors'
import { useTrash, type TrashedRecord } from '../api/get-trash'
import { purgeFiles } from '../api/purge-files'
import { restoreFiles } from '../api/restore-files'
import { describeDone } from './describe'
import { countOf } from '../../../lib/plural'

/**
 * The trash as the Trash view shows it, with restore and delete forever. Records being acted on are
 * hidden at once; when the server confirms, the confirmed ones leave the cached list, and the rest show
 * again (the rollback). Hiding by id composes any number of overlapping actions.
 */
export function useTrashView(onRestored: () => void) {
  const trash = useTrash()
  const { data, mutate } = trash
  const [hidden, setHidden] = useState<ReadonlySet<number>>(() => new Set())
  const records = useMemo(() => data?.records.filter((record) => !hidden.has(record.id)), [data, hidden])

  const run = useCallback(
    async (
      targets: readonly TrashedRecord[],
      request: (ids: number[]) => Promise<BatchResponse>,
      words: { done: string; failed: string },
    ): Promise<BatchResponse | null> => {
      const ids = targets.map((record) => record.id as number)
      setHidden((current) => new Set([...current, ...ids]))
      try {
        const outcome = await request(ids)
        const done = new Set(outcome.results.flatMap((result) => (result.success ? [result.id] : [])))
        await mutate(
          (current) =>
            current && { ...current, records: current.records.filter((record) => !done.has(record.id)) },
          { revalidate: false },
        )
        report(targets, outcome, words)
        // An item refused (restored or purged elsewhere meanwhile) means this list is out of date.
        if (outcome.failed > 0) void mutate()
        return outcome
      } catch (error) {
        toast.error(words.failed, { description: errorMessage(error, 'Network error') })
        return null
      } finally {
        setHidden((current) => new Set([...current].filter((id) => !ids.includes(id))))
      }
    },
    [mutate],
  )

  const restore = useCallback(
    async (targets: readonly TrashedRecord[]) => {
      const outcome = await run(targets, restoreFiles, { done: 'restored', failed: 'Failed to restore' })
      if (outcome && outcome.succeeded > 0) onRestored()
    },
    [run, onRestored],
  )
  const purge = useCallback(
    async (targets: readonly TrashedRecord[]) => {
      await run(targets, purgeFiles, { done: 'deleted forever', failed: 'Failed to delete forever' })
    },
    [run],
  )

  return {
    records,
    /** The list is being fetched again: what it lacks may be there once it is in. */
    validating: trash.isValidating,
    purgeDays: data?.purgeDays ?? 0,
    error: trash.error,
    retry: () => void mutate(),
    restore,
    purge,
  }
}

function report(
  targets: readonly TrashedRecord[],
  outcome: BatchResponse,
  words: { done: string; failed: string },
): void {
  if (outcome.succeeded > 0) toast.success(describeDone(targets, outcome, words.done))
  const firstFailure = outcome.results.find((result) => !result.success)
  if (firstFailure) {
    toast.error(`${words.failed} ${countOf(outcome.failed, 'file')}`, {
      description: `File ${String(firstFailure.id)}: ${firstFailure.error ?? 'failed'}`,
    })
  }
}
