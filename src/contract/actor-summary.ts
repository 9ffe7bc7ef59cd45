import * as z from 'zod'

import { LIMITS } from './limits'

/**
 * Who acted, as the activity log and a record's `created_by` and `updated_by` keep it (decision 0075):
 * a person, a token by its name, the owner's key, a signed file link, `system` for the scheduled
 * functions (the Trash's purge after its days), or `anonymous` for a failed sign-in. No role: a
 * person's role may change after.
 */
export const ACTOR_TYPES = ['owner', 'person', 'token', 'link', 'system', 'anonymous'] as const
export type ActorType = (typeof ACTOR_TYPES)[number]

export const actorSummarySchema = z.object({
  type: z.enum(ACTOR_TYPES),
  id: z.string().max(LIMITS.actorTextChars),
  name: z.string().max(LIMITS.actorTextChars),
})
export type ActorSummary = z.infer<typeof actorSummarySchema>
