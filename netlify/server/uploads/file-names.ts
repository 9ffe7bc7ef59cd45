/**
 * A file name safe to show and to put in a header: Unicode NFC, no control or bidi-override characters,
 * no path separators, at most 255 characters, never empty.
 */
export function cleanFileName(raw: string): string {
  const cleaned = raw
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters must never reach a header
    .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[/\\:]/g, '_')
    .trim()
  // Counted in code points, so the cut never splits a character.
  const limited = Array.from(cleaned).slice(0, 255).join('')
  return limited === '' || limited === '.' || limited === '..' ? 'file' : limited
}

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name as `filename*`. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}
