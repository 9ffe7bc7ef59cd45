import type { MediaRecord } from '../../../src/contract/record'
import type { CollectionSchema } from './collection-schema'
import { mapFieldData, resolveTargets, takesAsset } from './field-mapping'
import { isGatedFile, itemSource } from './item-link'
import { writeItem } from './item-write'
import { assetPlanOf, keptAsset, mirrorAsset, type AssetPlan, type KeptAsset } from './mirror-asset'
import { WebflowBudgetSpentError } from './request-budget'
import { holding, stopOf, type HeldIds, type RoundStopped } from './round-stop'
import type { SyncContext, SyncTarget } from './sync-context'
import { stoppedState, syncedState, type SyncedState } from './sync-outcome'
import { commitIfUnchanged, logRemovalFailure, readRecord, RecordGoneError, setSyncState } from './sync-state'
import type { WebflowApi } from './webflow-api'
import { deleteItem } from './webflow-items'

/** How many times one job re-mirrors a record that was edited while it was being mirrored. */
const MAX_ROUNDS = 4

/**
 * Mirrors one record. Several jobs may work on one record at once (an upload, then a quick edit), so
 * nothing is taken for granted between Webflow calls:
 * - a new item or asset id is claimed on the record only if it has none yet; a job that loses the claim
 *   deletes what it created and works on the winner's;
 * - the result is committed only if the record's `revision` is still the one that was mirrored; an edit
 *   in between makes the job mirror the record again, so the item ends with the latest data;
 * - a record deleted meanwhile takes its new item and asset with it.
 */
export async function syncRecord(
  context: SyncContext,
  api: WebflowApi,
  target: SyncTarget,
  id: number,
  roundsLeft = MAX_ROUNDS,
): Promise<void> {
  const end = await mirrorRound(context, api, target, id)
  if (end === 'edited' && roundsLeft > 1) await syncRecord(context, api, target, id, roundsLeft - 1)
}

/** What a round starts from: the record as read, the revision it mirrors, and what it holds on Webflow. */
export interface RoundStart {
  record: MediaRecord
  revision: number
  held: HeldIds
  plan: AssetPlan
  kept: KeptAsset
}

export function roundStart(record: MediaRecord, adjustImage: SyncContext['adjustImage']): RoundStart {
  const plan = assetPlanOf(record, adjustImage)
  const kept = keptAsset(record, plan.version)
  // What the record holds, an outdated asset included: a round that stops must not forget it, or it
  // would stay on Webflow with no record naming it.
  const { item_id: itemId, asset_id: assetId, image_version: imageVersion } = record.webflow ?? {}
  const held = { itemId, assetId, imageVersion }
  return { record, revision: record.webflow?.revision ?? 0, held, plan, kept }
}

/** A round ends done (synced, failed, or the record gone) or finds the record edited meanwhile. */
async function mirrorRound(
  context: SyncContext,
  api: WebflowApi,
  target: SyncTarget,
  id: number,
): Promise<'done' | 'edited'> {
  const record = await readRecord(context, id)
  if (!record) return 'done'
  const start = roundStart(record, context.adjustImage)
  try {
    const synced = await mirrorToWebflow(context, api, target, start)
    const held = { itemId: synced.item_id, assetId: synced.asset_id, imageVersion: synced.image_version }
    const committed = await holding(held, () => commitIfUnchanged(context, id, start.revision, synced))
    return committed ? 'done' : 'edited'
  } catch (error) {
    await settleStop(context, api, target, id, stopOf(error, start.held))
    return 'done'
  }
}

/** The collection's fields as this round writes them, and whether the item needs the asset's public URL. */
interface Fields {
  schema: CollectionSchema
  gated: boolean
  needsHostedUrl: boolean
}

async function resolveFields(target: SyncTarget, record: MediaRecord): Promise<Fields> {
  const gated = isGatedFile(record)
  const schema = await target.schema.get()
  // An Image or File field takes the asset by its public URL, as the gated `media-url` does.
  const needsHostedUrl = gated || takesAsset(resolveTargets(schema, target.fieldMap))
  return { schema, gated, needsHostedUrl }
}

/** The round's steps up to the state it commits: the fields, the asset, the item, the outdated asset. */
async function mirrorToWebflow(
  context: SyncContext,
  api: WebflowApi,
  target: SyncTarget,
  { record, held, plan, kept }: RoundStart,
): Promise<SyncedState> {
  const fields = await holding(held, () => resolveFields(target, record))
  const asset = await holding(held, () =>
    mirrorAsset(context, api, record, kept, { ...plan, needsHostedUrl: fields.needsHostedUrl }),
  )
  // No new asset: the one held (if any) is still the record's until the round commits.
  const withAsset = asset.id ? { ...held, assetId: asset.id, imageVersion: asset.version } : held
  const made = await holding(withAsset, () => itemSource(record, context.siteUrl, fields.gated, asset))
  const writing = { context, api, target, record, source: made.source }
  const item = await holding(withAsset, () =>
    writeItem(writing, withAsset, mapFieldData(fields.schema, made.source, target.fieldMap)),
  )
  return holding({ ...withAsset, itemId: item.itemId }, async () => {
    await removeOutdatedAsset(api, kept, asset.id)
    return syncedState(target.publish, item.itemId, asset, [...item.mapped.notes, asset.note, made.note])
  })
}

/** The item no longer shows it: the asset of an earlier crop or rotation goes. */
async function removeOutdatedAsset(api: WebflowApi, kept: KeptAsset, assetId: string | undefined) {
  if (kept.outdated && kept.outdated !== assetId) {
    await api.request('DELETE', `assets/${kept.outdated}`).catch(logRemovalFailure)
  }
}

/**
 * Ends a stopped round. A record deleted meanwhile takes what it held with it; otherwise the record
 * says why, and a spent budget stops the job too.
 */
async function settleStop(
  context: SyncContext,
  api: WebflowApi,
  target: SyncTarget,
  id: number,
  stop: RoundStopped,
): Promise<void> {
  if (stop.cause instanceof RecordGoneError) {
    await removeLeftovers(api, target.collectionId, stop.held)
    return
  }
  await setSyncState(context, id, stoppedState(stop.cause, stop.held))
  if (stop.cause instanceof WebflowBudgetSpentError) throw stop.cause
}

async function removeLeftovers(api: WebflowApi, collectionId: string, { itemId, assetId }: HeldIds) {
  if (itemId) await deleteItem(api, collectionId, itemId, assetId).catch(logRemovalFailure)
  else if (assetId) await api.request('DELETE', `assets/${assetId}`).catch(logRemovalFailure)
}
