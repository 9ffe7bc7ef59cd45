import type { MediaRecord } from '../../../contract/record'

/** How far back the Unused filter looks, in days: the choices the toolbar offers. */
export const UNUSED_DAY_CHOICES = [30, 90, 365] as const

const DAY_MS = 24 * 60 * 60 * 1000

/** What "unused for `days` days" is measured against at `now`, worked out once a query. */
export interface UnusedCutoff {
  /** The first millisecond that counts as recent. */
  since: number
  /** Its UTC day, as `used_on` holds days (a use that day counts as recent). */
  sinceDay: string
  /** `now` as `shared_until` is written, ISO 8601. */
  nowIso: string
}

export function unusedCutoff(days: number, now = Date.now()): UnusedCutoff {
  const since = now - days * DAY_MS
  return { since, sinceDay: new Date(since).toISOString().slice(0, 10), nowIso: new Date(now).toISOString() }
}

/**
 * Whether a file is safe to clean up by the Unused filter (decision 0073): no Webflow item, no share
 * link that may still open, and neither delivered nor uploaded since the cutoff. `created` is its
 * `created_at` in milliseconds (the index's column; NaN when unreadable, which counts as long ago).
 */
export function isUnused(record: MediaRecord, created: number, cutoff: UnusedCutoff): boolean {
  if (record.webflow?.item_id) return false
  if (record.shared_until !== undefined && record.shared_until > cutoff.nowIso) return false
  if (record.used_on !== undefined && record.used_on >= cutoff.sinceDay) return false
  return !(created >= cutoff.since)
}
