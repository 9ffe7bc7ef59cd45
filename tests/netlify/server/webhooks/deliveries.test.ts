import { describe, expect, it } from 'vitest'

import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import {
  DELIVERY_KEEP_MS,
  listDeliveries,
  queueDelivery,
  removeOldDeliveries,
} from '../../../../netlify/server/webhooks/deliveries'
import type { WebhookEvent } from '../../../../src/contract/webhooks'

const NOW = new Date('2026-12-06T10:00:00.000Z')
const ago = (ms: number) => new Date(NOW.getTime() - ms)
const event = (at: Date): WebhookEvent => ({
  type: 'webhook.test',
  timestamp: at.toISOString(),
  data: { webhook_id: 'wh_aaaaaaaaaaaaaaaa', message: 'test' },
})

describe('stored deliveries', () => {
  it('list newest first, and go once over 30 days old', async () => {
    const store = new MemoryDocumentStore()
    const times = [ago(DELIVERY_KEEP_MS + 1), ago(60_000), ago(DELIVERY_KEEP_MS - 60_000), NOW]
    for (const at of times) await queueDelivery(store, 'wh_aaaaaaaaaaaaaaaa', 'msg_1', event(at), at)
    const listed = await listDeliveries(store, 'wh_aaaaaaaaaaaaaaaa', 10)
    expect(listed.map((delivery) => delivery.created_at)).toEqual(
      [NOW, ago(60_000), ago(DELIVERY_KEEP_MS - 60_000), ago(DELIVERY_KEEP_MS + 1)].map((at) =>
        at.toISOString(),
      ),
    )
    expect(await removeOldDeliveries(store, NOW)).toBe(1)
    expect(await listDeliveries(store, 'wh_aaaaaaaaaaaaaaaa', 10)).toHaveLength(3)
  })
})
