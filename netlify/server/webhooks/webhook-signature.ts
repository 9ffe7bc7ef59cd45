import { createHmac, randomBytes } from 'node:crypto'

/**
 * Signing as the Standard Webhooks specification says, so any of its libraries verifies our requests:
 * the key is the base64 after `whsec_`; the signature is `v1,` and the base64 HMAC-SHA256 of
 * `{webhook-id}.{webhook-timestamp}.{body}`, the timestamp in whole seconds.
 */

const SECRET_PREFIX = 'whsec_'

/** A new endpoint's secret: `whsec_` and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`
}

/** How a secret is shown after its creation: enough to tell two apart, too little to sign with. */
export function secretPrefix(secret: string): string {
  return `${secret.slice(0, SECRET_PREFIX.length + 4)}…`
}

export function webhookSignature(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64')
  const mac = createHmac('sha256', key)
    .update(`${messageId}.${String(timestamp)}.${body}`)
    .digest('base64')
  return `v1,${mac}`
}

/** The headers of one attempt: its id (the same on every attempt), its time, and the signature. */
export function webhookHeaders(
  secret: string,
  messageId: string,
  body: string,
  now: Date,
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000)
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'MediaFileManager-Webhooks/1',
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': webhookSignature(secret, messageId, timestamp, body),
  }
}
