import { describe, expect, it } from 'vitest'

import { removeExpiredLegacyShares } from '../../../../netlify/server/shares/stored-shares'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'

const NOW = new Date('2026-06-01T12:00:00Z')
const hoursFromNow = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString()

async function legacyShare(
  store: MemoryDocumentStore,
  fileId: number,
  random: string,
  expiresInHours: number,
) {
  await store.write(
    `shares/${String(fileId)}/${random}`,
    {
      id: `${String(fileId)}-${random}`,
      created_at: hoursFromNow(-720),
      expires_at: hoursFromNow(expiresInHours),
    },
    { ifNew: true },
  )
}

describe('removeExpiredLegacyShares', () => {
  it('removes the links made before 0063 that expired, and nothing else', async () => {
    const store = new MemoryDocumentStore()
    await legacyShare(store, 7, 'A'.repeat(22), -1)
    await legacyShare(store, 7, 'B'.repeat(22), 1)
    await legacyShare(store, 9, 'C'.repeat(22), -300)
    await store.write('shares/9/not-a-share', { id: 'nonsense' }, { ifNew: true })
    const current = {
      links: [{ id: `7-${'D'.repeat(22)}`, created_at: hoursFromNow(-2), expires_at: hoursFromNow(-1) }],
    }
    await store.write('share-links/7', current, { ifNew: true })

    expect(await removeExpiredLegacyShares(store, NOW)).toBe(2)
    expect((await store.list('shares/')).map(({ key }) => key)).toEqual([
      `shares/7/${'B'.repeat(22)}`,
      'shares/9/not-a-share',
    ])
    expect((await store.read('share-links/7'))?.value).toEqual(current)
  })
})
