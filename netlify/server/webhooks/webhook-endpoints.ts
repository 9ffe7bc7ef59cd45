import * as z from 'zod'

import {
  canonicalEvents,
  changeEventTypeSchema,
  WEBHOOK_LIMITS,
  type ChangeEventType,
  type Webhook,
  type WebhookCreate,
  type WebhookCreated,
  type WebhookUpdate,
} from '../../../src/contract/webhooks'
import { ConflictError, NotFoundError } from '../errors'
import { CorruptDocumentError, type DocumentStore } from '../storage/document-store'
import { mutateDocument } from '../storage/mutate'
import { DISABLE_AFTER_MS } from './retry-schedule'
import { newWebhookId } from './random-ids'
import { checkedReceiverUrl } from './receiver-address'
import { newWebhookSecret, secretPrefix } from './webhook-signature'

/** Every endpoint, with its secret, in one document: a site has a handful, read for the changes. */
export const ENDPOINTS_KEY = 'webhooks/endpoints'

const storedEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(changeEventTypeSchema),
  description: z.string(),
  secret: z.string(),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  failing_since: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type StoredEndpoint = z.infer<typeof storedEndpointSchema>

const endpointsSchema = z.object({ endpoints: z.array(storedEndpointSchema) })
type EndpointsDocument = z.infer<typeof endpointsSchema>

function parseEndpoints(value: unknown): EndpointsDocument {
  const parsed = endpointsSchema.safeParse(value)
  if (!parsed.success) throw new CorruptDocumentError(`${ENDPOINTS_KEY} is not a list of webhooks`)
  return parsed.data
}

export const webhookNotFound = (id: string) => new NotFoundError(`Webhook ${id.slice(0, 40)} not found`)

export const DISABLED_REASON = 'Turned off: every delivery failed for 24 hours'

/** An endpoint as answers show it: the secret by its first characters only. */
export function publicWebhook({ secret, ...endpoint }: StoredEndpoint): Webhook {
  return { ...endpoint, secret_prefix: secretPrefix(secret) }
}

export async function readEndpoints(store: DocumentStore): Promise<StoredEndpoint[]> {
  const stored = await store.read(ENDPOINTS_KEY)
  return stored === null ? [] : parseEndpoints(stored.value).endpoints
}

/**
 * How long an instance goes on queueing events by the list it last read (decision 0081): a webhook
 * created, changed or removed in another instance is heard here within this long. Its own changes are
 * heard at once.
 */
export const ENDPOINTS_KEPT_MS = 5_000

interface KeptEndpoints {
  readAt: number
  endpoints: Promise<StoredEndpoint[]>
}

/** The list each store's announcements last read, the read itself while it runs (one for many writes). */
const kept = new WeakMap<DocumentStore, KeptEndpoints>()

/**
 * The endpoints an announced change is queued for (decision 0081): the list as read at most
 * `ENDPOINTS_KEPT_MS` ago in this instance, so a burst of writes costs one read of it rather than one
 * each. Only choosing whom to queue for uses it; sending reads the endpoint again, so a webhook removed
 * or turned off elsewhere is never sent to, and its URL and secret are always the current ones.
 */
export function endpointsToAnnounce(store: DocumentStore, now = Date.now()): Promise<StoredEndpoint[]> {
  const current = kept.get(store)
  if (current && now - current.readAt < ENDPOINTS_KEPT_MS) return current.endpoints
  const entry: KeptEndpoints = { readAt: now, endpoints: readEndpoints(store) }
  kept.set(store, entry)
  // A read that failed is not kept: the next change reads again.
  entry.endpoints.catch(() => {
    if (kept.get(store) === entry) kept.delete(store)
  })
  return entry.endpoints
}

export async function findEndpoint(store: DocumentStore, id: string): Promise<StoredEndpoint> {
  const endpoint = (await readEndpoints(store)).find((candidate) => candidate.id === id)
  if (!endpoint) throw webhookNotFound(id)
  return endpoint
}

/** The enabled endpoints that subscribed to `type`. */
export function subscribers(endpoints: readonly StoredEndpoint[], type: ChangeEventType): StoredEndpoint[] {
  return endpoints.filter((endpoint) => endpoint.enabled && endpoint.events.includes(type))
}

/** Changes the list; the announcements of this instance read it again from the next change on. */
async function mutateEndpoints<R>(
  store: DocumentStore,
  apply: (endpoints: StoredEndpoint[]) => { next: StoredEndpoint[] | undefined; result: R },
): Promise<R> {
  try {
    return await mutateDocument(store, ENDPOINTS_KEY, parseEndpoints, (current) => {
      const { next, result } = apply(current?.endpoints ?? [])
      return { next: next === undefined ? undefined : { endpoints: next }, result }
    })
  } finally {
    kept.delete(store)
  }
}

/**
 * One endpoint an address: a second would have every change sent there twice, each signed with its own
 * secret. An add sent again after its answer was lost, or a form sent twice, is refused rather than
 * doubling the deliveries; another set of events for the address is a change of its endpoint.
 */
function refuseTakenAddress(endpoints: readonly StoredEndpoint[], url: string, except?: string): void {
  const taken = endpoints.find((endpoint) => endpoint.url === url && endpoint.id !== except)
  if (taken) {
    throw new ConflictError(
      `A webhook already sends to ${url} (${taken.id}); change its events rather than adding another`,
    )
  }
}

/** Adds an endpoint with a fresh secret; the answer is the only one that shows the secret whole. */
export async function createEndpoint(
  store: DocumentStore,
  input: WebhookCreate,
  now = new Date(),
): Promise<WebhookCreated> {
  const url = checkedReceiverUrl(input.url).href
  const endpoint: StoredEndpoint = {
    id: newWebhookId(),
    url,
    events: canonicalEvents(input.events),
    description: input.description ?? '',
    secret: newWebhookSecret(),
    enabled: true,
    disabled_reason: null,
    failing_since: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  }
  await mutateEndpoints(store, (endpoints) => {
    if (endpoints.length >= WEBHOOK_LIMITS.endpoints) {
      throw new ConflictError(`There can be at most ${String(WEBHOOK_LIMITS.endpoints)} webhooks`)
    }
    refuseTakenAddress(endpoints, url)
    return { next: [...endpoints, endpoint], result: undefined }
  })
  return { ...publicWebhook(endpoint), secret: endpoint.secret }
}

/** Changes an endpoint; turning it back on forgets its failures, so it gets a fresh day. */
export async function updateEndpoint(
  store: DocumentStore,
  id: string,
  patch: WebhookUpdate,
  now = new Date(),
): Promise<Webhook> {
  const url = patch.url === undefined ? undefined : checkedReceiverUrl(patch.url).href
  return mutateEndpoints(store, (endpoints) => {
    const current = endpoints.find((endpoint) => endpoint.id === id)
    if (!current) throw webhookNotFound(id)
    if (url !== undefined) refuseTakenAddress(endpoints, url, id)
    const reenabled = patch.enabled === true && !current.enabled
    const updated: StoredEndpoint = {
      ...current,
      ...(url === undefined ? {} : { url }),
      ...(patch.events === undefined ? {} : { events: canonicalEvents(patch.events) }),
      ...(patch.description === undefined ? {} : { description: patch.description }),
      ...(patch.enabled === undefined ? {} : { enabled: patch.enabled }),
      ...(reenabled ? { disabled_reason: null, failing_since: null } : {}),
      ...(patch.enabled === false ? { disabled_reason: null } : {}),
      updated_at: now.toISOString(),
    }
    return {
      next: endpoints.map((endpoint) => (endpoint.id === id ? updated : endpoint)),
      result: publicWebhook(updated),
    }
  })
}

export function removeEndpoint(store: DocumentStore, id: string): Promise<void> {
  return mutateEndpoints(store, (endpoints) => {
    if (!endpoints.some((endpoint) => endpoint.id === id)) throw webhookNotFound(id)
    return { next: endpoints.filter((endpoint) => endpoint.id !== id), result: undefined }
  })
}

/**
 * Keeps an endpoint's health after an attempt: a success forgets its failures; a failure starts the
 * count, and one that comes `DISABLE_AFTER_MS` after the first unbroken failure turns it off. Writes only
 * when something changes, so a healthy endpoint costs no write per delivery.
 */
export function recordEndpointResult(
  store: DocumentStore,
  id: string,
  succeeded: boolean,
  now: Date,
): Promise<void> {
  return mutateEndpoints(store, (endpoints) => {
    const current = endpoints.find((endpoint) => endpoint.id === id)
    if (!current) return { next: undefined, result: undefined }
    let updated: StoredEndpoint | null = null
    if (succeeded) {
      if (current.failing_since !== null) updated = { ...current, failing_since: null }
    } else if (current.failing_since === null) {
      updated = { ...current, failing_since: now.toISOString() }
    } else if (current.enabled && now.getTime() - Date.parse(current.failing_since) >= DISABLE_AFTER_MS) {
      updated = {
        ...current,
        enabled: false,
        disabled_reason: DISABLED_REASON,
        updated_at: now.toISOString(),
      }
    }
    if (!updated) return { next: undefined, result: undefined }
    const replaced = updated
    return {
      next: endpoints.map((endpoint) => (endpoint.id === id ? replaced : endpoint)),
      result: undefined,
    }
  })
}
