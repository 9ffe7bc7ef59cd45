import type { WebflowPublishMode } from '../../../src/contract/webflow'
import type { MirroredAsset } from './mirror-asset'
import { WebflowBudgetSpentError } from './request-budget'
import { messageOf, type SyncState } from './sync-state'

/** The synced state's message: where the item is, then what it lacks. */
export const PUBLISHED_LIVE = 'Published live'
export const STAGED = 'Staged: publish the site to show it'

/** What a round commits once the item is written: its ids, and the message saying where it is and what it lacks. */
export type SyncedState = Omit<SyncState, 'updated_at' | 'revision'>

export function syncedState(
  publish: WebflowPublishMode,
  itemId: string,
  asset: Pick<MirroredAsset, 'id' | 'version'>,
  notes: readonly (string | undefined)[],
): SyncedState {
  const first = publish === 'live' ? PUBLISHED_LIVE : STAGED
  return {
    state: 'synced',
    item_id: itemId,
    asset_id: asset.id,
    image_version: asset.id ? asset.version : undefined,
    message: [first, ...notes].filter(Boolean).join('; '),
  }
}

/**
 * What a round that stopped records: failed with the reason, or pending when the request budget is
 * spent (the job stops there and the rest waits). The ids stay as the claims stored them, so every
 * asset the record replaced stays named until a round has written the item without it.
 */
export function stoppedState(cause: unknown): Pick<SyncState, 'state' | 'message'> {
  return {
    state: cause instanceof WebflowBudgetSpentError ? 'pending' : 'failed',
    message: messageOf(cause),
  }
}
