import * as z from 'zod'

import { actorSummarySchema, type ActorSummary } from './actor-summary'
import { parseIdSegment } from './ids'
import { CHANGE_EVENT_TYPES } from './webhooks'

/**
 * The activity log (issue 45, decision 0075): who did what, when, to which files. Every stored change
 * to files and folders (the change events of decision 0072) and the changes that touch no file
 * (sign-in, people, tokens, shares, Webflow sync) are appended, one small document each.
 */

/** What the log records beyond the change events: each is appended where it happens. */
export const OTHER_ACTIVITY_ACTIONS = [
  'file.imported',
  'share.created',
  'share.revoked',
  'webflow.synced',
  'webflow.sync_all_started',
  'access.signed_in',
  'access.sign_in_failed',
  'person.invited',
  'person.joined',
  'person.role_changed',
  'person.removed',
  'token.created',
  'token.revoked',
] as const

export const ACTIVITY_ACTIONS = [...CHANGE_EVENT_TYPES, ...OTHER_ACTIVITY_ACTIONS] as const
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number]

/** Who acted (`actor-summary.ts`). */
export type ActivityActor = ActorSummary

export const activityEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: actorSummarySchema,
  action: z.enum(ACTIVITY_ACTIONS),
  file_ids: z.array(z.number().int()),
  /** What else the action says: for an edit, `changes` of each field `{ before, after }`. */
  detail: z.record(z.string(), z.unknown()),
})
export type ActivityEvent = z.infer<typeof activityEventSchema>

export const activityPageSchema = z.object({
  events: z.array(activityEventSchema),
  next_cursor: z.string().nullable(),
})
export type ActivityPage = z.infer<typeof activityPageSchema>

/** An event's id: its time inverted (13 digits) and 8 random characters; the cursor is one. */
export const ACTIVITY_ID_PATTERN = /^\d{13}-[a-z0-9]{8}$/

/** `GET /api/activity`'s query: every filter optional; a viewer or editor must name a file. */
export const activityQuerySchema = z.object({
  actor: z.string().min(1).max(200).optional(),
  action: z.enum(ACTIVITY_ACTIONS).optional(),
  // Read as every id in a URL is (parseIdSegment): digits only, no sign, no leading zero.
  file_id: z
    .string()
    .transform((raw, context) => {
      const id = parseIdSegment(raw)
      if (id === null)
        context.addIssue({ code: 'custom', message: 'file_id must be a positive whole number' })
      return id ?? z.NEVER
    })
    .optional(),
  cursor: z.string().regex(ACTIVITY_ID_PATTERN, 'cursor must be a next_cursor this endpoint gave').optional(),
})
export type ActivityQuery = z.infer<typeof activityQuerySchema>

/** Why a viewer or editor is refused the whole log: they may read one file's history. */
export const ACTIVITY_WHOLE_LOG_MESSAGE =
  'Not allowed: the whole activity log needs the admin role; name a file (file_id) to read its history'
