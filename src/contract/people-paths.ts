/**
 * The addresses of people and tokens the screen needs before zod has loaded (people.ts has the
 * schemas): the invitation link it opens on, and the list of everyone's tokens.
 */

/** The screen's address an invitation link opens; the token is in the fragment, which no server logs. */
export const INVITE_PATH = '/invite'

/** The fragment's parameter holding the invitation's token: `/invite#token=...`. */
const INVITE_TOKEN_PARAM = 'token'

/** The link an admin passes on to the person invited. */
export function inviteUrl(origin: string, token: string): string {
  const url = new URL(INVITE_PATH, origin)
  url.hash = `${INVITE_TOKEN_PARAM}=${token}`
  return url.href
}

/** The invitation's token in a page's fragment (`location.hash`), or null when it has none. */
export function inviteTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get(INVITE_TOKEN_PARAM)
  return token === null || token.trim() === '' ? null : token.trim()
}

/** `GET /api/tokens?all=true`: an admin's list of everyone's tokens. */
export const ALL_TOKENS_QUERY = 'all'
