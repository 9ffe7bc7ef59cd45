import type { Config } from '@netlify/functions'

import { removeExpiredActivity } from '../server/activity/activity-log'
import { activityRetentionDays } from '../server/env'
import { removeExpiredSessions } from '../server/http/access-sessions'
import { removeFullBuckets } from '../server/images/render-budget'
import { removeForgottenFailures } from '../server/people/sign-in-throttle'
import { removeExpiredIdempotencyKeys } from '../server/records/idempotency'
import { runRepair } from '../server/repair/run-repair'
import { removeExpiredLegacyShares } from '../server/shares/stored-shares'
import { mediaHostSettings, mediaHostStores } from '../server/store'
import { sweepExpiredUploads } from '../server/uploads/upload-service'
import { removeSpentJobMarks } from '../server/webflow/sync-trigger'
import { removeOldDeliveries } from '../server/webhooks/deliveries'

/**
 * Every hour: removes abandoned uploads and their chunks, idempotency keys over a day old, the records
 * of expired sign-in sessions, webhook deliveries over 30 days old, activity older than
 * `ACTIVITY_RETENTION_DAYS`, render budgets full again, forgotten counts of failed sign-ins and share
 * links of the layout before 0063 that expired (decision 0082), then runs the repair pass, which mends
 * what requests that failed midway left behind (bounded work per run; the rest waits for the next hour).
 */
export default async (): Promise<Response> => {
  const stores = mediaHostStores()
  const removed = await sweepExpiredUploads(stores, mediaHostSettings(), new Date(), 500)
  console.log(`Removed ${String(removed)} expired uploads`)
  const keys = await removeExpiredIdempotencyKeys(stores.documents)
  console.log(`Removed ${String(keys)} expired idempotency keys`)
  const sessions = await removeExpiredSessions(stores.documents, new Date())
  console.log(`Removed ${String(sessions)} expired sign-in sessions`)
  const buckets = await removeFullBuckets(stores.documents)
  console.log(`Removed ${String(buckets)} render budgets full again`)
  const failures = await removeForgottenFailures(stores.documents, new Date())
  console.log(`Removed ${String(failures)} forgotten counts of failed sign-ins`)
  const shares = await removeExpiredLegacyShares(stores.documents, new Date())
  console.log(`Removed ${String(shares)} expired share links made before 0063`)
  const report = await runRepair(stores, mediaHostSettings())
  console.log(
    `Repair: ${String(report.violations.length)} violation(s), ${String(report.repaired)} repaired, ` +
      `${String(report.checked)} checked${report.complete ? '' : ', more next run'}`,
  )
  for (const violation of report.violations) console.log(JSON.stringify(violation))
  // Webflow sync jobs that ran are remembered to refuse replays; past their lifetime they cannot be.
  const marks = await removeSpentJobMarks(stores.documents)
  console.log(`Removed ${String(marks)} marks of sync jobs too old to run`)
  const deliveries = await removeOldDeliveries(stores.documents)
  console.log(`Removed ${String(deliveries)} webhook deliveries over 30 days old`)
  const events = await removeExpiredActivity(stores.documents, activityRetentionDays())
  console.log(`Removed ${String(events)} activity events past their retention`)
  return new Response(null, { status: 204 })
}

export const config: Config = { schedule: '@hourly' }
