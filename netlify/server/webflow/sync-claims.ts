import type { MediaRecord } from '../../../src/contract/record'
import { operateOnRecords } from '../records/record-shards'
import type { DocumentStore } from '../storage/document-store'
import { JOB_LIFETIME_MS } from './sync-trigger'

/**
 * How long a queued job is counted on to come: a job's lifetime, after which it can no longer be opened
 * (`openJob`), so a record still pending then may be queued again.
 */
export const QUEUED_FOR_MS = JOB_LIFETIME_MS

type SyncState = NonNullable<MediaRecord['webflow']>

/** One record's answer: the record as it now stands, and whether a job must be queued for it. */
export interface SyncClaim {
  id: number
  record: MediaRecord | undefined
  queue: boolean
}

/**
 * Whether `webflow` needs no job: synced (an edit since would have made it pending, with its revision
 * counted up, so synced means synced at the current revision), or pending with a job queued within
 * `QUEUED_FOR_MS` (that job reads the record when it runs, and runs again while edits keep coming).
 */
export function needsNoJob(webflow: SyncState | undefined, now: Date): boolean {
  if (!webflow) return false
  if (webflow.state === 'synced') return true
  if (webflow.state !== 'pending' || !webflow.queued_at) return false
  const age = now.getTime() - Date.parse(webflow.queued_at)
  return age >= 0 && age < QUEUED_FOR_MS
}

/**
 * Coalesces mirror work, with one compare-and-swap per shard: each record of `ids` that needs a job is
 * marked pending with `queued_at` now, and answered `queue: true`; a record that needs none (see
 * `needsNoJob`) is left as it is and answered with its state, `queue: false`. So ten sync requests, or
 * ten quick edits, on one record queue one job between them, and none once it is synced.
 */
export async function claimSyncs(
  documents: DocumentStore,
  ids: readonly number[],
  now = new Date(),
): Promise<SyncClaim[]> {
  return operateOnRecords<SyncClaim>(documents, ids, (current, id) => {
    if (!current) return { result: { id, record: undefined, queue: false } }
    if (needsNoJob(current.webflow, now)) return { result: { id, record: current, queue: false } }
    const { message: _message, ...rest } = current.webflow ?? { state: 'pending' as const, updated_at: '' }
    const stamp = now.toISOString()
    const record = {
      ...current,
      webflow: { ...rest, state: 'pending' as const, queued_at: stamp, updated_at: stamp },
    }
    return { record, result: { id, record, queue: true } }
  })
}
