import * as z from 'zod'

/** `GET /api/access`: whether calls need the token (answered 401 when they do and none was sent). */
export const accessStatusSchema = z.object({ required: z.boolean() })
export type AccessStatus = z.infer<typeof accessStatusSchema>

/** `POST /api/access`: the token, in this body or as `Authorization: Bearer <token>`. */
export const accessSignInSchema = z.object({ token: z.string().min(1).max(1000) })
