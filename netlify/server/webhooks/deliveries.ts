import * as z from 'zod'

import {
  deliveryAttemptSchema,
  deliveryStateSchema,
  webhookEventTypeSchema,
  type Delivery,
  type WebhookEvent,
} from '../../../src/contract/webhooks'
import { NotFoundError } from '../errors'
import { CorruptDocumentError, type DocumentStore } from '../storage/document-store'
import { mutateDocument } from '../storage/mutate'
import { deliveryTime, newDeliveryId } from './random-ids'

/**
 * An event sent to one endpoint is a delivery: a document of its own under
 * `webhooks/deliveries/{endpoint}/{delivery}` (the body as sent, so every attempt sends the same bytes,
 * and its attempts), and while it waits for its next attempt, an empty document under
 * `webhooks/due/{time}.{endpoint}.{delivery}`, so the runs find what is due from one listing.
 */

const DELIVERIES_PREFIX = 'webhooks/deliveries/'
export const DUE_PREFIX = 'webhooks/due/'

/** The attempts a delivery keeps: the automatic ones of a day (13) and some re-sends. */
const KEPT_ATTEMPTS = 20

const storedDeliverySchema = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  message_id: z.string(),
  event: webhookEventTypeSchema,
  body: z.string(),
  state: deliveryStateSchema,
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  attempts: z.array(deliveryAttemptSchema),
  /** Sent by a person (a test, a re-send): it goes even to an endpoint that is turned off. */
  manual: z.boolean(),
  /** A run is sending it until then; another run leaves it alone. */
  lease_until: z.string().nullable(),
})
export type StoredDelivery = z.infer<typeof storedDeliverySchema>

export function parseDelivery(value: unknown): StoredDelivery {
  const parsed = storedDeliverySchema.safeParse(value)
  if (!parsed.success) throw new CorruptDocumentError('A webhook delivery is not in the stored shape')
  return parsed.data
}

export const deliveryKey = (endpointId: string, deliveryId: string) =>
  `${DELIVERIES_PREFIX}${endpointId}/${deliveryId}`

export const dueKey = (at: number, endpointId: string, deliveryId: string) =>
  `${DUE_PREFIX}${String(at).padStart(15, '0')}.${endpointId}.${deliveryId}`

export interface DueEntry {
  key: string
  at: number
  endpointId: string
  deliveryId: string
}

export function parseDueKey(key: string): DueEntry | null {
  const [at, endpointId, deliveryId] = key.slice(DUE_PREFIX.length).split('.')
  if (at === undefined || !endpointId || !deliveryId || !/^\d{15}$/.test(at)) return null
  return { key, at: Number(at), endpointId, deliveryId }
}

export function publicDelivery(stored: StoredDelivery): Delivery {
  const { id, message_id, event, state, created_at, next_attempt_at, attempts } = stored
  return { id, message_id, event, state, created_at, next_attempt_at, attempts }
}

export const deliveryNotFound = (id: string) => new NotFoundError(`Delivery ${id.slice(0, 40)} not found`)

/**
 * Stores a delivery of `event` to an endpoint, due now. The due mark goes first: a crash in between
 * leaves a mark without its delivery, which a run drops, never a delivery nobody will send.
 */
export async function queueDelivery(
  store: DocumentStore,
  endpointId: string,
  messageId: string,
  event: WebhookEvent,
  now: Date,
  manual = false,
): Promise<StoredDelivery> {
  const delivery: StoredDelivery = {
    id: newDeliveryId(now),
    endpoint_id: endpointId,
    message_id: messageId,
    event: event.type,
    body: JSON.stringify(event),
    state: 'pending',
    created_at: now.toISOString(),
    next_attempt_at: now.toISOString(),
    attempts: [],
    manual,
    lease_until: null,
  }
  await store.write(dueKey(now.getTime(), endpointId, delivery.id), {}, { ifNew: true })
  await store.write(deliveryKey(endpointId, delivery.id), delivery, { ifNew: true })
  return delivery
}

/** An endpoint's latest deliveries, newest first (their ids count down with time). */
export async function listDeliveries(
  store: DocumentStore,
  endpointId: string,
  limit: number,
): Promise<StoredDelivery[]> {
  const listed = (await store.list(`${DELIVERIES_PREFIX}${endpointId}/`)).slice(0, limit)
  const read = await Promise.all(listed.map(({ key, etag }) => store.read(key, etag)))
  return read.flatMap((stored) => (stored ? [parseDelivery(stored.value)] : []))
}

/**
 * Makes a delivery due now, sent once more with the same `webhook-id` (a person's re-send): it goes even
 * to an endpoint that is turned off, and a failure resumes the retries while the event's day lasts.
 */
export async function requeueDelivery(
  store: DocumentStore,
  endpointId: string,
  deliveryId: string,
  now: Date,
): Promise<StoredDelivery> {
  if (!(await store.read(deliveryKey(endpointId, deliveryId)))) throw deliveryNotFound(deliveryId)
  await store.write(dueKey(now.getTime(), endpointId, deliveryId), {}, { ifNew: true })
  return mutateDocument(store, deliveryKey(endpointId, deliveryId), parseDelivery, (current) => {
    if (!current) throw deliveryNotFound(deliveryId)
    const next: StoredDelivery = {
      ...current,
      state: 'pending',
      next_attempt_at: now.toISOString(),
      manual: true,
    }
    return { next, result: next }
  })
}

/**
 * Records one attempt and what comes next: `next` is the time of the following attempt (pending), or
 * null with the final state. Clears the run's lease.
 */
export function recordAttempt(
  store: DocumentStore,
  delivery: StoredDelivery,
  attempt: Delivery['attempts'][number],
  next: { at: Date } | { state: 'delivered' | 'failed' },
): Promise<StoredDelivery | null> {
  return mutateDocument(store, deliveryKey(delivery.endpoint_id, delivery.id), parseDelivery, (current) => {
    if (!current) return { next: undefined, result: null }
    const updated: StoredDelivery = {
      ...current,
      attempts: [...current.attempts, attempt].slice(-KEPT_ATTEMPTS),
      state: 'at' in next ? 'pending' : next.state,
      next_attempt_at: 'at' in next ? next.at.toISOString() : null,
      manual: false,
      lease_until: null,
    }
    return { next: updated, result: updated }
  })
}

/** Removes every delivery of an endpoint (its due marks are dropped by the runs, finding no delivery). */
export async function removeDeliveriesOf(store: DocumentStore, endpointId: string): Promise<void> {
  const listed = await store.list(`${DELIVERIES_PREFIX}${endpointId}/`)
  for (let start = 0; start < listed.length; start += 8) {
    await Promise.all(listed.slice(start, start + 8).map(({ key }) => store.remove(key)))
  }
}

/** How long a delivery is kept for its endpoint's page, from when it was made. */
export const DELIVERY_KEEP_MS = 30 * 24 * 3_600_000

/**
 * Removes the deliveries made over `DELIVERY_KEEP_MS` before `now`, from one listing (their ids tell
 * their age); run by the hourly cleanup. Their day of retries ended long before. Returns how many.
 */
export async function removeOldDeliveries(store: DocumentStore, now = new Date()): Promise<number> {
  const cutoff = now.getTime() - DELIVERY_KEEP_MS
  const old = (await store.list(DELIVERIES_PREFIX)).filter(
    ({ key }) => deliveryTime(key.slice(key.lastIndexOf('/') + 1)) < cutoff,
  )
  for (let start = 0; start < old.length; start += 8) {
    await Promise.all(old.slice(start, start + 8).map(({ key }) => store.remove(key)))
  }
  return old.length
}
