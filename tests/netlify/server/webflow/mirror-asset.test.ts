import { describe, expect, it } from 'vitest'

import { imageVersion } from '../../../../src/contract/image-settings'
import type { AdjustedPicture } from '../../../../netlify/server/images/adjusted-picture'
import { assetPlanOf, keptAsset } from '../../../../netlify/server/webflow/mirror-asset'
import { listedRecord } from '../../../support/listed-record'

const adjustImage = (bytes: Uint8Array): Promise<AdjustedPicture> =>
  Promise.resolve({ bytes, contentType: 'image/png', extension: 'png', width: 30, height: 40 })
const T = '2026-01-02T00:00:00.000Z'
const turned = listedRecord(7, { rotate: 90, width: 40, height: 30 })

describe('assetPlanOf', () => {
  it('makes a turned or cropped image as delivered, at its image version', () => {
    const plan = assetPlanOf(turned, adjustImage)
    expect(plan.adjust).toBe(adjustImage)
    expect(plan.version).toBe(imageVersion(turned))
  })

  it('makes any other file as stored, with no version', () => {
    expect(assetPlanOf(listedRecord(7), adjustImage)).toEqual({ adjust: undefined, version: undefined })
  })

  it('makes a turned image as stored where nothing can turn it', () => {
    expect(assetPlanOf(turned, undefined)).toEqual({ adjust: undefined, version: undefined })
  })
})

describe('keptAsset', () => {
  it('keeps an asset made at the version this round makes', () => {
    const record = listedRecord(7, {
      webflow: { state: 'synced', asset_id: 'asset-1', image_version: 'v2', updated_at: T },
    })
    expect(keptAsset(record, 'v2')).toEqual({ id: 'asset-1', version: 'v2', outdated: undefined })
  })

  it('keeps an asset of a file as stored while the file is still mirrored as stored', () => {
    const record = listedRecord(7, { webflow: { state: 'synced', asset_id: 'asset-1', updated_at: T } })
    expect(keptAsset(record, undefined)).toEqual({ id: 'asset-1', version: undefined, outdated: undefined })
  })

  it('marks outdated an asset made at another version, or as stored before a crop', () => {
    const earlier = listedRecord(7, {
      webflow: { state: 'synced', asset_id: 'asset-1', image_version: 'v1', updated_at: T },
    })
    expect(keptAsset(earlier, 'v2')).toEqual({ id: undefined, version: undefined, outdated: 'asset-1' })
    const asStored = listedRecord(7, { webflow: { state: 'synced', asset_id: 'asset-1', updated_at: T } })
    expect(keptAsset(asStored, 'v2')).toEqual({ id: undefined, version: undefined, outdated: 'asset-1' })
  })

  it('marks outdated an asset made from a file the record has since replaced', () => {
    const replaced = listedRecord(7, {
      webflow: { state: 'pending', asset_id: 'asset-1', asset_outdated: true, updated_at: T },
    })
    expect(keptAsset(replaced, undefined)).toEqual({ id: undefined, version: undefined, outdated: 'asset-1' })
  })

  it('keeps nothing when the record has no asset', () => {
    expect(keptAsset(listedRecord(7), 'v2')).toEqual({
      id: undefined,
      version: undefined,
      outdated: undefined,
    })
  })
})
