import type { MediaRecord } from '../../../src/contract/record'
import { documentStore, mediaHostStores } from '../store'
import { queueSyncJob } from './sync-trigger'
import { webflowSetup, type WebflowSetup } from './webflow-config'
import { setSyncState } from './webflow-sync'

/** The mirror's settings as this instance sees them. */
export function currentWebflowSetup(): WebflowSetup {
  return webflowSetup(process.env)
}

/** After records are created or edited: queue their mirror, when one is configured. */
export async function mirrorChanges(
  request: Request,
  records: readonly Pick<MediaRecord, 'id'>[],
): Promise<void> {
  const setup = currentWebflowSetup()
  if (setup.kind !== 'ready' || records.length === 0) return
  const ids = records.map((record) => record.id as number)
  const queued = await queueSyncJob(new URL(request.url).origin, { action: 'upsert', ids }, documentStore())
  if (!queued) {
    // Say so on the records, so the Details dialog offers a retry instead of waiting forever. The
    // records themselves are saved: a failure here must not turn the answer into an error.
    const context = { stores: mediaHostStores() }
    const failed = { state: 'failed', message: 'Could not queue the Webflow sync' } as const
    for (const id of ids) {
      await setSyncState(context, id, failed).catch((error: unknown) => {
        console.error('Could not record the failed Webflow queue', error)
      })
    }
  }
}

/** After records are deleted: queue the removal of their items and assets. */
export async function mirrorDeletes(request: Request, records: readonly MediaRecord[]): Promise<void> {
  const setup = currentWebflowSetup()
  if (setup.kind !== 'ready') return
  const items = records.flatMap(({ webflow }) =>
    webflow?.item_id ? [{ item_id: webflow.item_id, asset_id: webflow.asset_id }] : [],
  )
  if (items.length === 0) return
  await queueSyncJob(new URL(request.url).origin, { action: 'delete', items }, documentStore())
}
