import sharp from 'sharp'
import { beforeEach, describe, expect, it } from 'vitest'

import { adjustedPicture } from '../../../../netlify/server/images/adjusted-picture'
import { deleteRecord, updateRecord } from '../../../../netlify/server/records/media-service'
import { operateOnRecords } from '../../../../netlify/server/records/record-shards'
import { replaceFile } from '../../../../netlify/server/uploads/replace-file'
import { forgetCollectionSchemas } from '../../../../netlify/server/webflow/collection-schema'
import {
  WebflowBudgetSpentError,
  type RequestBudget,
} from '../../../../netlify/server/webflow/request-budget'
import { roundStart } from '../../../../netlify/server/webflow/sync-record'
import { heldOnWebflow, runSyncJob, type SyncContext } from '../../../../netlify/server/webflow/webflow-sync'
import { LIMITS } from '../../../../src/contract/limits'
import type { MediaRecord } from '../../../../src/contract/record'
import { listedRecord } from '../../../support/listed-record'
import { typedFields } from '../../../support/webflow-fake'
import {
  COLLECTION_ID,
  pendingRecord,
  readySetup,
  storeBuiltInFile,
  stored,
  stores,
  syncContext,
  upsert,
  webflowFakeForFile,
} from '../../../support/webflow-setup'

const { fake } = webflowFakeForFile({ warmSchema: false })

// The media goes to an Image field, so the item shows the asset it points at (`fileId`).
beforeEach(() => {
  forgetCollectionSchemas()
  fake.setFields(COLLECTION_ID, typedFields())
})

const T = '2026-01-02T00:00:00.000Z'

describe('roundStart', () => {
  it('holds the item and the asset the record names, at the revision it was read at', () => {
    const record = listedRecord(7, {
      webflow: { state: 'pending', item_id: 'item-1', asset_id: 'asset-1', revision: 3, updated_at: T },
    })
    const start = roundStart(record, undefined)
    expect(start.revision).toBe(3)
    expect(start.held).toEqual({ itemId: 'item-1', assetIds: ['asset-1'] })
  })

  it('holds an asset of an earlier crop or rotation, which the round replaces, until it is replaced', () => {
    const adjustImage = () => Promise.reject(new Error('not called'))
    const record = listedRecord(7, {
      rotate: 90,
      webflow: { state: 'pending', item_id: 'item-1', asset_id: 'asset-1', updated_at: T },
    })
    const start = roundStart(record, adjustImage)
    // Not kept for the item, but held: a record deleted meanwhile takes it with it.
    expect(start.kept).toEqual({ id: undefined, version: undefined, outdated: 'asset-1' })
    expect(start.held).toEqual({ itemId: 'item-1', assetIds: ['asset-1'] })
  })

  it('holds the outdated assets an earlier round replaced, which the item may still show', () => {
    const record = listedRecord(7, {
      webflow: {
        state: 'failed',
        item_id: 'item-1',
        asset_id: 'asset-2',
        outdated_asset_ids: ['asset-1'],
        updated_at: T,
      },
    })
    const start = roundStart(record, undefined)
    expect(start.kept).toEqual({ id: 'asset-2', version: undefined, outdated: undefined })
    expect(start.held).toEqual({ itemId: 'item-1', assetIds: ['asset-2', 'asset-1'] })
  })

  it('starts a record never mirrored at revision 0, holding nothing', () => {
    const start = roundStart(listedRecord(7), undefined)
    expect(start.revision).toBe(0)
    expect(start.held).toEqual({ itemId: undefined, assetIds: [] })
  })
})

/** A budget with a request for every call but the `spent`th from now, which finds it spent. */
function spentAtCall(spent: number): RequestBudget {
  let calls = 0
  return {
    take: () => (++calls === spent ? Promise.reject(new WebflowBudgetSpentError(30_000)) : Promise.resolve()),
  }
}

/** The calls of a round that replaces the asset: register it, name it, write the item, remove the old one. */
const WRITE_ITEM = 3
const REMOVE_OUTDATED = 4

function mirroringContext(): SyncContext {
  return { ...syncContext(stores(), readySetup(fake)), adjustImage: adjustedPicture }
}

async function photo(color: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: color } })
    .jpeg()
    .toBuffer()
}

/** A turned photo, mirrored once: its item shows the asset of that rotation. */
async function mirroredPhoto(context: SyncContext): Promise<MediaRecord> {
  const bytes = await photo({ r: 255, g: 0, b: 0 })
  const url = await storeBuiltInFile(context.stores, 'harbour.jpg', bytes)
  const record = await pendingRecord(context.stores, {
    title: 'Harbour',
    category: 'Images',
    media_url: url,
    file_type: 'image/jpeg',
    file_size: bytes.length,
    rotate: 90,
  })
  await upsert(context, record)
  return stored(context, record.id)
}

/** Syncs the record with the budget spent at its `spent`th call, then with requests to spare. */
async function stopAt(context: SyncContext, record: MediaRecord, spent: number): Promise<void> {
  await expect(upsert({ ...context, budget: spentAtCall(spent) }, record)).resolves.toBeUndefined()
  expect((await stored(context, record.id)).webflow).toMatchObject({ state: 'pending' })
}

/** The one asset on Webflow, the item showing it, and the record naming it alone. */
async function expectOneAssetShown(context: SyncContext, id: number): Promise<void> {
  const [asset, ...others] = [...fake.assets.values()]
  expect(others).toEqual([])
  const [item, ...otherItems] = fake.itemsOf(COLLECTION_ID)
  expect(otherItems).toEqual([])
  expect(item?.fieldData['media-url']).toMatchObject({ fileId: asset?.id })
  const { webflow } = await stored(context, id)
  expect(webflow).toMatchObject({ state: 'synced', item_id: item?.id, asset_id: asset?.id })
  expect(webflow).not.toHaveProperty('outdated_asset_ids')
}

/** Deletes the record as `DELETE /api/delete/{id}` does, with the removal job it queues. */
async function deleteMirrored(context: SyncContext, id: number): Promise<void> {
  const trashed = await deleteRecord(context.stores.documents, id)
  const held = heldOnWebflow(trashed.webflow)
  await runSyncJob(context, { action: 'delete', items: held ? [held] : [] })
}

describe('syncRecord: a round that replaces the asset and stops part way', () => {
  it('after uploading the new asset, keeps the one the item still shows named until the next round removes it', async () => {
    const context = mirroringContext()
    const first = await mirroredPhoto(context)
    const shown = first.webflow?.asset_id
    await updateRecord(context.stores.documents, first.id, { rotate: 180 }, new Date(), true)

    await stopAt(context, first, WRITE_ITEM)
    const { webflow } = await stored(context, first.id)
    expect(webflow?.asset_id).not.toBe(shown)
    expect(webflow?.outdated_asset_ids).toEqual([shown])
    // The item still shows the earlier asset: it must not be removed yet.
    expect(fake.itemsOf(COLLECTION_ID)[0]?.fieldData['media-url']).toMatchObject({ fileId: shown })
    expect(fake.assets.size).toBe(2)

    await upsert(context, first)
    await expectOneAssetShown(context, first.id)
    expect(fake.assets.has(String(webflow?.asset_id))).toBe(true)
  })

  it('after uploading the new asset, leaves nothing on Webflow when the record is deleted', async () => {
    const context = mirroringContext()
    const first = await mirroredPhoto(context)
    await updateRecord(context.stores.documents, first.id, { rotate: 180 }, new Date(), true)
    await stopAt(context, first, WRITE_ITEM)

    await deleteMirrored(context, first.id)
    expect(fake.assets.size).toBe(0)
    expect(fake.itemsOf(COLLECTION_ID)).toEqual([])
  })

  it('after writing the item, keeps the outdated asset named until the next round removes it', async () => {
    const context = mirroringContext()
    const first = await mirroredPhoto(context)
    const shown = first.webflow?.asset_id
    await updateRecord(context.stores.documents, first.id, { rotate: 180 }, new Date(), true)

    await stopAt(context, first, REMOVE_OUTDATED)
    const { webflow } = await stored(context, first.id)
    expect(webflow?.outdated_asset_ids).toEqual([shown])
    expect(fake.itemsOf(COLLECTION_ID)[0]?.fieldData['media-url']).toMatchObject({
      fileId: webflow?.asset_id,
    })

    await upsert(context, first)
    await expectOneAssetShown(context, first.id)
  })

  it('after writing the item, leaves nothing on Webflow when the record is deleted', async () => {
    const context = mirroringContext()
    const first = await mirroredPhoto(context)
    await updateRecord(context.stores.documents, first.id, { rotate: 180 }, new Date(), true)
    await stopAt(context, first, REMOVE_OUTDATED)

    await deleteMirrored(context, first.id)
    expect(fake.assets.size).toBe(0)
    expect(fake.itemsOf(COLLECTION_ID)).toEqual([])
  })

  it("replaces a replaced file's asset, stopped or not, and removes the old one once the item shows the new", async () => {
    const context = mirroringContext()
    const first = await mirroredPhoto(context)
    const bytes = await photo({ r: 0, g: 0, b: 255 })
    const url = await storeBuiltInFile(context.stores, 'harbour-blue.jpg', bytes)
    await replaceFile(context.stores.documents, first.id, { media_url: url }, new Date(), true)

    await stopAt(context, first, WRITE_ITEM)
    expect(fake.assets.size).toBe(2)
    await upsert(context, first)
    await expectOneAssetShown(context, first.id)
    expect(fake.assets.has(String(first.webflow?.asset_id))).toBe(false)
    const { dominant } = await sharp(fake.uploadedBytes.at(-1) ?? new Uint8Array()).stats()
    expect(dominant.b).toBeGreaterThan(200)
  })

  it('makes no new asset while the record names the most outdated ones, and removes them once the item is written', async () => {
    const context = mirroringContext()
    const first = await mirroredPhoto(context)
    const shown = String(first.webflow?.asset_id)
    // Assets of earlier stopped rounds, already gone from Webflow.
    const earlier = Array.from(
      { length: LIMITS.webflowOutdatedAssets },
      (_, i) => `${'e'.repeat(22)}${String(i).padStart(2, '0')}`,
    )
    await updateRecord(context.stores.documents, first.id, { rotate: 180 }, new Date(), true)
    await operateOnRecords(context.stores.documents, [first.id], (current) => ({
      record: current?.webflow && {
        ...current,
        webflow: { ...current.webflow, outdated_asset_ids: earlier },
      },
      result: null,
    }))
    const uploads = fake.s3Uploads.length

    await upsert(context, first)
    expect(fake.s3Uploads).toHaveLength(uploads)
    expect(fake.assets.has(shown)).toBe(false)
    const { webflow } = await stored(context, first.id)
    expect(webflow).toMatchObject({ state: 'synced' })
    expect(webflow?.message).toContain('Asset not mirrored: the assets it replaced are still on Webflow')
    expect(webflow).not.toHaveProperty('asset_id')
    expect(webflow).not.toHaveProperty('outdated_asset_ids')
  })
})
