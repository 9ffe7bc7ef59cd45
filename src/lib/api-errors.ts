import { ApiError } from './api-client'
import { ERROR_WORDS } from './error-words'

export { ERROR_WORDS }

/** What browsers and tus-js-client say when a request got no answer at all. */
const NO_ANSWER =
  /failed to fetch|networkerror|load failed|\[object ProgressEvent\]|err_[a-z_]+|the request did not get an answer/i

/** What browsers and Vite say when a piece of the page's own code could not be fetched. */
const CODE_NOT_LOADED =
  /dynamically imported module|importing a module script failed|unable to preload css|error loading dynamically imported/i

/** The server's own error message, or null for network failures and bodies without one. */
export function serverMessage(error: unknown): string | null {
  if (error instanceof ApiError && !error.wordless) return error.message
  return null
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof ProgressEvent !== 'undefined' && error instanceof ProgressEvent) return '[object ProgressEvent]'
  return ''
}

/** A dynamic import that failed: the code of a dialog or a view did not arrive. */
export function isCodeLoadFailure(error: unknown): boolean {
  return CODE_NOT_LOADED.test(messageOf(error))
}

/** A request that got no answer: the network is down or the server is not running. */
export function isNoAnswer(error: unknown): boolean {
  if (error instanceof ApiError) return false
  if (typeof ProgressEvent !== 'undefined' && error instanceof ProgressEvent) return true
  if (isCodeLoadFailure(error)) return false
  // fetch rejects with a TypeError when no answer came, whatever each browser writes in it.
  return error instanceof TypeError || NO_ANSWER.test(messageOf(error))
}

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && (navigator as { onLine?: boolean }).onLine === false
}

/** The sentence for a failure that is not the server's own words, or null when the error has one. */
export function describeFailure(error: unknown): string | null {
  if (isCodeLoadFailure(error)) return ERROR_WORDS.pageCode
  if (isNoAnswer(error)) return browserOffline() ? ERROR_WORDS.offline : ERROR_WORDS.unreachable
  if (error instanceof SyntaxError) return ERROR_WORDS.unreadable
  return null
}

/**
 * A message for the user, from the one map of errors to words: the server's own message (or the
 * spec's 'HTTP error! status: N' when it sent none), a sentence for a failure the page met on its
 * way to the server, the error's own text when the app wrote it, else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message
  const described = describeFailure(error)
  if (described !== null) return described
  if (error instanceof Error && error.message) return error.message
  return fallback
}
