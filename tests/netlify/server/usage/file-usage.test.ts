import { describe, expect, it } from 'vitest'

import { NotFoundError } from '../../../../netlify/server/errors'
import { createFolder } from '../../../../netlify/server/folders/folder-service'
import { createRecord } from '../../../../netlify/server/records/media-service'
import { createShare } from '../../../../netlify/server/shares/share-links'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { fileUsage } from '../../../../netlify/server/usage/file-usage'
import { webflowSetup } from '../../../../netlify/server/webflow/webflow-config'
import { PUBLISHED_LIVE, STAGED } from '../../../../netlify/server/webflow/webflow-sync'
import type { MediaRecord } from '../../../../src/contract/record'

const NOW = new Date('2026-05-10T12:00:00.000Z')
const HOUR_MS = 60 * 60 * 1000
const SITE_URL = 'https://media.example.com'
const CLOUD = 'media-cloud'
const MEDIA_URL = `https://res.cloudinary.com/${CLOUD}/image/upload/v1/harbour.jpg`
const SHARING = { origin: SITE_URL, cloudName: CLOUD }
const READY = webflowSetup({
  WEBFLOW_API_TOKEN: 'token',
  WEBFLOW_SITE_ID: 'site-1',
  WEBFLOW_COLLECTION_ID: 'collection-1',
  WEBFLOW_FIELD_MAP: 'media-url=hero-image',
})

const synced = (message: string): MediaRecord['webflow'] => ({
  state: 'synced',
  item_id: 'item-1',
  message,
  updated_at: NOW.toISOString(),
})

async function storedFile(store: MemoryDocumentStore, fields: { folder_path?: string } = {}) {
  return createRecord(
    store,
    { title: 'Harbour', media_url: MEDIA_URL, ...fields },
    NOW,
    synced(PUBLISHED_LIVE),
  )
}

describe('where a file is used', () => {
  it('names its Webflow item, counts its live share links only, and gives its folder', async () => {
    const store = new MemoryDocumentStore()
    const folder = await createFolder(store, { name: 'Events', parent_path: '/' })
    const record = await storedFile(store, { folder_path: folder.path })
    // One link expired an hour ago, two still open.
    await createShare(store, record.id, 1, SHARING, new Date(NOW.getTime() - 2 * HOUR_MS))
    await createShare(store, record.id, 24, SHARING, NOW)
    await createShare(store, record.id, 1, SHARING, NOW)

    const usage = await fileUsage(store, record.id, { setup: READY, siteUrl: () => SITE_URL, now: NOW })

    expect(usage).toEqual({
      webflow: [
        { item_id: 'item-1', collection_id: 'collection-1', field: 'hero-image', url: MEDIA_URL, live: true },
      ],
      shares: 2,
      folders: [folder],
    })
  })

  it('says an item written staged is not live, and with no mirror set up names no collection', async () => {
    const store = new MemoryDocumentStore()
    const record = await createRecord(store, { title: 'Staged', media_url: MEDIA_URL }, NOW, synced(STAGED))

    const usage = await fileUsage(store, record.id, {
      setup: { kind: 'off' },
      siteUrl: () => SITE_URL,
      now: NOW,
    })

    expect(usage).toEqual({
      webflow: [{ item_id: 'item-1', collection_id: null, field: null, url: MEDIA_URL, live: false }],
      shares: 0,
      folders: [],
    })
  })

  it('answers not found for a file that is not in the library', async () => {
    const store = new MemoryDocumentStore()
    await expect(fileUsage(store, 42, { setup: READY, siteUrl: () => SITE_URL })).rejects.toThrow(
      NotFoundError,
    )
  })
})
