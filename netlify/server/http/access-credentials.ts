import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/**
 * What the server derives from `APP_ACCESS_TOKEN`. The token itself is never stored in a cookie or a
 * URL: cookies and signed links carry HMACs under keys derived from it, so rotating the token
 * invalidates every cookie and link at once.
 */
export interface AccessKeys {
  /** SHA-256 of the token: a presented token is hashed and compared with this in constant time. */
  readonly tokenHash: Buffer
  /** Signs access cookies (each names a session). */
  readonly cookieKey: Buffer
  /** Signs short-lived links to one file, for fetchers that cannot send the cookie. */
  readonly linkKey: Buffer
  /**
   * Marks the API tokens made with the owner's key (decision 0074), so a new key ends them as it ends
   * the cookies: 16 hex characters of an HMAC, not the key.
   */
  readonly ownerTokenMark: string
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest()
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest()

export function deriveAccessKeys(token: string): AccessKeys {
  return {
    tokenHash: sha256(token),
    cookieKey: hmac(token, 'media-file-manager access cookie v1'),
    linkKey: hmac(token, 'media-file-manager file link v1'),
    ownerTokenMark: hmac(token, 'media-file-manager owner tokens v1').toString('hex').slice(0, 16),
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

/**
 * A sign-in as the cookie names it: the session's random id and its expiry (Unix seconds). The server
 * keeps a record of each session (`access-sessions.ts`); signing out removes it, so the cookie stops
 * opening anything before it expires.
 */
export interface SessionClaim {
  id: string
  expires: number
}

const signedSession = (keys: AccessKeys, { id, expires }: SessionClaim) =>
  hmac(keys.cookieKey, `session:${String(expires)}:${id}`)

/** An access cookie's value: `<expires>.<session id>.<HMAC of both>`. */
export function accessCookieValue(keys: AccessKeys, session: SessionClaim): string {
  return `${String(session.expires)}.${session.id}.${signedSession(keys, session).toString('base64url')}`
}

/**
 * The session a cookie value names, when it was issued under these keys and has not expired (checked
 * here, not only by the browser); null otherwise. Whether the session still stands is the store's to say.
 */
export function accessCookieClaim(keys: AccessKeys, value: string, now: Date): SessionClaim | null {
  const match = /^(\d{1,12})\.([\w-]{22})\.([\w-]{43})$/.exec(value)
  if (!match) return null
  const [, expires = '', id = '', signature = ''] = match
  const claim = { id, expires: Number(expires) }
  if (claim.expires <= toSeconds(now)) return null
  return signatureMatches(signedSession(keys, claim), signature) ? claim : null
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
