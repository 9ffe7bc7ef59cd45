/**
 * The mirror of a cropped or turned image: the asset Webflow receives is the picture as delivered, made
 * again only when the record's `imageVersion` changes.
 */
import { http, HttpResponse } from 'msw'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import { adjustedPicture } from '../../../../netlify/server/images/adjusted-picture'
import { updateRecord } from '../../../../netlify/server/records/media-service'
import type { MediaHostStores } from '../../../../netlify/server/uploads/upload-service'
import { imageUrl, imageVersion } from '../../../../src/contract/image-settings'
import type { MediaRecord, RecordCreate } from '../../../../src/contract/record'
import {
  CLOUD_NAME,
  COLLECTION_ID,
  pendingRecord,
  readySetup,
  SITE_URL,
  storeBuiltInFile,
  stored,
  stores,
  syncContext,
  upsert,
  webflowFakeForFile,
} from '../../../support/webflow-setup'

const { fake, server } = webflowFakeForFile()

/** A context that renders as the background function does. */
function renderingContext() {
  return { ...syncContext(stores(), readySetup(fake)), adjustImage: adjustedPicture }
}

/** 800x600 JPEG: the left half red, the right half blue. */
function halves(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .composite([
      {
        input: {
          create: { width: 400, height: 600, channels: 3, background: { r: 0, g: 0, b: 255 } },
        },
        left: 400,
        top: 0,
      },
    ])
    .jpeg()
    .toBuffer()
}

async function storedPhoto(
  memory: MediaHostStores,
  fields: Partial<RecordCreate> = {},
): Promise<{ record: MediaRecord; bytes: Buffer }> {
  const bytes = await halves()
  const url = await storeBuiltInFile(memory, 'harbour.jpg', bytes)
  const record = await pendingRecord(memory, {
    title: 'Harbour',
    media_url: url,
    file_type: 'image/jpeg',
    file_size: bytes.length,
    ...fields,
  })
  return { record, bytes }
}

const LEFT_HALF_TURNED = { crop: { x: 0, y: 0, width: 0.5, height: 1 }, rotate: 90 } as const

describe('runSyncJob: an image with a crop and rotation', () => {
  it('uploads the cropped and turned picture: the left half of 800x600, turned 90, arrives 600x400', async () => {
    const context = renderingContext()
    const { record } = await storedPhoto(context.stores, LEFT_HALF_TURNED)
    await upsert(context, record)

    const [upload] = fake.s3Uploads
    const [bytes] = fake.uploadedBytes
    expect(upload?.file).toMatchObject({ name: 'harbour.jpg', type: 'image/jpeg' })
    const metadata = await sharp(bytes ?? new Uint8Array()).metadata()
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 600, 400])
    // Only the red half is left.
    const { dominant } = await sharp(bytes ?? new Uint8Array()).stats()
    expect(dominant.r).toBeGreaterThan(200)
    expect(dominant.b).toBeLessThan(60)

    const [asset] = [...fake.assets.values()]
    const [item] = fake.itemsOf(COLLECTION_ID)
    const now = await stored(context, record.id)
    expect(now.webflow).toMatchObject({
      state: 'synced',
      item_id: item?.id,
      asset_id: asset?.id,
      image_version: imageVersion(now),
    })
    // The item links to the image as delivered, not to the file as stored.
    expect(item?.fieldData['media-url']).toBe(`${SITE_URL}${imageUrl(now)}`)
  })

  it('uploads nothing again while the settings are unchanged', async () => {
    const context = renderingContext()
    const { record } = await storedPhoto(context.stores, LEFT_HALF_TURNED)
    await upsert(context, record)
    const first = (await stored(context, record.id)).webflow

    await updateRecord(context.stores.documents, record.id, { title: 'Harbour at noon' }, new Date(), true)
    fake.received.length = 0
    await upsert(context, record)

    expect(fake.s3Uploads).toHaveLength(1)
    expect(fake.calls()).toEqual([
      `GET assets/${String(first?.asset_id)}`,
      `PATCH assets/${String(first?.asset_id)}`,
      `PATCH collections/${COLLECTION_ID}/items/${String(first?.item_id)}/live`,
    ])
    expect((await stored(context, record.id)).webflow).toMatchObject({
      state: 'synced',
      asset_id: first?.asset_id,
      image_version: first?.image_version,
    })
  })

  it('replaces the asset once when the settings change, and removes the earlier one', async () => {
    const context = renderingContext()
    const { record } = await storedPhoto(context.stores, LEFT_HALF_TURNED)
    await upsert(context, record)
    const first = (await stored(context, record.id)).webflow

    await updateRecord(context.stores.documents, record.id, { rotate: 180 }, new Date(), true)
    await upsert(context, record)
    await upsert(context, record)

    expect(fake.s3Uploads).toHaveLength(2)
    const metadata = await sharp(fake.uploadedBytes[1] ?? new Uint8Array()).metadata()
    expect([metadata.width, metadata.height]).toEqual([400, 600])
    const now = await stored(context, record.id)
    const [asset, ...others] = [...fake.assets.values()]
    expect(others).toEqual([])
    expect(asset?.id).not.toBe(first?.asset_id)
    expect(now.webflow).toMatchObject({
      state: 'synced',
      item_id: first?.item_id,
      asset_id: asset?.id,
      image_version: imageVersion(now),
    })
    expect(now.webflow?.image_version).not.toBe(first?.image_version)
    const [item] = fake.itemsOf(COLLECTION_ID)
    expect(item?.fieldData['media-url']).toBe(`${SITE_URL}${imageUrl(now)}`)
  })

  it('keeps an outdated asset named on the record when a round stops, so the next round replaces and removes it', async () => {
    const context = renderingContext()
    const { record } = await storedPhoto(context.stores, LEFT_HALF_TURNED)
    await upsert(context, record)
    const first = (await stored(context, record.id)).webflow

    await updateRecord(context.stores.documents, record.id, { rotate: 180 }, new Date(), true)
    fake.forceUnauthorized()
    await upsert(context, record)
    // Failed, and still naming the asset of the earlier rotation at the version it was made at.
    expect((await stored(context, record.id)).webflow).toMatchObject({
      state: 'failed',
      item_id: first?.item_id,
      asset_id: first?.asset_id,
      image_version: first?.image_version,
    })

    fake.forceUnauthorized(false)
    await upsert(context, record)
    const [asset, ...others] = [...fake.assets.values()]
    expect(others).toEqual([])
    expect(asset?.id).not.toBe(first?.asset_id)
    expect((await stored(context, record.id)).webflow).toMatchObject({ state: 'synced', asset_id: asset?.id })
  })

  it('goes back to the file as stored when the crop and rotation are cleared', async () => {
    const context = renderingContext()
    const { record, bytes } = await storedPhoto(context.stores, LEFT_HALF_TURNED)
    await upsert(context, record)

    await updateRecord(context.stores.documents, record.id, { crop: null, rotate: null }, new Date(), true)
    await upsert(context, record)

    expect(fake.s3Uploads).toHaveLength(2)
    expect(fake.uploadedBytes[1]).toEqual(new Uint8Array(bytes))
    const now = await stored(context, record.id)
    expect(now.webflow?.asset_id).toBeDefined()
    expect(now.webflow).not.toHaveProperty('image_version')
    const [item] = fake.itemsOf(COLLECTION_ID)
    expect(item?.fieldData['media-url']).toBe(`${SITE_URL}${record.media_url}`)
  })

  it('mirrors an image without settings as before: its own bytes and URL, no version', async () => {
    const context = renderingContext()
    const { record, bytes } = await storedPhoto(context.stores)
    await upsert(context, record)

    expect(fake.uploadedBytes).toEqual([new Uint8Array(bytes)])
    const [item] = fake.itemsOf(COLLECTION_ID)
    expect(item?.fieldData['media-url']).toBe(`${SITE_URL}${record.media_url}`)
    expect((await stored(context, record.id)).webflow).not.toHaveProperty('image_version')
  })

  it("renders a Cloudinary image's asset from its original, and links the item to Cloudinary's transformation", async () => {
    const context = renderingContext()
    const bytes = await halves()
    const url = `https://res.cloudinary.com/${CLOUD_NAME}/image/upload/v1700000000/HIBF_assets/harbour.jpg`
    server.use(
      http.get(
        url,
        () => new HttpResponse(new Uint8Array(bytes), { headers: { 'Content-Type': 'image/jpeg' } }),
      ),
    )
    const record = await pendingRecord(context.stores, {
      title: 'Harbour',
      media_url: url,
      file_type: 'image/jpeg',
      file_size: bytes.length,
      width: 800,
      height: 600,
      ...LEFT_HALF_TURNED,
    })
    await upsert(context, record)

    const metadata = await sharp(fake.uploadedBytes[0] ?? new Uint8Array()).metadata()
    expect([metadata.width, metadata.height]).toEqual([600, 400])
    const [item] = fake.itemsOf(COLLECTION_ID)
    expect(item?.fieldData['media-url']).toBe(
      `https://res.cloudinary.com/${CLOUD_NAME}/image/upload/c_crop,h_600,w_400,x_0,y_0/a_90/f_auto,q_auto/HIBF_assets/harbour`,
    )
  })
})
