import { LIMITS, RECORD_TEXT_LIMITS } from '../../../src/contract/limits'
import type { MediaRecord } from '../../../src/contract/record'

/** `RECORD_TEXT_LIMITS` as pairs; reading `record[field]` below makes a field the record lacks a type error. */
const STRING_LIMITS = Object.entries(RECORD_TEXT_LIMITS) as [keyof typeof RECORD_TEXT_LIMITS, number][]

/**
 * What is wrong with a record about to be stored, as a sentence for the caller, or null when it keeps
 * every limit. Requests are validated field by field; this checks the result, which a merge (`add_tags`,
 * repeated updates of one file, Unicode normalisation) can make longer than any one request. Together
 * these bounds keep a record's JSON within `LIMITS.recordBytes`.
 */
export function recordLimitProblem(record: MediaRecord): string | null {
  if (record.tags.length > LIMITS.tagsPerRecord) {
    return (
      `A file can have at most ${String(LIMITS.tagsPerRecord)} tags; this change would give it ` +
      `${String(record.tags.length)}. Remove some tags first, or add fewer.`
    )
  }
  const longTag = record.tags.find((tag) => tag.length > LIMITS.tagChars)
  if (longTag !== undefined) {
    return `Each tag can be at most ${String(LIMITS.tagChars)} characters long; shorten "${longTag.slice(0, 20)}...".`
  }
  for (const [field, maxChars] of STRING_LIMITS) {
    const value = record[field]
    if (value !== null && value.length > maxChars) {
      return `${field} must be at most ${String(maxChars)} characters; this one would be ${String(value.length)}.`
    }
  }
  return null
}
