import { RefreshCw } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'

import { busyButton } from '../../../components/ui/busy-button'
import type { MediaRecord } from '../../../contract/record'
import { useCanCall } from '../../../lib/access'
import { errorMessage } from '../../../lib/api-errors'
import { retryWebflowSync } from '../api/retry-webflow-sync'

type SyncState = NonNullable<MediaRecord['webflow']>

const LABELS: Record<SyncState['state'], string> = {
  pending: 'Syncing…',
  synced: 'Synced',
  failed: 'Sync failed',
  skipped: 'Not synced',
}

/** While a sync runs, the list is fetched again this often (a 304 when nothing changed). */
const POLL_MS = 3_000
const POLL_LIMIT = 40

interface WebflowSyncStatusProps {
  record: MediaRecord
  /** The server's newer version of the record (after a retry). */
  onRecordChanged: (record: MediaRecord) => void
  /** Fetches the file list again, to see the mirror's progress. */
  onRefresh: () => void
}

/** The record's mirror in the Webflow CMS: its state, Webflow's message on failure, and a retry. */
export function WebflowSyncStatus({ record, onRecordChanged, onRefresh }: WebflowSyncStatusProps) {
  const sync = record.webflow
  const [retry, setRetry] = useState<
    { kind: 'idle' } | { kind: 'busy' } | { kind: 'failed'; message: string }
  >({
    kind: 'idle',
  })
  usePollWhilePending(sync?.state === 'pending', onRefresh)
  const canSync = useCanCall('webflowSync', 'POST')
  if (!sync) return null

  const retrySync = async () => {
    setRetry({ kind: 'busy' })
    try {
      onRecordChanged(await retryWebflowSync(record.id))
      setRetry({ kind: 'idle' })
    } catch (error) {
      setRetry({ kind: 'failed', message: errorMessage(error, 'Network error') })
    }
  }

  return (
    <>
      <dt>Webflow</dt>
      <dd className={`sync sync--${sync.state}`} data-testid="webflow-sync">
        <span>{LABELS[sync.state]}</span>
        {sync.message && <span className="sync__message">{sync.message}</span>}
        {canSync && (sync.state === 'failed' || sync.state === 'skipped') && (
          <button
            type="button"
            className="button button--secondary button--small"
            {...busyButton(retry.kind === 'busy', () => void retrySync())}
          >
            <RefreshCw size={14} aria-hidden="true" />
            Retry sync
          </button>
        )}
        {retry.kind === 'failed' && (
          <span role="alert" className="sync__message">
            {retry.message}
          </span>
        )}
      </dd>
    </>
  )
}

function usePollWhilePending(pending: boolean, refresh: () => void): void {
  // The latest callback, so a parent's re-render (each refresh causes one) does not restart the timer.
  const refreshRef = useRef(refresh)
  useEffect(() => {
    refreshRef.current = refresh
  })
  useEffect(() => {
    if (!pending) return
    let polls = 0
    const timer = setInterval(() => {
      polls++
      if (polls > POLL_LIMIT) clearInterval(timer)
      else refreshRef.current()
    }, POLL_MS)
    return () => {
      clearInterval(timer)
    }
  }, [pending])
}
