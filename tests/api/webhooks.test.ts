import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  deliveryListSchema,
  deliveryQueuedSchema,
  webhookCreatedSchema,
  webhookEventSchema,
  webhookListSchema,
  webhookSchema,
  type WebhookCreated,
} from '../../src/contract/webhooks'
import { api } from '../support/api-client'
import { expectClientError, uploadRecord } from '../support/api-steps'
import { startLoopbackServer, type LoopbackServer } from '../support/loopback-server'

/**
 * Webhooks over HTTP (decision 0072): the endpoints' shapes and refusals, and one change carried all the
 * way to a receiver on this machine by the background function. Signing, retries and disabling are in
 * tests/netlify/server/webhooks/.
 */

interface Received {
  headers: Record<string, string>
  body: string
}

let receiver: LoopbackServer
const received: Received[] = []

beforeAll(async () => {
  receiver = await startLoopbackServer(
    async (request) => {
      received.push({ headers: Object.fromEntries(request.headers), body: await request.text() })
      return new Response(null, { status: 204 })
    },
    () => ({}),
  )
  process.env.WEBHOOK_ALLOW_HOSTS = new URL(receiver.origin).host
})

afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_HOSTS
  await receiver.close()
})

async function createWebhook(body: Record<string, unknown>): Promise<WebhookCreated> {
  const response = await api('POST', '/api/webhooks', body)
  expect(response.status, response.text).toBe(201)
  return webhookCreatedSchema.parse(response.body)
}

/**
 * Waits for the receiver to have `count` requests (the background function sends after the answer): up
 * to 15 s, as a run started under a full machine (CI's checks beside three test files on two cores)
 * took over 5 s to send.
 */
async function receivedAtLeast(count: number): Promise<Received[]> {
  for (let wait = 0; wait < 300 && received.length < count; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  expect(received.length).toBeGreaterThanOrEqual(count)
  return received
}

describe('the webhooks API', () => {
  it('adds, lists, changes and removes an endpoint, showing its secret only once', async () => {
    const created = await createWebhook({
      url: `${receiver.origin}/one`,
      events: ['folder.created', 'file.created'],
      description: 'Orders',
    })
    // Events come back in the contract's order.
    expect(created).toMatchObject({
      events: ['file.created', 'folder.created'],
      enabled: true,
      description: 'Orders',
    })
    const listed = webhookListSchema.parse((await api('GET', '/api/webhooks')).body).webhooks
    const shown = listed.find((webhook) => webhook.id === created.id)
    expect(shown).not.toHaveProperty('secret')
    expect(shown?.secret_prefix).toBe(`${created.secret.slice(0, 10)}…`)

    const patched = await api('PATCH', `/api/webhooks/${created.id}`, {
      events: ['file.deleted'],
      enabled: false,
    })
    expect(patched.status, patched.text).toBe(200)
    expect(webhookSchema.parse(patched.body)).toMatchObject({ events: ['file.deleted'], enabled: false })

    expect((await api('DELETE', `/api/webhooks/${created.id}`)).status).toBe(204)
    expect((await api('DELETE', `/api/webhooks/${created.id}`)).status).toBe(404)
    expect((await api('GET', `/api/webhooks/${created.id}/deliveries`)).status).toBe(404)
  })

  it('refuses private addresses, http off the allow-list, unknown events and malformed ids', async () => {
    const refusal = async (body: Record<string, unknown>) => {
      const response = await api('POST', '/api/webhooks', { events: ['file.created'], ...body })
      return expectClientError(response, 400)
    }
    expect(await refusal({ url: 'https://192.168.0.10/hook' })).toBe(
      'That address is inside a private network, so it cannot receive webhooks.',
    )
    expect(await refusal({ url: 'https://127.0.0.1/hook' })).toMatch(/points at this server itself/)
    expect(await refusal({ url: 'http://hooks.example.com/in' })).toMatch(
      /^That address starts with http:\/\//,
    )
    expect(await refusal({ url: 'https://hooks.example.com/in', events: ['file.exploded'] })).toMatch(
      /unknown event "file\.exploded"; events are file\.created, /,
    )
    expect(await refusal({ url: 'https://hooks.example.com/in', events: [] })).toMatch(/at least one event/)
    expect(await refusal({ url: 'https://hooks.example.com/in', secret: 'mine' })).toMatch(/secret/)
    expect(await refusal({ url: 'https://hooks.example.com/d\r\nX-Injected: 1' })).toBe(
      'url must not contain spaces or control characters',
    )
    expect(await refusal({ url: 'https://hooks.example.com/in', description: 'evil\u202etxt' })).toBe(
      'Description contains a text direction control (U+202E RIGHT-TO-LEFT OVERRIDE); remove it.',
    )
    expectClientError(await api('PATCH', '/api/webhooks/nope', { enabled: true }), 400)
    expectClientError(await api('PATCH', '/api/webhooks/wh_0000000000000000', { enabled: true }), 404)
    expectClientError(await api('POST', '/api/webhooks/wh_0000000000000000/deliveries/dlv_x/retry'), 400)
  })

  it(
    'sends a stored change to the receiver after answering, signed, and re-sends it under the same id',
    {
      timeout: 60_000,
    },
    async () => {
      const webhook = await createWebhook({ url: `${receiver.origin}/hooks`, events: ['file.created'] })
      const verify = ({ body, headers }: Received) =>
        webhookEventSchema.parse(new Webhook(webhook.secret).verify(body, headers))
      const record = await uploadRecord()
      const [first] = await receivedAtLeast(1)
      if (!first) throw new Error('nothing received')
      expect(verify(first)).toMatchObject({
        type: 'file.created',
        data: { ids: [record.id], file: { id: record.id } },
      })

      const test = await api('POST', `/api/webhooks/${webhook.id}/test`)
      expect(test.status, test.text).toBe(202)
      expect(deliveryQueuedSchema.parse(test.body).delivery).toMatchObject({
        event: 'webhook.test',
        state: 'pending',
      })
      const [, second] = await receivedAtLeast(2)
      if (!second) throw new Error('no test event received')
      expect(verify(second)).toMatchObject({ type: 'webhook.test', data: { webhook_id: webhook.id } })

      const listing = await api('GET', `/api/webhooks/${webhook.id}/deliveries`)
      const { deliveries } = deliveryListSchema.parse(listing.body)
      // Newest first, each with its attempt: the receiver's status and how long it took.
      expect(deliveries.map((delivery) => delivery.event)).toEqual(['webhook.test', 'file.created'])
      expect(deliveries[1]).toMatchObject({
        state: 'delivered',
        attempts: [{ status_code: 204, error: null }],
      })
      const createdDelivery = deliveries[1]
      if (!createdDelivery) throw new Error('no delivery listed')
      expect(first.headers['webhook-id']).toBe(createdDelivery.message_id)

      const resend = await api('POST', `/api/webhooks/${webhook.id}/deliveries/${createdDelivery.id}/retry`)
      expect(resend.status, resend.text).toBe(202)
      const [, , third] = await receivedAtLeast(3)
      if (!third) throw new Error('no re-send received')
      expect(third.headers['webhook-id']).toBe(first.headers['webhook-id'])
      expect(verify(third).type).toBe('file.created')
    },
  )
})
