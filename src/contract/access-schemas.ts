import * as z from 'zod'

import { ROLES } from './roles'

/** Who the caller acts as (`Actor` in roles.ts, less what only the server needs). */
export const actorSchema = z.object({
  type: z.enum(['owner', 'person', 'token', 'link']),
  id: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
})

/**
 * `GET /api/access`: whether calls need a credential (answered 401 when they do and none was sent),
 * and, behind the gate, who the credential sent acts as.
 */
export const accessStatusSchema = z.object({ required: z.boolean(), actor: actorSchema.optional() })
export type AccessStatus = z.infer<typeof accessStatusSchema>

/**
 * `POST /api/access`: the owner's token (in this body or as `Authorization: Bearer <token>`), or a
 * person's email and password.
 */
export const accessSignInSchema = z.union([
  z.strictObject({ token: z.string().min(1).max(1000) }),
  z.strictObject({
    email: z.string().trim().min(1, 'email is required').max(254),
    password: z.string().min(1, 'password is required').max(1000),
  }),
])
export type AccessSignIn = z.infer<typeof accessSignInSchema>
