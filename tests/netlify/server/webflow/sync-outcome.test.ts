import { describe, expect, it } from 'vitest'

import { WebflowBudgetSpentError } from '../../../../netlify/server/webflow/request-budget'
import {
  PUBLISHED_LIVE,
  STAGED,
  stoppedState,
  syncedState,
} from '../../../../netlify/server/webflow/sync-outcome'

describe('syncedState', () => {
  it('says where the item is, then each note in order, leaving out the missing ones', () => {
    const state = syncedState('live', 'item-1', { id: 'asset-1', version: 'v2' }, [
      'Field "Size" cannot take text',
      undefined,
      'No public URL: the access gate keeps the file private',
    ])
    expect(state).toEqual({
      state: 'synced',
      item_id: 'item-1',
      asset_id: 'asset-1',
      image_version: 'v2',
      message: `${PUBLISHED_LIVE}; Field "Size" cannot take text; No public URL: the access gate keeps the file private`,
    })
  })

  it('says a staged item waits for the site to be published', () => {
    expect(syncedState('staged', 'item-1', { id: undefined, version: undefined }, []).message).toBe(STAGED)
  })

  it('keeps an image version only beside the asset it was made for', () => {
    const state = syncedState('live', 'item-1', { id: undefined, version: 'v2' }, [])
    expect(state.asset_id).toBeUndefined()
    expect(state.image_version).toBeUndefined()
  })
})

describe('stoppedState', () => {
  const held = { itemId: 'item-1', assetId: 'asset-1', imageVersion: 'r90-c0.1.0.1.0.9.0.9' }

  it("marks the record failed with the reason, keeping the ids it held and the asset's image version", () => {
    expect(stoppedState(new Error('Webflow refused the token'), held)).toEqual({
      state: 'failed',
      message: 'Webflow refused the token',
      item_id: 'item-1',
      asset_id: 'asset-1',
      image_version: 'r90-c0.1.0.1.0.9.0.9',
    })
  })

  it('leaves the record pending when the request budget is spent', () => {
    const spent = new WebflowBudgetSpentError(30_000)
    expect(stoppedState(spent, { itemId: undefined, assetId: undefined, imageVersion: 'v' })).toEqual({
      state: 'pending',
      message: spent.message,
      item_id: undefined,
      asset_id: undefined,
      image_version: undefined,
    })
  })

  it('says what was thrown when it is not an error', () => {
    expect(stoppedState('socket hang up', held).message).toBe('socket hang up')
  })
})
