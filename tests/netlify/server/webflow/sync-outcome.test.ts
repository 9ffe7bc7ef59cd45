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
  it('marks the record failed with the reason, naming no ids: they stay as the claims stored them', () => {
    expect(stoppedState(new Error('Webflow refused the token'))).toEqual({
      state: 'failed',
      message: 'Webflow refused the token',
    })
  })

  it('leaves the record pending when the request budget is spent', () => {
    const spent = new WebflowBudgetSpentError(30_000)
    expect(stoppedState(spent)).toEqual({ state: 'pending', message: spent.message })
  })

  it('says what was thrown when it is not an error', () => {
    expect(stoppedState('socket hang up').message).toBe('socket hang up')
  })
})
