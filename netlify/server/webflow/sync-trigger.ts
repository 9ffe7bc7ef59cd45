import { createHmac, timingSafeEqual } from 'node:crypto'

import * as z from 'zod'

import type { SyncJob } from './webflow-sync'

/** The background function's own URL path: invoked by name, it answers 202 at once and runs on. */
export const SYNC_FUNCTION_PATH = '/.netlify/functions/webflow-sync-background'

const jobSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('upsert'), ids: z.array(z.int().min(1)).min(1).max(5_000) }),
  z.object({
    action: z.literal('delete'),
    items: z
      .array(z.object({ item_id: z.string().max(100), asset_id: z.string().max(100).optional() }))
      .max(5_000),
  }),
])

const envelopeSchema = z.object({ job: z.string(), signature: z.string() })

/**
 * Jobs are signed with a key derived from the Webflow token, so the public background-function URL runs
 * only jobs this app queued: nobody else can make it delete Webflow items.
 */
function sign(payload: string, token: string): string {
  return createHmac('sha256', `webflow-sync:${token}`).update(payload).digest('base64url')
}

export function sealJob(job: SyncJob, token: string): string {
  const payload = JSON.stringify(job)
  return JSON.stringify({ job: payload, signature: sign(payload, token) })
}

/** The job in a sealed body, or null when the body is malformed or its signature does not match. */
export function openJob(body: string, token: string): SyncJob | null {
  try {
    const envelope = envelopeSchema.parse(JSON.parse(body))
    const expected = Buffer.from(sign(envelope.job, token))
    const given = Buffer.from(envelope.signature)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
    const result = jobSchema.safeParse(JSON.parse(envelope.job))
    return result.success ? result.data : null
  } catch {
    return null
  }
}

/**
 * Queues a job on the background function. Awaits only its 202, so the caller's response is not held up
 * by Webflow. A failed trigger leaves the records pending, which the Details dialog can retry.
 */
export async function queueSyncJob(origin: string, job: SyncJob, token: string): Promise<boolean> {
  try {
    const response = await fetch(new URL(SYNC_FUNCTION_PATH, origin), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: sealJob(job, token),
    })
    return response.status === 202 || response.ok
  } catch (error) {
    console.error('Could not queue the Webflow sync', error)
    return false
  }
}
