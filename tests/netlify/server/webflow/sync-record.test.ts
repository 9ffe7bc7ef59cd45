import { describe, expect, it } from 'vitest'

import { roundStart } from '../../../../netlify/server/webflow/sync-record'
import { listedRecord } from '../../../support/listed-record'

const T = '2026-01-02T00:00:00.000Z'

describe('roundStart', () => {
  it('holds the item and the asset the record names, at the revision it was read at', () => {
    const record = listedRecord(7, {
      webflow: { state: 'pending', item_id: 'item-1', asset_id: 'asset-1', revision: 3, updated_at: T },
    })
    const start = roundStart(record, undefined)
    expect(start.revision).toBe(3)
    expect(start.held).toEqual({ itemId: 'item-1', assetId: 'asset-1' })
  })

  it('holds an asset of an earlier crop or rotation, which the round replaces, until it is replaced', () => {
    const adjustImage = () => Promise.reject(new Error('not called'))
    const record = listedRecord(7, {
      rotate: 90,
      webflow: { state: 'pending', item_id: 'item-1', asset_id: 'asset-1', updated_at: T },
    })
    const start = roundStart(record, adjustImage)
    // Not kept for the item, but held: a round that stops keeps it named on the record (and at the
    // version it was made at), so the next round replaces it rather than leaving it on Webflow.
    expect(start.kept).toEqual({ id: undefined, version: undefined, outdated: 'asset-1' })
    expect(start.held).toEqual({ itemId: 'item-1', assetId: 'asset-1', imageVersion: undefined })
  })

  it('starts a record never mirrored at revision 0, holding nothing', () => {
    const start = roundStart(listedRecord(7), undefined)
    expect(start.revision).toBe(0)
    expect(start.held).toEqual({ itemId: undefined, assetId: undefined })
  })
})
