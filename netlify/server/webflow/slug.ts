const MAX_SLUG = 256

/**
 * Webflow's slug from a title (DESIGN section 7): accents dropped, lowercase, whitespace, `_` and `-`
 * runs to one hyphen, everything but `[a-z0-9-]` removed, hyphens collapsed and trimmed. The spec's
 * literal order (remove non-alphanumerics, then turn spaces into hyphens) would delete the spaces first.
 * The result always matches `^[a-z0-9]+(-[a-z0-9]+)*$`, or is empty.
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .slice(0, MAX_SLUG)
    .replace(/^-+|-+$/g, '')
}

/** The slug of a record's item; a title with nothing sluggable falls back to the record id. */
export function itemSlug(title: string, recordId: number, attempt = 1): string {
  const base = slugify(title) || `file-${String(recordId)}`
  if (attempt <= 1) return base
  const suffix = `-${String(attempt)}`
  return `${base.slice(0, MAX_SLUG - suffix.length).replace(/-+$/, '')}${suffix}`
}
