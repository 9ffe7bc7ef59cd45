import type { Config } from '@netlify/functions'

import { mediaHostSettings, mediaHostStores } from '../server/store'
import { sweepExpiredUploads } from '../server/uploads/upload-service'

/** Removes abandoned uploads and their chunks, every hour. */
export default async (): Promise<Response> => {
  const removed = await sweepExpiredUploads(mediaHostStores(), mediaHostSettings(), new Date(), 500)
  console.log(`Removed ${String(removed)} expired uploads`)
  return new Response(null, { status: 204 })
}

export const config: Config = { schedule: '@hourly' }
