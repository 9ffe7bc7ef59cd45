import { randomBytes } from 'node:crypto'

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** `length` random characters of [a-z0-9] (each byte's remainder: a bias far too small to matter here). */
export function randomText(length: number): string {
  return [...randomBytes(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('')
}

/** A new endpoint's id, `wh_` and 16 characters. */
export const newWebhookId = () => `wh_${randomText(16)}`

/** A new message's id, the `webhook-id` header its receiver dedupes by. */
export const newMessageId = () => `msg_${randomText(24)}`

/** Ids past every millisecond timestamp to come: 36^9 ms is over 3,000 years. */
const TIME_SPAN = 36 ** 9

/**
 * A new delivery's id, `dlv_` and 24 characters, the first nine counting down with time: listed in key
 * order, an endpoint's deliveries come newest first.
 */
export function newDeliveryId(now: Date): string {
  const countdown = (TIME_SPAN - 1 - now.getTime()).toString(36).padStart(9, '0')
  return `dlv_${countdown}${randomText(15)}`
}

/** When a delivery was made, from its id. */
export function deliveryTime(id: string): number {
  return TIME_SPAN - 1 - parseInt(id.slice(4, 13), 36)
}
