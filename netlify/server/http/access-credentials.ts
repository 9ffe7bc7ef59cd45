import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/**
 * What the server derives from `APP_ACCESS_TOKEN`. The token itself is never stored in a cookie or a
 * URL: cookies and signed links carry HMACs under keys derived from it, so rotating the token
 * invalidates every cookie and link at once.
 */
export interface AccessKeys {
  /** SHA-256 of the token: a presented token is hashed and compared with this in constant time. */
  readonly tokenHash: Buffer
  /** Signs access cookies. */
  readonly cookieKey: Buffer
  /** Signs short-lived links to one file, for fetchers that cannot send the cookie. */
  readonly linkKey: Buffer
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest()
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest()

export function deriveAccessKeys(token: string): AccessKeys {
  return {
    tokenHash: sha256(token),
    cookieKey: hmac(token, 'media-file-manager access cookie v1'),
    linkKey: hmac(token, 'media-file-manager file link v1'),
  }
}

/**
 * Whether `given` is the token. Both sides are hashed first, so the comparison always takes 32 bytes
 * and `timingSafeEqual` never sees inputs of different lengths (which would reveal the token's length).
 */
export function tokenMatches(keys: AccessKeys, given: string): boolean {
  return timingSafeEqual(sha256(given), keys.tokenHash)
}

/**
 * A signature as text, compared in constant time with the one expected, as text: decoding the given
 * one instead would also accept variants of it whose last character differs only in its unused bits.
 */
function signatureMatches(expected: Buffer, given: string): boolean {
  const wanted = Buffer.from(expected.toString('base64url'))
  const presented = Buffer.from(given)
  return presented.length === wanted.length && timingSafeEqual(presented, wanted)
}

const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** An access cookie's value: its expiry (Unix seconds) and an HMAC of it, `<expires>.<signature>`. */
export function accessCookieValue(keys: AccessKeys, expiresAt: Date): string {
  const expires = String(toSeconds(expiresAt))
  return `${expires}.${hmac(keys.cookieKey, `cookie:${expires}`).toString('base64url')}`
}

/** Whether a cookie value was issued under these keys and has not expired (checked here, not only by the browser). */
export function accessCookieValid(keys: AccessKeys, value: string, now: Date): boolean {
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(value)
  if (!match) return false
  const [, expires = '', signature = ''] = match
  if (Number(expires) <= toSeconds(now)) return false
  return signatureMatches(hmac(keys.cookieKey, `cookie:${expires}`), signature)
}

/** A signed link's query: valid for the one file id until `expiresAt`. */
export interface FileLinkSignature {
  expires: string
  signature: string
}

export function signFileLink(keys: AccessKeys, fileId: string, expiresAt: Date): FileLinkSignature {
  const expires = String(toSeconds(expiresAt))
  return { expires, signature: hmac(keys.linkKey, `file:${fileId}:${expires}`).toString('base64url') }
}

export function fileLinkValid(
  keys: AccessKeys,
  fileId: string,
  { expires, signature }: FileLinkSignature,
  now: Date,
): boolean {
  if (!/^\d{1,12}$/.test(expires) || Number(expires) <= toSeconds(now)) return false
  return signatureMatches(hmac(keys.linkKey, `file:${fileId}:${expires}`), signature)
}
