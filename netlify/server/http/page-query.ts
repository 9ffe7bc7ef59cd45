import { LIMITS } from '../../../src/contract/limits'
import { InvalidInputError } from '../errors'

/** The `limit` of a paged listing: the default page size when absent, else 1 to `LIMITS.pageMax`. */
export function pageLimitOf(raw: string | null): number {
  if (raw === null || raw === '') return LIMITS.pageDefault
  const limit = Number(raw)
  if (!/^\d{1,5}$/.test(raw) || limit < 1 || limit > LIMITS.pageMax) {
    throw new InvalidInputError(`limit must be a whole number from 1 to ${String(LIMITS.pageMax)}`)
  }
  return limit
}
