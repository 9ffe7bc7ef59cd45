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
import {
  assetIdsOf,
  commitIfUnchanged,
  logRemovalFailure,
  readRecord,
  RecordGoneError,
  setSyncState,
} from './sync-state'
import type { WebflowApi } from './webflow-api'
import { deleteAsset, removeHeld } from './webflow-items'

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
  // Every asset the record names, outdated ones included: a record gone meanwhile takes them all.
  const held = { itemId: record.webflow?.item_id, assetIds: assetIdsOf(record.webflow) }
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
    const { synced, removed } = await mirrorToWebflow(context, api, target, start)
    const held = { itemId: synced.item_id, assetIds: assetIdsOf(synced) }
    const committed = await holding(held, () =>
      commitIfUnchanged(context, id, start.revision, synced, removed),
    )
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

/** What a round commits, and the outdated assets it removed. */
interface Mirrored {
  synced: SyncedState
  removed: readonly string[]
}

/** The round's steps up to the state it commits: the fields, the asset, the item, the outdated assets. */
async function mirrorToWebflow(
  context: SyncContext,
  api: WebflowApi,
  target: SyncTarget,
  { record, held, plan, kept }: RoundStart,
): Promise<Mirrored> {
  const fields = await holding(held, () => resolveFields(target, record))
  const asset = await holding(held, () =>
    mirrorAsset(context, api, record, kept, { ...plan, needsHostedUrl: fields.needsHostedUrl }),
  )
  // A new asset joins what the record holds; the ones it replaced stay held while the item may show them.
  const withAsset = asset.id ? { ...held, assetIds: [...new Set([...held.assetIds, asset.id])] } : held
  const made = await holding(withAsset, () => itemSource(record, context.siteUrl, fields.gated, asset))
  const writing = { context, api, target, record, source: made.source }
  const item = await holding(withAsset, () =>
    writeItem(writing, withAsset, mapFieldData(fields.schema, made.source, target.fieldMap)),
  )
  const written = { ...withAsset, itemId: item.itemId }
  // The item no longer shows any asset but its own: the others the record held go.
  const outdated = written.assetIds.filter((assetId) => assetId !== asset.id)
  await holding(written, () => removeOutdatedAssets(api, outdated))
  const notes = [...item.mapped.notes, asset.note, made.note]
  return { synced: syncedState(target.publish, item.itemId, asset, notes), removed: outdated }
}

/**
 * Removes assets the item no longer shows, one Webflow no longer has counting as removed. A failure
 * stops the round with them still named on the record, so a later round or the record's deletion
 * removes them.
 */
async function removeOutdatedAssets(api: WebflowApi, assetIds: readonly string[]): Promise<void> {
  for (const assetId of assetIds) await deleteAsset(api, assetId)
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
    await removeHeld(api, target.collectionId, stop.held).catch(logRemovalFailure)
    return
  }
  await setSyncState(context, id, stoppedState(stop.cause))
  if (stop.cause instanceof WebflowBudgetSpentError) throw stop.cause
}
