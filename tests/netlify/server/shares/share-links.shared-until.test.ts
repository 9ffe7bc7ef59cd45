import { describe, expect, it } from 'vitest'

import { createRecord } from '../../../../netlify/server/records/media-service'
import { readLiveRecord } from '../../../../netlify/server/records/record-shards'
import { createShare, revokeShare } from '../../../../netlify/server/shares/share-links'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'

const NOW = new Date('2026-05-10T12:00:00.000Z')
const CLOUD = 'media-cloud'
const MEDIA_URL = `https://res.cloudinary.com/${CLOUD}/image/upload/v1/harbour.jpg`
const SHARING = { origin: 'https://media.example.com', cloudName: CLOUD }

describe("the record's shared_until", () => {
  it('follows the latest expiry of the links that still open as links are made and revoked', async () => {
    const store = new MemoryDocumentStore()
    const record = await createRecord(store, { title: 'Harbour', media_url: MEDIA_URL }, NOW)
    const long = await createShare(store, record.id, 48, SHARING, NOW)
    const short = await createShare(store, record.id, 2, SHARING, NOW)
    expect((await readLiveRecord(store, record.id))?.shared_until).toBe(long.expires_at)

    await revokeShare(store, long.id, NOW)
    expect((await readLiveRecord(store, record.id))?.shared_until).toBe(short.expires_at)

    await revokeShare(store, short.id, NOW)
    expect(await readLiveRecord(store, record.id)).not.toHaveProperty('shared_until')
  })
})
