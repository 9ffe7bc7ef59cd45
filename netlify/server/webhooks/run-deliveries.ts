import type { DeliveryAttempt } from '../../../src/contract/webhooks'
import type { DocumentStore } from '../storage/document-store'
import { mutateDocument } from '../storage/mutate'
import {
  deliveryKey,
  DUE_PREFIX,
  dueKey,
  parseDelivery,
  parseDueKey,
  recordAttempt,
  type DueEntry,
  type StoredDelivery,
} from './deliveries'
import { nextAttemptAt } from './retry-schedule'
import { sendWebhook, SEND_TIMEOUT_MS, type SendOutcome, type SendRequest } from './send-webhook'
import { readEndpoints, recordEndpointResult } from './webhook-endpoints'
import { webhookHeaders } from './webhook-signature'

export interface DeliveryRun {
  now?: () => Date
  send?: (request: SendRequest) => Promise<SendOutcome>
  random?: () => number
  /** The most deliveries one call attempts; the rest wait for the next. */
  limit?: number
}

/** How long a run holds a delivery it sends: past the receiver's timeout, then another run may. */
const LEASE_MS = SEND_TIMEOUT_MS + 30_000
/** A due mark whose delivery is missing is dropped once this old (its delivery may be being written). */
const ORPHAN_AFTER_MS = 60_000
const AT_ONCE = 8

/** The due marks whose time has come, oldest first. */
async function dueEntries(store: DocumentStore, now: Date): Promise<DueEntry[]> {
  const listed = await store.list(DUE_PREFIX)
  return listed
    .map(({ key }) => parseDueKey(key))
    .filter((entry) => entry !== null && entry.at <= now.getTime()) as DueEntry[]
}

export async function hasDueDeliveries(store: DocumentStore, now = new Date()): Promise<boolean> {
  return (await dueEntries(store, now)).length > 0
}

/**
 * Sends every delivery that is due (at most `limit`), eight at a time; returns how many were attempted.
 * Each is claimed first with a lease (a compare-and-swap), so runs that overlap never send one twice.
 */
export async function runDueDeliveries(store: DocumentStore, run: DeliveryRun = {}): Promise<number> {
  const now = run.now ?? (() => new Date())
  const due = (await dueEntries(store, now())).slice(0, run.limit ?? 200)
  let attempted = 0
  for (let start = 0; start < due.length; start += AT_ONCE) {
    const results = await Promise.all(
      due.slice(start, start + AT_ONCE).map((entry) => attemptDelivery(store, entry, run, now)),
    )
    attempted += results.filter(Boolean).length
  }
  return attempted
}

type Claim = { kind: 'claimed'; delivery: StoredDelivery } | { kind: 'missing' | 'stale' | 'busy' }

function claim(store: DocumentStore, entry: DueEntry, now: Date): Promise<Claim> {
  return mutateDocument<StoredDelivery, Claim>(
    store,
    deliveryKey(entry.endpointId, entry.deliveryId),
    parseDelivery,
    (current) => {
      if (!current) return { next: undefined, result: { kind: 'missing' } }
      const dueAt = current.next_attempt_at === null ? null : Date.parse(current.next_attempt_at)
      if (current.state !== 'pending' || dueAt !== entry.at)
        return { next: undefined, result: { kind: 'stale' } }
      if (current.lease_until !== null && Date.parse(current.lease_until) > now.getTime()) {
        return { next: undefined, result: { kind: 'busy' } }
      }
      const delivery = { ...current, lease_until: new Date(now.getTime() + LEASE_MS).toISOString() }
      return { next: delivery, result: { kind: 'claimed', delivery } }
    },
  )
}

/** One delivery's attempt; false when there was nothing to send. */
async function attemptDelivery(
  store: DocumentStore,
  entry: DueEntry,
  run: DeliveryRun,
  now: () => Date,
): Promise<boolean> {
  const claimed = await claim(store, entry, now())
  if (claimed.kind === 'busy') return false
  if (claimed.kind !== 'claimed') {
    if (claimed.kind === 'stale' || now().getTime() - entry.at > ORPHAN_AFTER_MS)
      await store.remove(entry.key)
    return false
  }
  const { delivery } = claimed
  const endpoint = (await readEndpoints(store)).find((candidate) => candidate.id === entry.endpointId)
  if (!endpoint) {
    await store.remove(entry.key)
    return false
  }
  const sentAt = now()
  let outcome: SendOutcome
  if (!endpoint.enabled && !delivery.manual) {
    outcome = { ok: false, status_code: null, duration_ms: 0, error: 'The webhook is turned off' }
  } else {
    const headers = webhookHeaders(endpoint.secret, delivery.message_id, delivery.body, sentAt)
    outcome = await (run.send ?? sendWebhook)({ url: endpoint.url, headers, body: delivery.body })
  }
  const attempt: DeliveryAttempt = {
    at: sentAt.toISOString(),
    status_code: outcome.status_code,
    duration_ms: outcome.duration_ms,
    error: outcome.error,
  }
  const after = now()
  const retryAt =
    outcome.ok || !endpoint.enabled
      ? null
      : nextAttemptAt(new Date(delivery.created_at), failuresInARow(delivery) + 1, after, run.random)
  // The next mark goes down before the delivery says when: a crash leaves a mark, never a lost retry.
  if (retryAt) await store.write(dueKey(retryAt.getTime(), endpoint.id, delivery.id), {}, { ifNew: true })
  const next = retryAt
    ? { at: retryAt }
    : { state: outcome.ok ? ('delivered' as const) : ('failed' as const) }
  await recordAttempt(store, delivery, attempt, next)
  await store.remove(entry.key)
  if (endpoint.enabled) await recordEndpointResult(store, endpoint.id, outcome.ok, after)
  return true
}

/** The failed attempts since the delivery's last success (a re-send of a delivered one starts afresh). */
function failuresInARow(delivery: StoredDelivery): number {
  let failures = 0
  for (const attempt of delivery.attempts) {
    const ok = attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code <= 299
    failures = ok ? 0 : failures + 1
  }
  return failures
}
