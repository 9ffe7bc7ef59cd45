/**
 * The activity log's limits, zod-free: the screen's first route (a file's history in Details) reads them
 * before zod has loaded; activity.ts holds the schemas.
 */
export const ACTIVITY_LIMITS = {
  /** Events a page answers. */
  pageSize: 50,
  /** Days an event is kept when `ACTIVITY_RETENTION_DAYS` is not set. */
  defaultRetentionDays: 365,
} as const
