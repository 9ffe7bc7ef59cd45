/**
 * A Webflow id claimed on the record as soon as it is made (decision 0012, 0087): several jobs may
 * mirror one record at once, and a round may stop after any call, so what it made is on the record
 * before the next call.
 */

import { LIMITS } from '../../../src/contract/limits'
import { operateOnRecords } from '../records/record-shards'
import type { SyncContext } from './sync-context'
import { logRemovalFailure, RecordGoneError, storedState, type SyncState } from './sync-state'

export interface Claimed {
  id: string
  /** For an asset: the `imageVersion` it was made at, if it is an adjusted picture. */
  imageVersion: string | undefined
}

/** The record already names `LIMITS.webflowOutdatedAssets` outdated assets: no new one replaces another. */
export class OutdatedAssetsFullError extends Error {
  override name = 'OutdatedAssetsFullError'

  constructor() {
    super('the assets it replaced are still on Webflow, to be removed first')
  }
}

/** How a claimed id takes its place on the record. */
export interface ClaimOptions {
  /** Leaves the rest of the state (its `updated_at`) as it is. */
  keepState?: boolean
  /** An id the new one may take the place of: one Webflow no longer has, or an outdated asset. */
  replaces?: string
  /** For an asset: the `imageVersion` it was made at. */
  imageVersion?: string
  /**
   * For an asset: `replaces` is still on Webflow and the item may show it, so it stays named among the
   * outdated assets until the item is written without it.
   */
  keepReplaced?: boolean
}

/**
 * Stores a freshly created Webflow id on the record unless it already has another one (other than
 * `replaces`), and returns the id that stands. The loser's creation is undone with `discard`. An asset
 * is stored with the `imageVersion` it was made at, and the asset it replaces, when kept, joins the
 * outdated ones in the same write, so no stop or crash after it can forget that asset.
 */
export async function claimWebflowId(
  context: Pick<SyncContext, 'stores'>,
  id: number,
  field: 'item_id' | 'asset_id',
  created: string,
  discard: () => Promise<unknown>,
  { keepState = false, replaces, imageVersion, keepReplaced = false }: ClaimOptions = {},
): Promise<Claimed> {
  const [winner] = await operateOnRecords<Claimed | 'full' | null>(
    context.stores.documents,
    [id],
    (current) => {
      if (!current) return { result: null }
      const stored: SyncState = current.webflow ?? { state: 'pending', updated_at: new Date().toISOString() }
      const existing = stored[field]
      if (existing && existing !== replaces) {
        return { result: { id: existing, imageVersion: stored.image_version } }
      }
      const webflow =
        field === 'item_id'
          ? { ...stored, item_id: created }
          : withNewAsset(stored, created, imageVersion, keepReplaced ? existing : undefined)
      if (!webflow) return { result: 'full' }
      if (!keepState) webflow.updated_at = new Date().toISOString()
      return { record: { ...current, webflow }, result: { id: created, imageVersion } }
    },
  )
  if (!winner || winner === 'full') await discard().catch(logRemovalFailure)
  if (!winner) throw new RecordGoneError(id)
  if (winner === 'full') throw new OutdatedAssetsFullError()
  if (winner.id !== created) await discard().catch(logRemovalFailure)
  return winner
}

/**
 * `stored` with `created` as its asset, made at `imageVersion`; `replaced`, still on Webflow, joins the
 * outdated assets. Null when that would name more than `LIMITS.webflowOutdatedAssets` of them.
 */
function withNewAsset(
  stored: SyncState,
  created: string,
  imageVersion: string | undefined,
  replaced: string | undefined,
): SyncState | null {
  const { asset_outdated: _outdated, outdated_asset_ids: earlier = [], ...rest } = stored
  const outdated = replaced && !earlier.includes(replaced) ? [...earlier, replaced] : earlier
  if (outdated.length > LIMITS.webflowOutdatedAssets) return null
  return storedState({
    ...rest,
    asset_id: created,
    image_version: imageVersion,
    outdated_asset_ids: outdated.length > 0 ? outdated : undefined,
  })
}
