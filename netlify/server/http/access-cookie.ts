import { ACCESS_COOKIE_MAX_AGE_SECONDS, ACCESS_COOKIE_NAME } from '../../../src/contract/access'
import { accessCookieValue, type AccessKeys, type SessionClaim } from './access-credentials'

/** The value of cookie `name` in the request's `Cookie` header, or null. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('cookie')
  if (header === null) return null
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=')
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim()
  }
  return null
}

/** Whether the visitor reached the site over https, so the cookie can be `Secure` (not on http://localhost). */
function isHttps(request: Request): boolean {
  return (
    new URL(request.url).protocol === 'https:' ||
    request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
  )
}

/**
 * `HttpOnly` keeps it from scripts, and `SameSite=Strict` keeps other sites' pages from sending it, so
 * the cookie cannot be read by injected script nor ride on a cross-site request.
 */
function cookieHeader(request: Request, value: string, maxAgeSeconds: number): string {
  const attributes = [
    `${ACCESS_COOKIE_NAME}=${value}`,
    'Path=/',
    `Max-Age=${String(maxAgeSeconds)}`,
    'HttpOnly',
    'SameSite=Strict',
  ]
  if (isHttps(request)) attributes.push('Secure')
  return attributes.join('; ')
}

/** The `Set-Cookie` that signs this browser in to `session` for `ACCESS_COOKIE_MAX_AGE_SECONDS`. */
export function signInCookie(request: Request, keys: AccessKeys, session: SessionClaim): string {
  return cookieHeader(request, accessCookieValue(keys, session), ACCESS_COOKIE_MAX_AGE_SECONDS)
}

/** The `Set-Cookie` that signs this browser out. */
export function signOutCookie(request: Request): string {
  return cookieHeader(request, '', 0)
}
