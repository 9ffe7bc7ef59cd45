import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { createRecord } from '../../../../netlify/server/records/media-service'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { listDeliveries } from '../../../../netlify/server/webhooks/deliveries'
import { runDueDeliveries } from '../../../../netlify/server/webhooks/run-deliveries'
import {
  createEndpoint,
  DISABLED_REASON,
  readEndpoints,
} from '../../../../netlify/server/webhooks/webhook-endpoints'
import { resendDelivery } from '../../../../netlify/server/webhooks/webhook-service'
import { recordCreateSchema } from '../../../../src/contract/record'
import { webhookEventSchema, type WebhookCreated } from '../../../../src/contract/webhooks'
import { startLoopbackServer, type LoopbackServer } from '../../../support/loopback-server'

interface Received {
  headers: Record<string, string>
  body: string
}

/** A receiver on 127.0.0.1 that keeps what it is sent and answers `status`. */
let receiver: LoopbackServer
let received: Received[] = []
let status = 200

beforeAll(async () => {
  receiver = await startLoopbackServer(
    async (request) => {
      received.push({ headers: Object.fromEntries(request.headers), body: await request.text() })
      return new Response(null, { status })
    },
    () => ({}),
  )
  process.env.WEBHOOK_ALLOW_HOSTS = new URL(receiver.origin).host
})

afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_HOSTS
  await receiver.close()
})

let store: MemoryDocumentStore
let endpoint: WebhookCreated
// Now: the library refuses a signature more than five minutes from its own clock.
const T0 = new Date()
const MINUTE = 60_000
const at = (ms: number) => () => new Date(T0.getTime() + ms)

beforeEach(async () => {
  store = new MemoryDocumentStore()
  received = []
  status = 200
  endpoint = await createEndpoint(store, { url: `${receiver.origin}/hooks`, events: ['file.created'] }, T0)
})

const addFile = (title: string) =>
  createRecord(store, recordCreateSchema.parse({ media_url: `/files/${title}.png`, title }), T0)

/** The receiver's check: a request that does not verify throws. */
const verified = ({ headers, body }: Received) =>
  webhookEventSchema.parse(new Webhook(endpoint.secret).verify(body, headers))

describe('webhook deliveries', () => {
  it('reach a receiver allowed by WEBHOOK_ALLOW_HOSTS, signed so the library verifies them', async () => {
    const record = await addFile('Harbour')
    expect(await runDueDeliveries(store, { now: at(1_000) })).toBe(1)
    expect(received).toHaveLength(1)
    const [request] = received
    if (!request) throw new Error('nothing received')
    const event = verified(request)
    expect(event).toMatchObject({
      type: 'file.created',
      data: { ids: [record.id], file: { title: 'Harbour' } },
    })
    const [delivery] = await listDeliveries(store, endpoint.id, 10)
    expect(delivery).toMatchObject({ state: 'delivered', next_attempt_at: null, event: 'file.created' })
    expect(delivery?.attempts).toEqual([expect.objectContaining({ status_code: 200, error: null })])
    expect(request.headers['webhook-id']).toBe(delivery?.message_id)
    // Nothing is due any more: a second run sends nothing.
    expect(await runDueDeliveries(store, { now: at(2_000) })).toBe(0)
  })

  it('retry a failing receiver with backoff, under the same webhook-id, and a re-send keeps it too', async () => {
    status = 500
    await addFile('Storm')
    await runDueDeliveries(store, { now: at(0), random: () => 0.5 })
    let [delivery] = await listDeliveries(store, endpoint.id, 10)
    expect(delivery).toMatchObject({
      state: 'pending',
      next_attempt_at: new Date(T0.getTime() + MINUTE).toISOString(),
    })
    expect(delivery?.attempts).toEqual([expect.objectContaining({ status_code: 500 })])
    // Not due before its time.
    expect(await runDueDeliveries(store, { now: at(30_000) })).toBe(0)
    status = 204
    expect(await runDueDeliveries(store, { now: at(MINUTE) })).toBe(1)
    ;[delivery] = await listDeliveries(store, endpoint.id, 10)
    expect(delivery?.state).toBe('delivered')
    expect(delivery?.attempts.map((attempt) => attempt.status_code)).toEqual([500, 204])

    if (!delivery) throw new Error('no delivery')
    await resendDelivery(store, endpoint.id, delivery.id, new Date(T0.getTime() + 2 * MINUTE))
    expect(await runDueDeliveries(store, { now: at(2 * MINUTE) })).toBe(1)
    expect(received).toHaveLength(3)
    const ids = new Set(received.map((request) => request.headers['webhook-id']))
    expect([...ids]).toEqual([delivery.message_id])
    // Each attempt is signed afresh at its own time, and every one verifies.
    expect(new Set(received.map((request) => request.headers['webhook-timestamp'])).size).toBe(3)
    for (const request of received) expect(verified(request).type).toBe('file.created')
  })

  it('turn an endpoint off once every attempt failed for 24 hours, and send it nothing more', async () => {
    status = 503
    await addFile('Outage')
    let now = T0.getTime()
    let attempts = 0
    for (let round = 0; round < 30; round++) {
      attempts += await runDueDeliveries(store, { now: () => new Date(now), random: () => 0.5 })
      const [delivery] = await listDeliveries(store, endpoint.id, 10)
      if (delivery?.next_attempt_at === null || !delivery) break
      now = Date.parse(delivery.next_attempt_at)
    }
    expect(attempts).toBe(13)
    expect(received).toHaveLength(13)
    const [delivery] = await listDeliveries(store, endpoint.id, 10)
    expect(delivery?.state).toBe('failed')
    const [turnedOff] = await readEndpoints(store)
    expect(turnedOff).toMatchObject({ enabled: false, disabled_reason: DISABLED_REASON })
    // A change now queues nothing for it.
    await addFile('Later')
    expect(await listDeliveries(store, endpoint.id, 10)).toHaveLength(1)
  })
})
