import { countOf } from '../../../lib/plural'

const DAY_MS = 86_400_000

/**
 * When the daily purge may delete a trashed file for good: `purgeDays` (the server's `TRASH_PURGE_DAYS`)
 * after its deletion. Null for a deletion time that does not parse.
 */
export function purgeTime(deletedAt: string, purgeDays: number): number | null {
  const deleted = Date.parse(deletedAt)
  return Number.isNaN(deleted) ? null : deleted + purgeDays * DAY_MS
}

/**
 * '12 days left', '1 day left', or 'less than a day left' (also once the time has passed: the next daily
 * run deletes it). Whole days, rounded down, so the words never promise more time than there is.
 */
export function daysLeft(deletedAt: string, purgeDays: number, now: number): string {
  const purgeAt = purgeTime(deletedAt, purgeDays)
  if (purgeAt === null) return '—'
  const days = Math.floor((purgeAt - now) / DAY_MS)
  return days < 1 ? 'less than a day left' : `${countOf(days, 'day')} left`
}
