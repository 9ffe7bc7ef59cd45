import { ApiError } from './api-client'

/** The prefix the API client gives an error when the server sent no message of its own. */
const NO_SERVER_MESSAGE = /^HTTP error! status: \d+$/

/** The server's own error message, or null for network failures and bodies without one. */
export function serverMessage(error: unknown): string | null {
  if (error instanceof ApiError && !NO_SERVER_MESSAGE.test(error.message)) return error.message
  return null
}

/** A message for the user: the error's own (server text or 'HTTP error! status: N'), else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message
  if (error instanceof Error && error.message && !(error instanceof TypeError)) return error.message
  return fallback
}
