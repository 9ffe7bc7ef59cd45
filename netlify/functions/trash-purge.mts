import type { Config } from '@netlify/functions'

import { cloudinaryCredentials, mediaHostStores } from '../server/store'
import { sweepTrash, trashMaxAgeMs } from '../server/trash/trash-sweep'

/** Deletes for good, once a day, the records that have been in the trash for `TRASH_PURGE_DAYS`. */
export default async (): Promise<Response> => {
  const purged = await sweepTrash(mediaHostStores(), {
    now: new Date(),
    maxAgeMs: trashMaxAgeMs(),
    cloudinary: cloudinaryCredentials(),
  })
  console.log(`Purged ${String(purged)} records from the trash`)
  return new Response(null, { status: 204 })
}

export const config: Config = { schedule: '@daily' }
