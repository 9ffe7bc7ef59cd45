const MAX_DETAIL_CHARS = 300

/** The message inside an error body: `{ error: "..." }`, `{ error: { message } }` (Cloudinary), or text. */
export function errorDetail(body: string): string | undefined {
  const text = body.trim()
  if (text === '') return undefined
  try {
    const parsed = JSON.parse(text) as unknown
    if (typeof parsed === 'object' && parsed !== null && 'error' in parsed) {
      const error: unknown = parsed.error
      if (typeof error === 'string') return error.slice(0, MAX_DETAIL_CHARS)
      if (
        typeof error === 'object' &&
        error !== null &&
        'message' in error &&
        typeof error.message === 'string'
      ) {
        return error.message.slice(0, MAX_DETAIL_CHARS)
      }
    }
  } catch {
    // Not JSON: a plain-text body is the message itself.
  }
  return text.startsWith('<') ? undefined : text.slice(0, MAX_DETAIL_CHARS)
}
