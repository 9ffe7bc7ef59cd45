import * as z from 'zod'

import { LIMITS } from './limits'
import { parseTags, tagsProblem } from './tag-list'
import { text } from './text'

export { mergeTags, parseTags, TAG_SUBJECT, tagsProblem, withoutTags } from './tag-list'

/** Tags on input: a comma-separated string or an array of strings; always an array afterwards. */
export const tagsInput = z
  .preprocess(
    (value) => (typeof value === 'string' ? value.split(',') : value),
    z
      .array(text(LIMITS.tagChars * 4), { error: 'must be a comma-separated string or an array of strings' })
      .max(LIMITS.tagsPerRecord * 4, `must hold at most ${String(LIMITS.tagsPerRecord)} tags`),
  )
  .superRefine((tags, ctx) => {
    const problem = tagsProblem(tags)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  .transform(parseTags)
  .refine(
    (tags) => tags.length <= LIMITS.tagsPerRecord,
    `must hold at most ${String(LIMITS.tagsPerRecord)} tags`,
  )
  .refine(
    (tags) => tags.every((tag) => tag.length <= LIMITS.tagChars),
    `must hold tags of at most ${String(LIMITS.tagChars)} characters each`,
  )
