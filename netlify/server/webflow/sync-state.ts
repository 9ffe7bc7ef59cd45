import { LIMITS } from '../../../src/contract/limits'
import type { MediaRecord } from '../../../src/contract/record'
import { operateOnRecords } from '../records/record-shards'
import type { SyncContext } from './sync-context'
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

/** Records the mirror's state on the record, without counting it as an edit of the record. */
export async function setSyncState(
  context: Stores,
  id: number,
  state: Omit<SyncState, 'updated_at'>,
  now = new Date(),
): Promise<MediaRecord | undefined> {
  const [updated] = await operateOnRecords(context.stores.documents, [id], (current) => {
    if (!current) return { result: undefined }
    const revision = current.webflow?.revision
    const webflow = storedState({ ...state, revision, updated_at: now.toISOString() })
    const record = { ...current, webflow }
    return { record, result: record }
  })
  return updated
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

export interface Claimed {
  id: string
  /** For an asset: the `imageVersion` it was made at, if it is an adjusted picture. */
  imageVersion: string | undefined
}

/**
 * Stores a freshly created Webflow id on the record unless it already has another one (other than
 * `replaces`, an id Webflow no longer knows or an asset of an earlier picture), and returns the id that
 * stands. The loser's creation is undone with `discard`. `keepState` leaves the rest of the state as it
 * is; an asset is stored with the `imageVersion` it was made at.
 */
export async function claimWebflowId(
  context: Stores,
  id: number,
  field: 'item_id' | 'asset_id',
  created: string,
  discard: () => Promise<unknown>,
  {
    keepState = false,
    replaces,
    imageVersion: version,
  }: { keepState?: boolean; replaces?: string; imageVersion?: string } = {},
): Promise<Claimed> {
  const [winner] = await operateOnRecords<Claimed | null>(context.stores.documents, [id], (current) => {
    if (!current) return { result: null }
    const existing = current.webflow?.[field]
    if (existing && existing !== replaces) {
      return { result: { id: existing, imageVersion: current.webflow?.image_version } }
    }
    const { image_version: previousVersion, ...rest } = current.webflow ?? {
      state: 'pending',
      updated_at: new Date().toISOString(),
    }
    const webflow: SyncState = { ...rest, [field]: created }
    if (field === 'item_id' && previousVersion !== undefined) webflow.image_version = previousVersion
    if (field === 'asset_id' && version !== undefined) webflow.image_version = version
    if (!keepState) webflow.updated_at = new Date().toISOString()
    return { record: { ...current, webflow }, result: { id: created, imageVersion: version } }
  })
  if (!winner) {
    await discard().catch(logRemovalFailure)
    throw new RecordGoneError(id)
  }
  if (winner.id !== created) await discard().catch(logRemovalFailure)
  return winner
}

/** Writes the synced state only if the record was not edited since `revision` was read. */
export async function commitIfUnchanged(
  context: Stores,
  id: number,
  revision: number,
  state: Omit<SyncState, 'updated_at' | 'revision'>,
): Promise<boolean> {
  const [outcome] = await operateOnRecords(context.stores.documents, [id], (current) => {
    if (!current) return { result: 'gone' as const }
    if ((current.webflow?.revision ?? 0) !== revision) return { result: 'edited' as const }
    const webflow = storedState({
      ...state,
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
