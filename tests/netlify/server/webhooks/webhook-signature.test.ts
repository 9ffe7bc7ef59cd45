import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'

import {
  newWebhookSecret,
  secretPrefix,
  webhookHeaders,
} from '../../../../netlify/server/webhooks/webhook-signature'

describe('webhook signatures', () => {
  const body = JSON.stringify({
    type: 'file.created',
    timestamp: '2026-12-06T10:00:00.000Z',
    data: { ids: [1] },
  })

  it('are verified by the Standard Webhooks library, as any receiver would', () => {
    const secret = newWebhookSecret()
    const headers = webhookHeaders(secret, 'msg_1', body, new Date())
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body))
  })

  it('fail for another secret, another body or another id', () => {
    const secret = newWebhookSecret()
    const headers = webhookHeaders(secret, 'msg_1', body, new Date())
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow()
    expect(() => new Webhook(secret).verify(body.replace('[1]', '[2]'), headers)).toThrow()
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow()
  })

  it('carry the attempt time in whole seconds, which the library holds to five minutes', () => {
    const secret = newWebhookSecret()
    const then = new Date(Date.now() - 10 * 60_000)
    const headers = webhookHeaders(secret, 'msg_1', body, then)
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(then.getTime() / 1000)))
    expect(() => new Webhook(secret).verify(body, headers)).toThrow(/too old/i)
  })

  it('use a whsec_ secret of 32 random bytes, shown later by its first characters only', () => {
    const secret = newWebhookSecret()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32)
    expect(secretPrefix(secret)).toBe(`${secret.slice(0, 10)}…`)
    expect(newWebhookSecret()).not.toBe(secret)
  })
})
