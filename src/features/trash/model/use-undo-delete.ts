import { useCallback } from 'react'
import { useSWRConfig } from 'swr'

import { toast } from '../../../components/ui/toast'
import type { MediaRecord } from '../../../contract/record'
import { errorMessage } from '../../../lib/api-errors'
import { NO_CHANGE, withAdded, type MediaCache } from '../../../lib/record-changes'
import { trashKey } from '../api/get-trash'
import { restoreFiles } from '../api/restore-files'
import { describeDone } from './describe'
import { countOf } from '../../../lib/plural'

/**
 * Undo of a delete: restores exactly the files just deleted. They show again at once; the file list is
 * then fetched anew, since a restored file may have come back to a folder other than the one it left.
 * If the restore fails they disappear again (the rollback) and the failure is reported.
 */
export function useUndoDelete(cache: MediaCache) {
  const { mutate } = useSWRConfig()
  return useCallback(
    (records: readonly MediaRecord[]) => {
      const ids = records.map((record) => record.id as number)
      cache
        .change(
          async () => {
            const outcome = await restoreFiles(ids)
            // Fetched before the overlay leaves, so the files never blink out and back in.
            await cache.reload().catch((error: unknown) => {
              console.error('Could not refresh the file list after a restore', error)
            })
            return outcome
          },
          withAdded(records),
          () => NO_CHANGE,
        )
        .then(
          (outcome) => {
            if (outcome.succeeded > 0) toast.success(describeDone(records, outcome, 'restored'))
            const firstFailure = outcome.results.find((result) => !result.success)
            if (firstFailure) {
              toast.error(`Failed to restore ${countOf(outcome.failed, 'file')}`, {
                description: `File ${String(firstFailure.id)}: ${firstFailure.error ?? 'failed'}`,
              })
            }
          },
          (error: unknown) => {
            toast.error('Failed to restore', { description: errorMessage(error, 'Network error') })
          },
        )
        // The Trash's count follows. The screen may be gone by then (its cache with it): the Trash is
        // asked again whenever it opens, so a refresh that cannot run is dropped.
        .finally(() => mutate(trashKey()).catch(() => undefined))
    },
    [cache, mutate],
  )
}
