import * as z from 'zod'

import { folderSchema } from './folder'
import { fileIdSchema } from './ids'
import { mediaRecordSchema } from './record'
import { trimmedFreeText } from './text'

/**
 * Webhooks (decision 0072): an endpoint subscribes to change events, and each event is sent to it as a
 * Standard Webhooks message (`webhook-id`, `webhook-timestamp`, `webhook-signature`), retried for a day.
 */

export const FILE_EVENT_TYPES = [
  'file.created',
  'file.updated',
  'file.moved',
  'file.replaced',
  'file.deleted',
  'file.restored',
  'file.purged',
] as const
export const FOLDER_EVENT_TYPES = ['folder.created', 'folder.updated', 'folder.deleted'] as const

/** Every change a stored write announces, in the order the Webhooks page lists them. */
export const CHANGE_EVENT_TYPES = [...FILE_EVENT_TYPES, ...FOLDER_EVENT_TYPES] as const
export const changeEventTypeSchema = z.enum(CHANGE_EVENT_TYPES, {
  error: (issue) =>
    `unknown event ${JSON.stringify(issue.input)}; events are ${CHANGE_EVENT_TYPES.join(', ')}`,
})
export type ChangeEventType = z.infer<typeof changeEventTypeSchema>

/** The event "Send test" sends; an endpoint gets it whatever it subscribed to. */
export const TEST_EVENT_TYPE = 'webhook.test'
export const webhookEventTypeSchema = z.union([changeEventTypeSchema, z.literal(TEST_EVENT_TYPE)])
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>

/**
 * A file event's data: the ids changed, always; the record as stored after the change when the request
 * changed one file (none for `file.purged`, whose record is gone); the destination of a move.
 */
export const fileEventDataSchema = z.object({
  ids: z.array(fileIdSchema).min(1),
  file: mediaRecordSchema.optional(),
  folder_path: z.string().optional(),
})

/** A folder event's data: the folder, and what a rename, move or delete did to the files inside. */
export const folderEventDataSchema = z.object({
  folder: folderSchema,
  previous_path: z.string().optional(),
  moved_files: z.int().min(0).optional(),
  moved_to: z.string().optional(),
  removed_folders: z.int().min(0).optional(),
})

export const testEventDataSchema = z.object({ webhook_id: z.string(), message: z.string() })

/** The body of every webhook request: what happened, when (ISO 8601), and to what. */
export const webhookEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.enum(FILE_EVENT_TYPES),
    timestamp: z.iso.datetime(),
    data: fileEventDataSchema,
  }),
  z.object({
    type: z.enum(FOLDER_EVENT_TYPES),
    timestamp: z.iso.datetime(),
    data: folderEventDataSchema,
  }),
  z.object({ type: z.literal(TEST_EVENT_TYPE), timestamp: z.iso.datetime(), data: testEventDataSchema }),
])
export type WebhookEvent = z.infer<typeof webhookEventSchema>

export const WEBHOOK_LIMITS = {
  /** Endpoints a site may have. */
  endpoints: 20,
  urlChars: 2_000,
  descriptionChars: 500,
  /** Deliveries `GET /api/webhooks/{id}/deliveries` lists, newest first. */
  listedDeliveries: 50,
} as const

export const webhookIdSchema = z.string().regex(/^wh_[a-z0-9]{16}$/, 'is not a webhook id')
export const deliveryIdSchema = z.string().regex(/^dlv_[a-z0-9]{24}$/, 'is not a delivery id')

// No transform here, so the schema describes requests and answers alike (the OpenAPI document).
const eventsSchema = z
  .array(changeEventTypeSchema)
  .min(1, 'choose at least one event')
  .max(CHANGE_EVENT_TYPES.length)

/** Events as stored and shown: each once, in the order of `CHANGE_EVENT_TYPES`. */
export function canonicalEvents(events: readonly ChangeEventType[]): ChangeEventType[] {
  return CHANGE_EVENT_TYPES.filter((type) => events.includes(type))
}

const urlSchema = z
  .string()
  .trim()
  .min(1, 'enter the address to send events to')
  .max(WEBHOOK_LIMITS.urlChars)
  // A URL parser would drop a line break or tab and join what follows into the address: refused instead.
  .refine(
    // eslint-disable-next-line no-control-regex -- the point is to find control characters
    (value) => !/[\s\u0000-\u001f\u007f]/.test(value),
    'url must not contain spaces or control characters',
  )

/** `POST /api/webhooks`. The address's rules (https, a public host) are the server's to check. */
export const webhookCreateSchema = z.strictObject({
  url: urlSchema,
  events: eventsSchema,
  description: trimmedFreeText(WEBHOOK_LIMITS.descriptionChars, 'Description').optional(),
})
export type WebhookCreate = z.infer<typeof webhookCreateSchema>

/** `PATCH /api/webhooks/{id}`: any of the fields; `enabled: true` turns a disabled endpoint back on. */
export const webhookUpdateSchema = z
  .strictObject({
    url: urlSchema.optional(),
    events: eventsSchema.optional(),
    description: trimmedFreeText(WEBHOOK_LIMITS.descriptionChars, 'Description').optional(),
    enabled: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, 'send at least one of url, events, description, enabled')
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>

/** An endpoint as every answer but its creation shows it: its secret only by its first characters. */
export const webhookSchema = z.object({
  id: webhookIdSchema,
  url: z.string(),
  events: z.array(changeEventTypeSchema),
  description: z.string(),
  enabled: z.boolean(),
  /** Why it was turned off (after a day of failed deliveries), or null. */
  disabled_reason: z.string().nullable(),
  /** When its deliveries started failing without one success since, or null. */
  failing_since: z.iso.datetime().nullable(),
  secret_prefix: z.string(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
})
export type Webhook = z.infer<typeof webhookSchema>

/** The creation's answer: the only one holding the whole secret (`whsec_` and base64 of its 32 bytes). */
export const webhookCreatedSchema = webhookSchema.extend({
  secret: z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/),
})
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) })

export const deliveryStateSchema = z.enum(['pending', 'delivered', 'failed'])

/** One try at sending: the receiver's status (null when none came), how long it took, what went wrong. */
export const deliveryAttemptSchema = z.object({
  at: z.iso.datetime(),
  status_code: z.int().nullable(),
  duration_ms: z.int().min(0),
  error: z.string().nullable(),
})
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>

/** One event sent to one endpoint, with its attempts, oldest first. */
export const deliverySchema = z.object({
  id: deliveryIdSchema,
  /** The `webhook-id` header: the same on every attempt and every re-send, for the receiver to dedupe. */
  message_id: z.string(),
  event: webhookEventTypeSchema,
  state: deliveryStateSchema,
  created_at: z.iso.datetime(),
  next_attempt_at: z.iso.datetime().nullable(),
  attempts: z.array(deliveryAttemptSchema),
})
export type Delivery = z.infer<typeof deliverySchema>

export const deliveryListSchema = z.object({ deliveries: z.array(deliverySchema) })

/** The answer of "Send test" and of a re-send: the delivery, queued (202). */
export const deliveryQueuedSchema = z.object({ delivery: deliverySchema })
