import { describe, expect, it } from 'vitest'

import { SchemaSession } from '../../../../netlify/server/webflow/collection-schema'
import { mapFieldData, type ItemSource } from '../../../../netlify/server/webflow/field-mapping'
import { writeItem, type ItemWriting } from '../../../../netlify/server/webflow/item-write'
import { setSyncState } from '../../../../netlify/server/webflow/sync-state'
import { WebflowApi } from '../../../../netlify/server/webflow/webflow-api'
import { NO_FIELD_MAP } from '../../../../netlify/server/webflow/webflow-config'
import {
  COLLECTION_ID,
  pendingRecord,
  readySetup,
  stored,
  stores,
  webflowFakeForFile,
} from '../../../support/webflow-setup'

const { fake } = webflowFakeForFile()

/** A stored record and what the round writes its item with, against the fake collection. */
async function writingFor(held: { item_id?: string }) {
  const context = { stores: stores() }
  const created = await pendingRecord(context.stores, {
    title: 'Harbour at Dusk',
    media_url: 'https://media.example.test/harbour.mp4',
    file_type: 'video/mp4',
    file_size: 1000,
  })
  const record = (await setSyncState(context, created.id, { state: 'pending', ...held })) ?? created
  const setup = readySetup(fake)
  if (setup.kind !== 'ready') throw new Error('the fake is not set up')
  const api = new WebflowApi(setup.config)
  const target = {
    collectionId: COLLECTION_ID,
    publish: 'live' as const,
    fieldMap: NO_FIELD_MAP,
    schema: new SchemaSession(api, COLLECTION_ID),
  }
  const source: ItemSource = { record, mediaUrl: record.media_url, asset: null }
  const writing: ItemWriting = { context, api, target, record, source }
  const mapped = mapFieldData(await target.schema.get(), source, NO_FIELD_MAP)
  fake.received.length = 0
  return { writing, mapped }
}

describe('writeItem', () => {
  it('updates the item the record holds', async () => {
    const item = fake.seedItem(COLLECTION_ID, { name: 'Old title', slug: 'old-title' })
    const { writing, mapped } = await writingFor({ item_id: item.id })
    const written = await writeItem(writing, { itemId: item.id, assetIds: [] }, mapped)
    expect(written.itemId).toBe(item.id)
    expect(fake.calls()).not.toContain(`POST collections/${COLLECTION_ID}/items/live`)
    expect(fake.itemsOf(COLLECTION_ID).map((each) => each.fieldData.name)).toEqual(['Harbour at Dusk'])
  })

  it('replaces an item Webflow no longer has with a new one, claimed on the record over it', async () => {
    const { writing, mapped } = await writingFor({ item_id: 'gone-item' })
    const written = await writeItem(writing, { itemId: 'gone-item', assetIds: [] }, mapped)
    const [created] = fake.itemsOf(COLLECTION_ID)
    expect(written.itemId).toBe(created?.id)
    expect(fake.calls()).toEqual([
      `PATCH collections/${COLLECTION_ID}/items/gone-item/live`,
      `POST collections/${COLLECTION_ID}/items/live`,
    ])
    expect((await stored(writing.context, writing.record.id)).webflow?.item_id).toBe(created?.id)
  })

  it('brings up to this record the item another job claimed first, removing its own', async () => {
    // The round read the record before the other job claimed its item.
    const winner = fake.seedItem(COLLECTION_ID, { name: 'Older data', slug: 'older-data' })
    const { writing, mapped } = await writingFor({ item_id: winner.id })
    const written = await writeItem(writing, { itemId: undefined, assetIds: [] }, mapped)
    expect(written.itemId).toBe(winner.id)
    expect(fake.itemsOf(COLLECTION_ID).map((each) => [each.id, each.fieldData.name])).toEqual([
      [winner.id, 'Harbour at Dusk'],
    ])
    expect(fake.calls()).toContain(`POST collections/${COLLECTION_ID}/items/live`)
  })
})
