import * as z from 'zod'

import { PASSWORD_MAX_LENGTH, TOKEN_MAX_DAYS } from './people-limits'
import { ROLES, TOKEN_SCOPES } from './roles'
import { label } from './text'

/**
 * People, invitations and personal API tokens (issue 45): the bodies and answers of `/api/people` and
 * `/api/tokens`. Bodies are strict: a field the route does not take (a `role` on accepting, a `status`
 * on inviting) is refused, not ignored, so no field can raise anyone's role.
 */

const email = z
  .string()
  .trim()
  .max(254, 'email must be at most 254 characters')
  .pipe(z.email('email must be an email address'))
  .transform((value) => value.toLowerCase())

const role = z.enum(ROLES, `role must be one of ${ROLES.join(', ')}`)
const scope = z.enum(TOKEN_SCOPES, `scope must be one of ${TOKEN_SCOPES.join(', ')}`)
/** A person's or a token's name, as the activity log shows it: a label, so no name passes for another. */
const name = label(100, 'Name').refine((value) => value.length > 0, 'name must not be empty')

export const PERSON_STATUSES = ['invited', 'active'] as const
export type PersonStatus = (typeof PERSON_STATUSES)[number]

/** `POST /api/people`: who to invite, and as what. */
export const personInviteSchema = z.strictObject({ email, role })
export type PersonInvite = z.infer<typeof personInviteSchema>

/** `POST /api/people` answers 201 with this; `invite_token` is shown this once. */
export const invitedPersonSchema = z.object({
  id: z.string(),
  email: z.string(),
  role,
  status: z.literal('invited'),
  invite_url: z.url(),
  invite_token: z.string(),
  invite_expires_at: z.iso.datetime(),
})
export type InvitedPerson = z.infer<typeof invitedPersonSchema>

/** `POST /api/people/accept`: the invitation's token, and the name and password the invitee chose. */
export const inviteAcceptSchema = z.strictObject({
  token: z.string().min(1).max(200),
  name,
  password: z
    .string()
    .max(PASSWORD_MAX_LENGTH, `password must be at most ${String(PASSWORD_MAX_LENGTH)} characters`),
})
export type InviteAccept = z.infer<typeof inviteAcceptSchema>

/** `POST /api/people/accept` answers 201 with this, and the session cookie. */
export const acceptedPersonSchema = z.object({ id: z.string(), email: z.string(), name: z.string(), role })
export type AcceptedPerson = z.infer<typeof acceptedPersonSchema>

/**
 * `POST /api/access/password`: a signed-in person's current password and the new one, held to the same
 * rules as on accepting an invitation. Every other session of theirs ends.
 */
export const passwordChangeSchema = z.strictObject({
  current_password: z.string().min(1, 'current_password is required').max(1000),
  new_password: z
    .string()
    .max(PASSWORD_MAX_LENGTH, `new_password must be at most ${String(PASSWORD_MAX_LENGTH)} characters`),
})
export type PasswordChange = z.infer<typeof passwordChangeSchema>

/** One person of `GET /api/people`; `name` is null until the invitation is accepted. */
export const personSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role,
  status: z.enum(PERSON_STATUSES),
  last_seen_at: z.iso.datetime().nullable(),
})
export type Person = z.infer<typeof personSchema>

export const personListSchema = z.object({ people: z.array(personSchema) })

/** `PATCH /api/people/{id}`: a new role (the only field an admin may change). */
export const personUpdateSchema = z.strictObject({ role })

/** `POST /api/tokens`. */
export const tokenCreateSchema = z.strictObject({
  name,
  scope,
  expires_in_days: z
    .int('expires_in_days must be a whole number of days')
    .min(1, 'expires_in_days must be at least 1')
    .max(TOKEN_MAX_DAYS, `expires_in_days must be at most ${String(TOKEN_MAX_DAYS)}`)
    .optional(),
})
export type TokenCreate = z.infer<typeof tokenCreateSchema>

/** `POST /api/tokens` answers 201 with this; `token` is shown this once. */
export const createdTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope,
  token: z.string(),
  prefix: z.string(),
  expires_at: z.iso.datetime().nullable(),
})
export type CreatedToken = z.infer<typeof createdTokenSchema>

/** Whose a token is: a person, or the owner's key. */
export const tokenOwnerSchema = z.object({
  type: z.enum(['person', 'owner']),
  id: z.string(),
  name: z.string(),
})

/** One token of `GET /api/tokens`: never the token, only its first characters. */
export const tokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope,
  prefix: z.string(),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
  expires_at: z.iso.datetime().nullable(),
  owner: tokenOwnerSchema,
})
export type ApiTokenSummary = z.infer<typeof tokenSchema>

export const tokenListSchema = z.object({ tokens: z.array(tokenSchema) })
