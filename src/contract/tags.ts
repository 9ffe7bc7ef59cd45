import * as z from 'zod'

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
  .preprocess(
    (value) => (typeof value === 'string' ? value.split(',') : value),
    z
      .array(text(LIMITS.tagChars * 4), { error: 'must be a comma-separated string or an array of strings' })
      .max(LIMITS.tagsPerRecord * 4, `must hold at most ${String(LIMITS.tagsPerRecord)} tags`),
  )
  .transform(parseTags)
  .refine(
    (tags) => tags.length <= LIMITS.tagsPerRecord,
    `must hold at most ${String(LIMITS.tagsPerRecord)} tags`,
  )
  .refine(
    (tags) => tags.every((tag) => tag.length <= LIMITS.tagChars),
    `must hold tags of at most ${String(LIMITS.tagChars)} characters each`,
  )
