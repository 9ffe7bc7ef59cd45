import { useSyncExternalStore } from 'react'

import { formatBytes } from '../../../lib/format-bytes'
import { countOf } from '../../../lib/plural'
import type { ZipJob } from '../model/zip-job'
import './zip-progress.css'

/**
 * An archive being made: bytes and files done so far, and Cancel. The figures are read from the
 * progress bar's value text; the visible copy of them is hidden from the live region the toast sits
 * in, so a screen reader is not read every change.
 */
export function ZipProgressCard({ job }: { job: ZipJob }) {
  const { bytesDone, bytesTotal, filesDone, filesTotal } = useSyncExternalStore(job.subscribe, job.current)
  const percent = bytesTotal > 0 ? Math.min(100, Math.round((bytesDone / bytesTotal) * 100)) : 0
  const figures = `${formatBytes(bytesDone)} of ${formatBytes(bytesTotal)}, ${String(filesDone)} of ${countOf(filesTotal, 'file')}`
  return (
    <div className="zip-progress">
      <p className="zip-progress__title">Zipping {countOf(filesTotal, 'file')}</p>
      <div
        className="zip-progress__track"
        role="progressbar"
        aria-label="Zip progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={figures}
      >
        <div className="zip-progress__fill" style={{ width: `${String(percent)}%` }} />
      </div>
      <div className="zip-progress__row">
        <span className="zip-progress__figures" aria-hidden="true">
          {figures}
        </span>
        <button type="button" className="button button--secondary button--small" onClick={job.cancel}>
          Cancel
        </button>
      </div>
    </div>
  )
}
