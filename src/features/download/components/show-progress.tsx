import { preloadToasts } from '../../../components/ui/toast'
import { retryingImport } from '../../../lib/retry-import'
import type { ZipJob } from '../model/zip-job'
import { ZipProgressCard } from './zip-progress'

/**
 * Shows the job's progress in a toast of its own that stays until the returned function takes it
 * away. Without the toast layer (its code could not load) the archive is still made, unshown.
 */
export function showZipProgress(job: ZipJob): () => void {
  let hide: (() => void) | undefined
  let over = false
  preloadToasts()
  retryingImport(() => import('sonner')).then(
    ({ toast }) => {
      if (over) return
      const id = toast.custom(() => <ZipProgressCard job={job} />, {
        duration: Number.POSITIVE_INFINITY,
        dismissible: false,
      })
      hide = () => toast.dismiss(id)
    },
    (error: unknown) => {
      console.warn('The progress of the archive cannot be shown', error)
    },
  )
  return () => {
    over = true
    hide?.()
  }
}
