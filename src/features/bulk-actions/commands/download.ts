import { Download } from 'lucide-react'

import { toast } from '../../../components/ui/toast'
import type { MediaRecord } from '../../../contract/record'
import { errorMessage } from '../../../lib/api-errors'
import { retryingImport } from '../../../lib/retry-import'
import { safeUrl } from '../../../lib/safe-url'
import type { FileCommand } from '../../commands'
import {
  NO_FILES_SELECTED,
  plainError,
  reportOutcome,
  succeededIds,
  type ItemResult,
} from '../model/bulk-operations'

/** Saves one file; its download code loads on the first download, not with the page (decision 0046). */
export function downloadOne(record: MediaRecord) {
  if (safeUrl(record.media_url) === null) toast.error(`"${record.title}" has no downloadable address`)
  else
    retryingImport(() => import('../../../lib/download'))
      .then(({ downloadRecord }) => downloadRecord(record))
      .catch((error: unknown) => {
        toast.error(`Could not download "${record.title}"`, {
          description: errorMessage(error, 'Network error'),
        })
      })
}

/** Saves the files: two or more as one ZIP, whose code is fetched only when one is asked for. */
async function downloadFiles(records: readonly MediaRecord[]): Promise<number[]> {
  const [record, ...others] = records
  if (record === undefined) {
    toast.error(NO_FILES_SELECTED)
    return []
  }
  if (others.length > 0) {
    try {
      const { downloadAsZip } = await retryingImport(() => import('../../download'))
      return await downloadAsZip(records)
    } catch (error) {
      toast.error('Bulk operation failed', { description: errorMessage(error, 'Download failed') })
      return []
    }
  }
  const results: ItemResult[] = []
  try {
    const { downloadRecord } = await retryingImport(() => import('../../../lib/download'))
    await downloadRecord(record)
    results.push({ id: record.id, success: true })
  } catch (error) {
    results.push({ id: record.id, success: false, error: errorMessage(error, 'Download failed') })
  }
  const outcome = { results, failure: undefined }
  reportOutcome(outcome, {
    failureMessage: 'Bulk operation failed',
    describeError: (result) => `File ${String(result.id)}: ${plainError(result)}`,
  })
  return succeededIds(outcome)
}

/** Download: one file as it is, or the selection as one ZIP (those with an address). */
export const downloadCommand: FileCommand = {
  name: 'download',
  label: 'Download',
  icon: Download,
  shows: {
    context: { order: 3 },
    bulk: { order: 4 },
    card: { order: 3 },
    details: { order: 4, primary: true },
  },
  perform: (_services, targets, scope) => {
    const record = targets[0]
    if (scope === 'bulk') void downloadFiles(targets.filter((target) => safeUrl(target.media_url) !== null))
    else if (record !== undefined) downloadOne(record)
  },
}
