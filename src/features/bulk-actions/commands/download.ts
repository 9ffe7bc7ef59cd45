import { Download } from 'lucide-react'

import { toast } from '../../../components/ui/toast'
import type { MediaRecord } from '../../../contract/record'
import { errorMessage } from '../../../lib/api-errors'
import { retryingImport } from '../../../lib/retry-import'
import { safeUrl } from '../../../lib/safe-url'
import type { FileCommand } from '../../commands'
import { bulkOperations } from '../model/bulk-operations'

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
  perform: (services, targets, scope) => {
    const record = targets[0]
    if (scope === 'bulk')
      void bulkOperations(services.cache).download(
        targets.filter((target) => safeUrl(target.media_url) !== null),
      )
    else if (record !== undefined) downloadOne(record)
  },
}
