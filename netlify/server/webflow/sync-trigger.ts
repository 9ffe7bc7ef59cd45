import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

import * as z from 'zod'

import { LIMITS } from '../../../src/contract/limits'
import type { DocumentStore } from '../storage/document-store'
import { storedSecret } from '../storage/stored-secret'
import type { SyncJob } from './webflow-sync'

/** The background function's own URL path: invoked by name, it answers 202 at once and runs on. */
export const SYNC_FUNCTION_PATH = '/.netlify/functions/webflow-sync-background'

const webflowId = z.string().max(LIMITS.webflowIdChars)

/** What a deleted record held on Webflow: an item, assets, or both. */
const heldSchema = z
  .object({
    item_id: webflowId.optional(),
    asset_id: webflowId.optional(),
    outdated_asset_ids: z.array(webflowId).max(LIMITS.webflowOutdatedAssets).optional(),
  })
  .refine((held) => held.item_id ?? held.asset_id ?? held.outdated_asset_ids?.[0], 'names nothing to remove')

const jobSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('upsert'), ids: z.array(z.int().min(1)).min(1).max(5_000) }),
  z.object({
    action: z.literal('delete'),
    items: z.array(heldSchema).max(5_000),
  }),
  // Sync all (`backfill.ts`): one run, identified by `run`, resumes after the record id `after`.
  z.object({ action: z.literal('backfill'), run: z.string().regex(/^[\w-]{1,64}$/), after: z.int().min(0) }),
])

const envelopeSchema = z.object({ job: z.string(), signature: z.string() })

/** What is signed: the job, when it was issued (ms since the epoch) and a random nonce. */
const payloadSchema = z.object({
  job: z.unknown(),
  issued_at: z.int().min(0),
  nonce: z.string().regex(/^[\w-]{22}$/),
})

/** One stretch of a Sync all run: mirrors the records above `after` that need it, then queues the next. */
export interface BackfillJob {
  action: 'backfill'
  run: string
  after: number
}

/** Everything the background function runs: the mirror's own jobs, and Sync all's. */
export type BackgroundJob = SyncJob | BackfillJob

/** How long a sealed job may wait before it is run (either side of now, for clocks a little apart). */
export const JOB_LIFETIME_MS = 5 * 60_000

/** A job as the background function opens it. */
export interface OpenedJob {
  job: BackgroundJob
  issuedAt: number
  nonce: string
}

/**
 * The secret jobs are signed with, kept under `secrets/sync-jobs` (`storage/stored-secret.ts`). Not
 * the Webflow token, which Webflow holds too.
 */
export const SYNC_SECRET_KEY = 'secrets/sync-jobs'

export function syncJobSecret(documents: DocumentStore): Promise<Buffer> {
  return storedSecret(documents, SYNC_SECRET_KEY)
}

function sign(payload: string, secret: Buffer): string {
  return createHmac('sha256', secret).update(`webflow-sync-job:${payload}`).digest('base64url')
}

/** The body of a job for the background function: signed, stamped with `now` and a fresh nonce. */
export function sealJob(job: BackgroundJob, secret: Buffer, now = new Date()): string {
  const payload = JSON.stringify({
    job,
    issued_at: now.getTime(),
    nonce: randomBytes(16).toString('base64url'),
  })
  return JSON.stringify({ job: payload, signature: sign(payload, secret) })
}

/**
 * The job in a sealed body, or null when the body is malformed, its signature does not match, or it was
 * issued more than `JOB_LIFETIME_MS` from `now`. That it has not run before is the caller's check
 * (`claimJob`), since it takes a write.
 */
export function openJob(body: string, secret: Buffer, now = new Date()): OpenedJob | null {
  try {
    const envelope = envelopeSchema.parse(JSON.parse(body))
    const expected = Buffer.from(sign(envelope.job, secret))
    const given = Buffer.from(envelope.signature)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
    const payload = payloadSchema.safeParse(JSON.parse(envelope.job))
    if (!payload.success) return null
    const { issued_at, nonce } = payload.data
    if (Math.abs(now.getTime() - issued_at) > JOB_LIFETIME_MS) return null
    const result = jobSchema.safeParse(payload.data.job)
    return result.success ? { job: result.data, issuedAt: issued_at, nonce } : null
  } catch {
    return null
  }
}

/** Where a job that ran is recorded: its issue time first, so old marks are found from a listing. */
export const RAN_JOB_PREFIX = 'sync-jobs/ran/'

const ranJobKey = ({ issuedAt, nonce }: Pick<OpenedJob, 'issuedAt' | 'nonce'>) =>
  `${RAN_JOB_PREFIX}${String(issuedAt).padStart(15, '0')}-${nonce}`

/**
 * Records that a job runs, once: true for the first call with its nonce, false for a replay. A write
 * the store did not confirm counts as not claimed, so a job runs at most once.
 */
export async function claimJob(
  documents: DocumentStore,
  opened: OpenedJob,
  now = new Date(),
): Promise<boolean> {
  const key = ranJobKey(opened)
  const etag = await documents.exclusive(key, () =>
    documents.write(key, { ran_at: now.toISOString() }, { ifNew: true }),
  )
  return etag !== null && etag !== ''
}

/**
 * Removes the marks of jobs that can no longer be opened (issued over twice their lifetime ago), from
 * one listing. Run by the hourly cleanup. Returns how many were removed.
 */
export async function removeSpentJobMarks(documents: DocumentStore, now = new Date()): Promise<number> {
  const cutoff = now.getTime() - 2 * JOB_LIFETIME_MS
  const spent = (await documents.list(RAN_JOB_PREFIX)).filter(({ key }) => {
    const issuedAt = Number(key.slice(RAN_JOB_PREFIX.length).split('-', 1)[0])
    return Number.isFinite(issuedAt) && issuedAt < cutoff
  })
  for (let start = 0; start < spent.length; start += 8) {
    await Promise.all(spent.slice(start, start + 8).map(({ key }) => documents.remove(key)))
  }
  return spent.length
}

/**
 * Queues a job on the background function. Awaits only its 202, so the caller's response is not held up
 * by Webflow. A failed trigger leaves the records pending, which the Details dialog can retry.
 */
export async function queueSyncJob(
  origin: string,
  job: BackgroundJob,
  documents: DocumentStore,
  now = new Date(),
): Promise<boolean> {
  try {
    const body = sealJob(job, await syncJobSecret(documents), now)
    const response = await fetch(new URL(SYNC_FUNCTION_PATH, origin), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    })
    return response.status === 202 || response.ok
  } catch (error) {
    console.error('Could not queue the Webflow sync', error)
    return false
  }
}
