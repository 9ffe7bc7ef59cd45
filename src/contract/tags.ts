import { z } from 'zod'

import { LIMITS } from './limits'
import { text } from './text'

/** Spec section 5: tags are split on commas and trimmed; empties are dropped, duplicates kept once. */
export function parseTags(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input.flatMap((tag) => tag.split(','))
  const seen = new Set<string>()
  for (const part of parts) {
    const tag = part.trim()
    if (tag) seen.add(tag)
  }
  return [...seen]
}

/** Tags on input: a comma-separated string or an array of strings; always an array afterwards. */
export const tagsInput = z
  .union([
    text(LIMITS.tagsPerRecord * (LIMITS.tagChars + 1)),
    z.array(text(LIMITS.tagChars * 4)).max(LIMITS.tagsPerRecord * 4),
  ])
  .transform(parseTags)
  .refine(
    (tags) => tags.length <= LIMITS.tagsPerRecord,
    `must hold at most ${String(LIMITS.tagsPerRecord)} tags`,
  )
  .refine(
    (tags) => tags.every((tag) => tag.length <= LIMITS.tagChars),
    `each tag must be at most ${String(LIMITS.tagChars)} characters`,
  )
