import { LIMITS } from '../../../src/contract/limits'
import type { MediaRecord } from '../../../src/contract/record'
import { operateOnRecords } from '../records/record-shards'
import type { HeldOnWebflow, SyncContext } from './sync-context'
import type { WebflowSetup } from './webflow-config'

/** The mirror's state on a record: written with the shard's compare-and-swap, never as an edit. */
export type SyncState = NonNullable<MediaRecord['webflow']>

type Stores = Pick<SyncContext, 'stores'>

/** The state a new or changed record starts in: pending, or skipped with the spec's non-critical message. */
export function initialSyncState(setup: WebflowSetup, now = new Date()): SyncState | undefined {
  if (setup.kind === 'off') return undefined
  const updated_at = now.toISOString()
  return setup.kind === 'incomplete'
    ? { state: 'skipped', message: setup.message, updated_at }
    : { state: 'pending', updated_at }
}

/**
 * The state as stored: no undefined fields, and the message cut to `LIMITS.syncMessageChars`, since it
 * may carry Webflow's own error text, and a record must stay within `LIMITS.recordBytes`.
 */
export function storedState(state: Record<string, unknown>): SyncState {
  const defined = Object.fromEntries(Object.entries(state).filter(([, value]) => value !== undefined))
  if (typeof defined.message === 'string' && defined.message.length > LIMITS.syncMessageChars) {
    defined.message = `${defined.message.slice(0, LIMITS.syncMessageChars - 1)}…`
  }
  return defined as SyncState
}

/**
 * Records the mirror's state on the record, without counting it as an edit of the record. The ids
 * `state` does not name stay as stored (claims store them as they are made), so a state written over
 * them, such as a stopped round's, forgets no item or asset the record still has on Webflow.
 */
export async function setSyncState(
  context: Stores,
  id: number,
  state: Omit<SyncState, 'updated_at'>,
  now = new Date(),
): Promise<MediaRecord | undefined> {
  const [updated] = await operateOnRecords(context.stores.documents, [id], (current) => {
    if (!current) return { result: undefined }
    const revision = current.webflow?.revision
    const webflow = storedState({
      ...webflowIdsOf(current.webflow),
      ...state,
      revision,
      updated_at: now.toISOString(),
    })
    const record = { ...current, webflow }
    return { record, result: record }
  })
  return updated
}

/** What a state names on Webflow: the item, the asset (with what it was made from) and the outdated assets. */
function webflowIdsOf(webflow: SyncState | undefined) {
  return {
    item_id: webflow?.item_id,
    asset_id: webflow?.asset_id,
    image_version: webflow?.image_version,
    asset_outdated: webflow?.asset_outdated,
    outdated_asset_ids: webflow?.outdated_asset_ids,
  }
}

/** What a deleted record's state holds on Webflow, for a delete job; undefined when it holds nothing. */
export function heldOnWebflow(webflow: SyncState | undefined): HeldOnWebflow | undefined {
  if (!webflow?.item_id && assetIdsOf(webflow).length === 0) return undefined
  const { item_id, asset_id, outdated_asset_ids } = webflow ?? {}
  return { item_id, asset_id, outdated_asset_ids }
}

/** Every asset a state names: its own, then the outdated ones it replaced. */
export function assetIdsOf(
  webflow: Pick<SyncState, 'asset_id' | 'outdated_asset_ids'> | undefined,
): string[] {
  const ids = [webflow?.asset_id, ...(webflow?.outdated_asset_ids ?? [])]
  return [...new Set(ids.filter((assetId) => assetId !== undefined))]
}

/**
 * Marks records pending with `message` and no job queued (`queued_at` dropped), keeping their item and
 * asset ids: work the request budget had no room for.
 */
export async function deferSyncs(context: Stores, ids: readonly number[], message: string) {
  if (ids.length === 0) return
  const now = new Date().toISOString()
  await operateOnRecords(context.stores.documents, ids, (current) => {
    if (!current?.webflow) return { result: undefined }
    const { queued_at: _queued, ...rest } = current.webflow
    const webflow = storedState({ ...rest, state: 'pending', message, updated_at: now })
    return { record: { ...current, webflow }, result: undefined }
  })
}

/** The record was deleted while it was being mirrored. */
export class RecordGoneError extends Error {
  override name = 'RecordGoneError'

  constructor(id: number) {
    super(`File ${String(id)} was deleted while it was being mirrored`)
  }
}

export async function readRecord(context: Stores, id: number): Promise<MediaRecord | undefined> {
  const [record] = await operateOnRecords(context.stores.documents, [id], (current) => ({ result: current }))
  return record
}

/**
 * Writes the synced state only if the record was not edited since `revision` was read. The outdated
 * assets `removed` (the item no longer shows them) are no longer named; any other the record names
 * (one another job replaced meanwhile) stays.
 */
export async function commitIfUnchanged(
  context: Stores,
  id: number,
  revision: number,
  state: Omit<SyncState, 'updated_at' | 'revision'>,
  removed: readonly string[] = [],
): Promise<boolean> {
  const [outcome] = await operateOnRecords(context.stores.documents, [id], (current) => {
    if (!current) return { result: 'gone' as const }
    if ((current.webflow?.revision ?? 0) !== revision) return { result: 'edited' as const }
    const outdated = (current.webflow?.outdated_asset_ids ?? []).filter(
      (assetId) => assetId !== state.asset_id && !removed.includes(assetId),
    )
    const webflow = storedState({
      ...state,
      outdated_asset_ids: outdated.length > 0 ? outdated : undefined,
      revision: revision || undefined,
      updated_at: new Date().toISOString(),
    })
    return { record: { ...current, webflow }, result: 'committed' as const }
  })
  if (outcome === 'gone' || outcome === undefined) throw new RecordGoneError(id)
  return outcome === 'committed'
}

export function logRemovalFailure(error: unknown): void {
  console.error('Could not remove a Webflow item or asset of a deleted record', error)
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
