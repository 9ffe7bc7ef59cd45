import { operateOnRecords } from '../records/record-shards'
import { recentlyUsedPerStore, RecentlyUsed } from '../records/recently-used'
import type { DocumentStore } from '../storage/document-store'

/**
 * The files this instance has marked used, with the day it marked them: a file delivered again the
 * same day costs nothing, not even a read. At most `KEPT_MARKS` per store.
 */
const KEPT_MARKS = 20_000
const markedToday = recentlyUsedPerStore(() => new RecentlyUsed<string>(KEPT_MARKS))

/** The UTC day of `now`, as `used_on` holds it. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10)

/**
 * Records that file `id` was delivered today (decision 0073): its record's `used_on` becomes today's
 * UTC day, at most once a day per file. One compare-and-swap of the file's shard, and none when the
 * record already says today (another instance marked it) or this instance marked it already. Neither
 * `updated_at` nor the Webflow mirror hears of it: being delivered is not an edit. A trashed or purged
 * file is left as it is. Never throws: a delivery must not fail for its mark.
 */
export async function markUsed(documents: DocumentStore, id: number, now = new Date()): Promise<void> {
  const today = dayOf(now)
  const kept = markedToday(documents)
  const key = String(id)
  if (kept.get(key) === today) return
  try {
    await operateOnRecords(documents, [id], (current) => {
      if (!current || (current.used_on !== undefined && current.used_on >= today))
        return { result: undefined }
      return { record: { ...current, used_on: today }, result: undefined }
    })
    kept.set(key, today)
  } catch (error) {
    console.error(`Could not record that file ${key} was used`, error)
  }
}
