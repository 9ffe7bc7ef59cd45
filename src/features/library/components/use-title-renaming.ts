import { useMemo, useState } from 'react'

import { toast } from '../../../components/ui/toast'
import type { MediaRecord } from '../../../contract/record'
import { errorMessage } from '../../../lib/api-errors'
import { withPatch, withRecords, type MediaCache } from '../../../lib/record-changes'
import { titleProblem, updateFile } from '../../edit-file'
import { createRenameState, type Renaming } from './inline-rename'

/** Inline rename of a title: saved through the Edit dialog's update, with its rule and its messages. */
export function useTitleRenaming(cache: MediaCache): Renaming {
  const [state] = useState(createRenameState)
  return useMemo(
    () => ({
      state,
      problem: titleProblem,
      save: (record: MediaRecord, title: string) => {
        cache
          .change(
            () => updateFile(record.id, { title }),
            withPatch([record.id], { title }),
            (saved) => withRecords([saved]),
          )
          .then(
            () => {
              toast.success('File updated successfully!')
            },
            (error: unknown) => {
              toast.error(`Error updating file: ${errorMessage(error, 'Network error')}`)
            },
          )
      },
    }),
    [state, cache],
  )
}
