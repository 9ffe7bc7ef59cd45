import { SchemaSession } from './collection-schema'
import { WebflowBudgetSpentError } from './request-budget'
import type { SyncContext, SyncJob, SyncTarget } from './sync-context'
import { syncRecord } from './sync-record'
import { assetIdsOf, deferSyncs } from './sync-state'
import { WebflowApi } from './webflow-api'
import { NO_FIELD_MAP } from './webflow-config'
import { removeHeld } from './webflow-items'

// The mirror as the rest of the server sees it: a job to run, and the state it keeps on a record.
export type { SyncContext, SyncJob } from './sync-context'
export { itemLinkOf } from './item-link'
export { PUBLISHED_LIVE, STAGED } from './sync-outcome'
export { heldOnWebflow, initialSyncState, setSyncState } from './sync-state'

/**
 * Runs a job one record at a time (Webflow allows 60-120 requests a minute). Each record ends synced or
 * failed with Webflow's message; a failure never touches the record's own data.
 */
export async function runSyncJob(context: SyncContext, job: SyncJob): Promise<void> {
  const { setup } = context
  if (setup.kind !== 'ready') return
  const api = new WebflowApi(setup.config, {
    fetch: context.fetch,
    budget: context.budget,
    ...context.apiOptions,
  })
  if (job.action === 'delete') {
    for (const held of job.items) {
      try {
        await removeHeld(api, setup.config.collectionId, { itemId: held.item_id, assetIds: assetIdsOf(held) })
      } catch (error) {
        console.error(`Could not remove the Webflow item ${String(held.item_id)} or its assets`, error)
      }
    }
    return
  }
  const target: SyncTarget = {
    collectionId: setup.config.collectionId,
    publish: setup.config.publish ?? 'live',
    fieldMap: setup.config.fieldMap ?? NO_FIELD_MAP,
    schema: new SchemaSession(api, setup.config.collectionId),
  }
  for (const [index, id] of job.ids.entries()) {
    try {
      await syncRecord(context, api, target, id)
    } catch (error) {
      if (!(error instanceof WebflowBudgetSpentError)) throw error
      // The budget is spent: the rest of the job waits too, pending with the reason and no job queued,
      // so the next sync request or Sync all takes them up.
      await deferSyncs(context, job.ids.slice(index + 1), error.message)
      return
    }
  }
}
