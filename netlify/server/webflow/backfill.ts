import { randomBytes } from 'node:crypto'

import * as z from 'zod'

import type { WebflowSyncAllProgress } from '../../../src/contract/api'
import type { MediaRecord } from '../../../src/contract/record'
import { ConflictError } from '../errors'
import { listShards, readPage } from '../records/record-pages'
import { operateOnRecords } from '../records/record-shards'
import { CorruptDocumentError, type DocumentStore } from '../storage/document-store'
import { mutateDocument } from '../storage/mutate'
import type { MediaHostStores } from '../uploads/upload-service'
import type { BackfillJob } from './sync-trigger'
import type { WebflowSetup } from './webflow-config'
import { runSyncJob, type SyncContext } from './webflow-sync'

/**
 * Sync all: mirrors the records the mirror has not done, such as those created before Webflow was
 * configured, those whose sync failed, and those left pending by a job that never ran. `startBackfill`
 * counts them and queues the first stretch; the background function runs each stretch (`runBackfill`),
 * which stops well inside its 15 minutes and queues the next one, resuming after the last record id.
 */

/** The progress of the latest run. */
export const BACKFILL_PROGRESS_KEY = 'webflow/backfill'

/** A record pending for longer than this was left behind by a job that never finished. */
export const STALE_PENDING_MS = 5 * 60_000

/** How long one stretch starts new records for; a background function may run 15 minutes. */
export const STRETCH_BUDGET_MS = 10 * 60_000

/** A run whose progress has not moved for this long has stopped (its function was cut off). */
export const STALLED_AFTER_MS = 20 * 60_000

/** Webflow's smallest plan allows 60 requests a minute (research 4.7); CMS and Business plans 120. */
export const DEFAULT_RATE_PER_MINUTE = 60

const PAGE_SIZE = 200

export const BACKFILL_MESSAGES = {
  notConfigured:
    'Webflow is not configured: set WEBFLOW_API_TOKEN, WEBFLOW_SITE_ID and WEBFLOW_COLLECTION_ID',
  stopped: 'Sync all stopped before the end. Start it again to mirror the rest.',
  couldNotStart: 'Sync all could not start. Try again in a moment.',
} as const

const progressSchema = z.object({
  run: z.string(),
  started_at: z.string(),
  updated_at: z.string(),
  total: z.int().min(0),
  done: z.int().min(0),
  failed: z.int().min(0),
  finished_at: z.string().nullable(),
  error: z.string().optional(),
})
type StoredProgress = z.infer<typeof progressSchema>

function parseProgress(value: unknown): StoredProgress {
  const parsed = progressSchema.safeParse(value)
  if (!parsed.success) throw new CorruptDocumentError(`${BACKFILL_PROGRESS_KEY} is not a Sync all progress`)
  return parsed.data
}

/** `WEBFLOW_RATE_PER_MINUTE`: the Webflow requests a minute Sync all may make; 60 unless a whole number 1-6000. */
export function ratePerMinuteOf(env: Record<string, string | undefined>): number {
  const value = env.WEBFLOW_RATE_PER_MINUTE?.trim() ?? ''
  if (!/^\d+$/.test(value)) return DEFAULT_RATE_PER_MINUTE
  const rate = Number(value)
  return rate >= 1 && rate <= 6000 ? rate : DEFAULT_RATE_PER_MINUTE
}

/**
 * Whether Sync all mirrors a record: never mirrored (no state: created before Webflow was configured),
 * failed, skipped (its settings were incomplete then, and are complete now), or pending for longer than
 * any job takes to start.
 */
export function needsMirror(record: MediaRecord, now: Date): boolean {
  const sync = record.webflow
  if (!sync) return true
  if (sync.state === 'failed' || sync.state === 'skipped') return true
  if (sync.state !== 'pending') return false
  const since = Date.parse(sync.updated_at)
  return Number.isNaN(since) || now.getTime() - since > STALE_PENDING_MS
}

/** The records above `after`, in id order, a page at a time; trashed ones and ones without a URL are not listed. */
async function* recordsAfter(documents: DocumentStore, after: number): AsyncGenerator<MediaRecord> {
  let cursor = after
  for (;;) {
    const page = await readPage(documents, await listShards(documents), cursor, PAGE_SIZE)
    for (const record of page.records) yield record
    if (page.next === null) return
    cursor = Number(page.next)
  }
}

const NO_RUN: WebflowSyncAllProgress = {
  running: false,
  started_at: null,
  finished_at: null,
  total: 0,
  done: 0,
  failed: 0,
}

function publicProgress(stored: StoredProgress | null, now: Date): WebflowSyncAllProgress {
  if (!stored) return NO_RUN
  const stalled =
    stored.finished_at === null && now.getTime() - Date.parse(stored.updated_at) > STALLED_AFTER_MS
  return {
    running: stored.finished_at === null && !stalled,
    started_at: stored.started_at,
    finished_at: stored.finished_at,
    total: stored.total,
    done: stored.done,
    failed: stored.failed,
    ...(stalled ? { error: BACKFILL_MESSAGES.stopped } : stored.error ? { error: stored.error } : {}),
  }
}

async function readStoredProgress(documents: DocumentStore): Promise<StoredProgress | null> {
  const stored = await documents.read(BACKFILL_PROGRESS_KEY)
  return stored ? parseProgress(stored.value) : null
}

/** `GET /api/webflow-sync-all`: the latest run's progress. */
export async function readBackfillProgress(
  documents: DocumentStore,
  now = new Date(),
): Promise<WebflowSyncAllProgress> {
  return publicProgress(await readStoredProgress(documents), now)
}

/**
 * Changes the progress of `run` only; null when another run has replaced it (this one then stops).
 */
function updateProgress(
  documents: DocumentStore,
  run: string,
  change: (current: StoredProgress) => Omit<StoredProgress, 'run' | 'started_at' | 'updated_at'>,
  now: Date,
): Promise<StoredProgress | null> {
  return mutateDocument(documents, BACKFILL_PROGRESS_KEY, parseProgress, (current) => {
    if (current?.run !== run) return { next: undefined, result: null }
    const next = { ...current, ...change(current), updated_at: now.toISOString() }
    return { next, result: next }
  })
}

export interface BackfillStart {
  queued: number
  progress: WebflowSyncAllProgress
}

/**
 * `POST /api/webflow-sync-all`: counts the records that need mirroring, records a new run and queues its
 * first stretch with `queue`. Refused (409) while the mirror is not configured or another run is going.
 */
export async function startBackfill(
  context: { stores: Pick<MediaHostStores, 'documents'>; setup: WebflowSetup },
  queue: (job: BackfillJob) => Promise<boolean>,
  now = new Date(),
): Promise<BackfillStart> {
  const { documents } = context.stores
  if (context.setup.kind !== 'ready') throw new ConflictError(BACKFILL_MESSAGES.notConfigured)
  const before = publicProgress(await readStoredProgress(documents), now)
  if (before.running) {
    throw new ConflictError(
      `Sync all is already running: ${String(before.done + before.failed)} of ${String(before.total)} files done`,
    )
  }
  let total = 0
  for await (const record of recordsAfter(documents, 0)) if (needsMirror(record, now)) total++

  const run = randomBytes(12).toString('base64url')
  const stamp = now.toISOString()
  const fresh: StoredProgress = {
    run,
    started_at: stamp,
    updated_at: stamp,
    total,
    done: 0,
    failed: 0,
    finished_at: total === 0 ? stamp : null,
  }
  // Only if no other run started since the check above.
  const started = await mutateDocument(documents, BACKFILL_PROGRESS_KEY, parseProgress, (current) => {
    if (current && publicProgress(current, now).running) return { next: undefined, result: false }
    return { next: fresh, result: true }
  })
  if (!started) throw new ConflictError('Sync all is already running')
  if (total > 0 && !(await queue({ action: 'backfill', run, after: 0 }))) {
    await updateProgress(
      documents,
      run,
      (current) => ({ ...current, finished_at: stamp, error: BACKFILL_MESSAGES.couldNotStart }),
      now,
    )
    throw new Error('Could not queue the Sync all job')
  }
  return { queued: total, progress: publicProgress(fresh, now) }
}

export interface BackfillOptions {
  /** Queues the next stretch on the background function. */
  queue: (job: BackfillJob) => Promise<boolean>
  /** Webflow requests a minute; `DEFAULT_RATE_PER_MINUTE` unless set. */
  ratePerMinute?: number
  /** How long this stretch starts new records for. */
  budgetMs?: number
  /** The clock and the wait the pacing uses (tests replace both). */
  clock?: () => number
  sleep?: (ms: number) => Promise<void>
}

export type BackfillOutcome =
  /** Every record was reached; the progress says finished. */
  | { kind: 'finished' }
  /** The time budget ran out; the next stretch was queued after `after`. */
  | { kind: 'continued'; after: number }
  /** The next stretch could not be queued; the progress says why. */
  | { kind: 'stopped'; after: number }
  /** A newer run has replaced this one, or it had already finished: nothing was done. */
  | { kind: 'superseded' }

/**
 * Spaces the Webflow API requests at least a minute / `ratePerMinute` apart, so Sync all stays inside
 * the plan's budget; a 429 is still waited out as `Retry-After` asks (`webflow-api.ts`).
 */
export function pacedFetch(
  apiUrl: string,
  ratePerMinute: number,
  base: typeof fetch | undefined,
  clock: () => number,
  sleep: (ms: number) => Promise<void>,
): typeof fetch {
  const interval = 60_000 / ratePerMinute
  const prefix = apiUrl.replace(/\/$/, '')
  let next = -Infinity
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (url.startsWith(`${prefix}/`)) {
      const now = clock()
      const at = Math.max(now, next)
      next = at + interval
      if (at > now) await sleep(at - now)
    }
    return (base ?? globalThis.fetch)(input, init)
  }
}

/**
 * One stretch of a run: mirrors, one at a time and paced, the records above `job.after` that need it,
 * counting each as done or failed by the state the mirror left on it. Starts no record once `budgetMs`
 * has passed: queues the next stretch instead.
 */
export async function runBackfill(
  context: SyncContext,
  job: BackfillJob,
  options: BackfillOptions,
): Promise<BackfillOutcome> {
  const { documents } = context.stores
  const clock = options.clock ?? Date.now
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const budgetMs = options.budgetMs ?? STRETCH_BUDGET_MS
  const startedAt = clock()
  const current = await readStoredProgress(documents)
  if (current?.run !== job.run || current.finished_at !== null) return { kind: 'superseded' }
  if (context.setup.kind !== 'ready') return { kind: 'superseded' }

  const rate = options.ratePerMinute ?? DEFAULT_RATE_PER_MINUTE
  const paced: SyncContext = {
    ...context,
    fetch: pacedFetch(context.setup.config.apiUrl, rate, context.fetch, clock, sleep),
  }
  const nowDate = () => new Date(clock())

  let after = job.after
  for await (const record of recordsAfter(documents, job.after)) {
    if (clock() - startedAt >= budgetMs)
      return continueRun(documents, job.run, after, options.queue, nowDate())
    if (needsMirror(record, nowDate())) {
      const failed = !(await mirrorOne(paced, record.id))
      const updated = await updateProgress(
        documents,
        job.run,
        (progress) => {
          const done = progress.done + (failed ? 0 : 1)
          const failedCount = progress.failed + (failed ? 1 : 0)
          return {
            ...progress,
            done,
            failed: failedCount,
            total: Math.max(progress.total, done + failedCount),
          }
        },
        nowDate(),
      )
      if (!updated) return { kind: 'superseded' }
    }
    after = record.id
  }
  const finished = await updateProgress(
    documents,
    job.run,
    // Records synced by their own jobs before this run reached them are not counted: the total ends as
    // what this run mirrored.
    (progress) => ({
      ...progress,
      total: progress.done + progress.failed,
      finished_at: nowDate().toISOString(),
    }),
    nowDate(),
  )
  return finished ? { kind: 'finished' } : { kind: 'superseded' }
}

/** Mirrors one record; false when it ended failed (or could not be mirrored at all). */
async function mirrorOne(context: SyncContext, id: number): Promise<boolean> {
  try {
    await runSyncJob(context, { action: 'upsert', ids: [id] })
  } catch (error) {
    console.error(`Sync all could not mirror file ${String(id)}`, error)
    return false
  }
  const [record] = await operateOnRecords(context.stores.documents, [id], (current) => ({ result: current }))
  return record?.webflow?.state !== 'failed'
}

async function continueRun(
  documents: DocumentStore,
  run: string,
  after: number,
  queue: (job: BackfillJob) => Promise<boolean>,
  now: Date,
): Promise<BackfillOutcome> {
  if (await queue({ action: 'backfill', run, after })) return { kind: 'continued', after }
  console.error('Could not queue the next stretch of Sync all')
  await updateProgress(
    documents,
    run,
    (progress) => ({ ...progress, finished_at: now.toISOString(), error: BACKFILL_MESSAGES.stopped }),
    now,
  )
  return { kind: 'stopped', after }
}
