import type { MediaRecord } from '../../../src/contract/record'
import { siteOrigins } from '../http/site-origin'
import { documentStore, mediaHostStores } from '../store'
import { claimSyncs, type SyncClaim } from './sync-claims'
import { queueSyncJob, type BackgroundJob } from './sync-trigger'
import { webflowSetup, type WebflowSetup } from './webflow-config'
import { heldOnWebflow, setSyncState } from './webflow-sync'

/** The mirror's settings as this instance sees them. */
export function currentWebflowSetup(): WebflowSetup {
  return webflowSetup(process.env)
}

/**
 * Queues a job on this deploy's background function (`siteOrigins`, never the request's `Host`). False
 * when it could not be queued, the site's address unknown included.
 */
export async function queueOnThisDeploy(request: Request, job: BackgroundJob): Promise<boolean> {
  let origin: string
  try {
    origin = siteOrigins(request).jobs
  } catch (error) {
    console.error('Could not queue the Webflow sync', error)
    return false
  }
  return queueSyncJob(origin, job, documentStore())
}

/**
 * After records are created or edited, or on a sync request: queue their mirror, when one is
 * configured, for the records that need a job (`claimSyncs`: not synced, and no job queued within the
 * last five minutes). Returns each record's claim, so a sync request can answer with the state.
 */
export async function mirrorChanges(
  request: Request,
  records: readonly { id: number }[],
): Promise<SyncClaim[]> {
  const setup = currentWebflowSetup()
  if (setup.kind !== 'ready' || records.length === 0) return []
  const claims = await claimSyncs(
    documentStore(),
    records.map((record) => record.id),
  )
  const ids = claims.filter((claim) => claim.queue).map((claim) => claim.id)
  if (ids.length === 0) return claims
  if (!(await queueOnThisDeploy(request, { action: 'upsert', ids }))) {
    // Say so on the records, so the Details dialog offers a retry instead of waiting forever. The
    // records themselves are saved: a failure here must not turn the answer into an error.
    const context = { stores: mediaHostStores() }
    const failed = { state: 'failed', message: 'Could not queue the Webflow sync' } as const
    for (const claim of claims.filter(({ queue }) => queue)) {
      claim.record = await setSyncState(context, claim.id, failed).catch((error: unknown) => {
        console.error('Could not record the failed Webflow queue', error)
        return claim.record
      })
      claim.queue = false
    }
  }
  return claims
}

/**
 * After records are deleted: queue the removal of their items and of every asset they name, an outdated
 * one too, and an asset whose item was never made.
 */
export async function mirrorDeletes(request: Request, records: readonly MediaRecord[]): Promise<void> {
  const setup = currentWebflowSetup()
  if (setup.kind !== 'ready') return
  const items = records.flatMap(({ webflow }) => heldOnWebflow(webflow) ?? [])
  if (items.length === 0) return
  await queueOnThisDeploy(request, { action: 'delete', items })
}
