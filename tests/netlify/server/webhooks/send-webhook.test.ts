import { afterEach, describe, expect, it } from 'vitest'

import { sendWebhook } from '../../../../netlify/server/webhooks/send-webhook'
import { startLoopbackServer } from '../../../support/loopback-server'

const request = (url: string) => ({ url, headers: { 'Content-Type': 'application/json' }, body: '{}' })

afterEach(() => {
  delete process.env.WEBHOOK_ALLOW_HOSTS
})

describe('sending a webhook', () => {
  it('checks the address at each delivery: a name now resolving inside the network gets nothing', async () => {
    const outcome = await sendWebhook(request('https://hooks.example.com/in'), {
      resolve: () => Promise.resolve([{ address: '192.168.1.20', family: 4 }]),
    })
    expect(outcome).toMatchObject({
      ok: false,
      status_code: null,
      error: 'That address is inside a private network, so it cannot receive webhooks.',
    })
  })

  it('reaches http on this machine only for a host:port in WEBHOOK_ALLOW_HOSTS', async () => {
    const receiver = await startLoopbackServer(
      () => Promise.resolve(new Response(null, { status: 202 })),
      () => ({}),
    )
    try {
      const refused = await sendWebhook(request(`${receiver.origin}/in`))
      expect(refused.error).toMatch(/^That address starts with http:\/\//)
      process.env.WEBHOOK_ALLOW_HOSTS = `example.org:443, ${new URL(receiver.origin).host}`
      expect(await sendWebhook(request(`${receiver.origin}/in`))).toMatchObject({
        ok: true,
        status_code: 202,
      })
    } finally {
      await receiver.close()
    }
  })

  it('gives up on a receiver that does not answer in time', async () => {
    const receiver = await startLoopbackServer(
      () =>
        new Promise<Response>((resolve) => {
          setTimeout(() => {
            resolve(new Response(null))
          }, 2_000)
        }),
      () => ({}),
    )
    try {
      process.env.WEBHOOK_ALLOW_HOSTS = new URL(receiver.origin).host
      const outcome = await sendWebhook(request(`${receiver.origin}/in`), { timeoutMs: 200 })
      expect(outcome).toMatchObject({ ok: false, status_code: null, error: 'No answer within 0.2 seconds' })
    } finally {
      await receiver.close()
    }
  })
})
