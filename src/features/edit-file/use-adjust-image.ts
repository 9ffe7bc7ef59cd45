import { useCallback } from 'react'

import { toast } from '../../components/ui/toast'
import type { ImageSettingsPatchFields } from '../../contract/image-settings'
import type { MediaRecord } from '../../contract/record'
import { errorMessage } from '../../lib/api-errors'
import { NO_CHANGE, withRecords, type MediaCache } from '../../lib/record-changes'
import { updateFile } from './api/update-file'

/**
 * Saves an image's crop, rotation or focal point (Details' controls) through the update call, with a
 * toast if the server refuses. The record changes only with the server's answer, not before: the
 * pictures' `/api/image` URLs carry the settings' version, and one asked for before the server stored
 * the settings would show the old picture under the new URL.
 */
export function useAdjustImage(cache: MediaCache) {
  return useCallback(
    (record: MediaRecord, fields: ImageSettingsPatchFields) => {
      cache
        .change(
          () => updateFile(record.id, fields),
          NO_CHANGE,
          (saved) => withRecords([saved]),
        )
        .catch((error: unknown) => {
          toast.error(`Error updating file: ${errorMessage(error, 'Network error')}`)
        })
    },
    [cache],
  )
}
