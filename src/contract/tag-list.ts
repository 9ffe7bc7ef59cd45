/** Tags as lists, without zod: how typed tags split, merge and compare; the schema is in tags.ts. */
import { labelKey, labelProblem } from './labels'

/** How a refused tag is spoken of: 'A tag contains an invisible character (U+200B ...); remove it.' */
export const TAG_SUBJECT = 'A tag'

function splitTags(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input.flatMap((tag) => tag.split(','))
  return parts.map((part) => part.trim()).filter((tag) => tag !== '')
}

/**
 * Spec section 5: tags are split on commas and trimmed; empties are dropped. Each is kept in NFC, and a
 * tag that is the same as an earlier one once compared (`labelKey`: case, width and compatibility forms
 * aside) is dropped, so 'Photo, photo, ＰＨＯＴＯ' is the one tag 'Photo', spelled as first given.
 */
export function parseTags(input: string | readonly string[]): string[] {
  return mergeTags([], splitTags(input))
}

/**
 * `tags` followed by those of `added` that are not already there once compared; the first spelling
 * stays. Adding a tag a file has in another case or width changes nothing.
 */
export function mergeTags(tags: readonly string[], added: readonly string[]): string[] {
  const seen = new Set<string>()
  const merged: string[] = []
  for (const tag of [...tags, ...added.map((each) => each.normalize('NFC'))]) {
    const key = labelKey(tag)
    if (seen.has(key)) continue
    seen.add(key)
    merged.push(tag)
  }
  return merged
}

/** `tags` without any that is one of `removed` once compared (case, width and compatibility aside). */
export function withoutTags(tags: readonly string[], removed: readonly string[]): string[] {
  const keys = new Set(removed.map(labelKey))
  return tags.filter((tag) => !keys.has(labelKey(tag)))
}

/** Why typed tags cannot be saved ('A tag contains a line break (U+000A LINE FEED); remove it.'), or null. */
export function tagsProblem(input: string | readonly string[]): string | null {
  for (const tag of splitTags(input)) {
    const problem = labelProblem(TAG_SUBJECT, tag)
    if (problem) return problem
  }
  return null
}
