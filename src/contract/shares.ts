import * as z from 'zod'

import { LIMITS } from './limits'

/**
 * Share links (decision 0041): an address that opens one file, with or without the access gate, until
 * it expires or is revoked. A share's id names its file and a random part (`{file id}-{22 characters}`);
 * the link carries the id and a signature, and the server checks the stored share on every request.
 */

/** `{file id}-{22 base64url characters}`: the file id routes a revoke to its file, the rest is random. */
export const SHARE_ID_PATTERN = /^([1-9][0-9]{0,15})-([\w-]{22})$/

/** The signature in a share link: an HMAC-SHA256 in base64url. */
export const SHARE_SIGNATURE_PATTERN = /^[\w-]{43}$/

/** `POST /api/share/{id}`: how long the link lives, in whole hours. */
export const shareCreateSchema = z.object({
  expires_in_hours: z
    .int(
      `expires_in_hours must be a whole number of hours from ${String(LIMITS.shareHoursMin)} to ${String(LIMITS.shareHoursMax)}`,
    )
    .min(LIMITS.shareHoursMin, `expires_in_hours must be at least ${String(LIMITS.shareHoursMin)}`)
    .max(LIMITS.shareHoursMax, `expires_in_hours must be at most ${String(LIMITS.shareHoursMax)} (30 days)`),
})
export type ShareCreate = z.infer<typeof shareCreateSchema>

/** `POST /api/share/{id}` answers 201 with this. */
export const createdShareSchema = z.object({
  id: z.string().regex(SHARE_ID_PATTERN),
  url: z.url(),
  expires_at: z.iso.datetime(),
})
export type CreatedShare = z.infer<typeof createdShareSchema>

/** One active link of `GET /api/shares?file={id}`. */
export const shareSchema = createdShareSchema.extend({ created_at: z.iso.datetime() })
export type Share = z.infer<typeof shareSchema>

/**
 * `GET /api/shares?file={id}`: every active link of the file, newest first. The server holds a file to
 * `LIMITS.sharesPerFile` new links; links made before decision 0063 may number more until they expire,
 * and Details lists them all, so the list is not cut there.
 */
export const shareListSchema = z.array(shareSchema)

/** The expiries the screen offers. */
export const SHARE_EXPIRY_CHOICES = [
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '1 day' },
  { hours: 7 * 24, label: '7 days' },
  { hours: 30 * 24, label: '30 days' },
] as const
