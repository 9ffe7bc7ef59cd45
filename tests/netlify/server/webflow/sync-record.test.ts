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

  it('does not hold an asset of an earlier crop or rotation, which the round replaces', () => {
    const adjustImage = () => Promise.reject(new Error('not called'))
    const record = listedRecord(7, {
      rotate: 90,
      webflow: { state: 'pending', item_id: 'item-1', asset_id: 'asset-1', updated_at: T },
    })
    const start = roundStart(record, adjustImage)
    expect(start.held).toEqual({ itemId: 'item-1', assetId: undefined })
    expect(start.kept.outdated).toBe('asset-1')
  })

  it('starts a record never mirrored at revision 0, holding nothing', () => {
    const start = roundStart(listedRecord(7), undefined)
    expect(start.revision).toBe(0)
    expect(start.held).toEqual({ itemId: undefined, assetId: undefined })
  })
})
