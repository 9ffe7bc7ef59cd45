/**
 * A URL the screen may put in `src` or `href`: a path on this site or an absolute http(s) URL. Records
 * are validated on upload, but a record is still data: a `javascript:` URL must never become a link.
 */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null
  if (url.startsWith('/')) return url.startsWith('//') ? null : url
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? url : null
  } catch {
    return null
  }
}

/** The absolute form of a file URL, for services outside this site (the Office viewer). */
export function absoluteUrl(url: string): string {
  return new URL(url, window.location.origin).href
}
