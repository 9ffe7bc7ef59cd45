import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import webflowSyncAll from '../../../../netlify/functions/webflow-sync-all.mts'
import webflowSyncBackground from '../../../../netlify/functions/webflow-sync-background.mts'
import { ConflictError } from '../../../../netlify/server/errors'
import { readAllRecords } from '../../../../netlify/server/records/record-pages'
import { createRecord } from '../../../../netlify/server/records/media-service'
import { MemoryByteStore } from '../../../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { documentStore, replaceDocumentStore } from '../../../../netlify/server/store'
import type { MediaHostStores } from '../../../../netlify/server/uploads/upload-service'
import {
  BACKFILL_MESSAGES,
  BACKFILL_PROGRESS_KEY,
  needsMirror,
  ratePerMinuteOf,
  readBackfillProgress,
  runBackfill,
  startBackfill,
  STALLED_AFTER_MS,
  type BackfillOptions,
} from '../../../../netlify/server/webflow/backfill'
import {
  openJob,
  sealJob,
  SYNC_FUNCTION_PATH,
  type BackfillJob,
} from '../../../../netlify/server/webflow/sync-trigger'
import { setSyncState } from '../../../../netlify/server/webflow/webflow-sync'
import { webflowSyncAllResponseSchema, webflowSyncAllStatusSchema } from '../../../../src/contract/api'
import type { MediaRecord } from '../../../../src/contract/record'
import {
  COLLECTION_ID,
  readySetup,
  syncContext,
  webflowFakeForFile,
  stores,
} from '../../../support/webflow-setup'
import { listedRecord } from '../../../support/listed-record'

const { fake, server } = webflowFakeForFile()

/**
 * A clock of the tests' own: the pacing's waits move it on instead of sleeping. `requests` holds the
 * clock's time at each Webflow API request.
 */
function fakeTime(start = Date.now()) {
  const clock = { now: start, waits: [] as number[], requests: [] as number[] }
  server.events.on('request:start', ({ request }) => {
    if (request.url.startsWith(`${fake.apiBase}/`)) clock.requests.push(clock.now)
  })
  return {
    clock,
    /** The time between one Webflow request and the next. */
    gaps: () => clock.requests.slice(1).map((at, index) => at - (clock.requests[index] ?? 0)),
    options: (queue: BackfillOptions['queue'], extra: Partial<BackfillOptions> = {}): BackfillOptions => ({
      queue,
      clock: () => clock.now,
      sleep: (ms) => {
        clock.waits.push(ms)
        clock.now += ms
        return Promise.resolve()
      },
      ...extra,
    }),
  }
}

let counter = 0
function file(title = `File ${String(++counter)}`) {
  return { title, media_url: `https://cdn.example.test/${title.toLowerCase().replace(/\W+/g, '-')}.mov` }
}

/** A record created before the mirror was configured: no `webflow` state at all. */
const neverSynced = (s: MediaHostStores, title?: string) => createRecord(s.documents, file(title))

function withState(s: MediaHostStores, state: NonNullable<MediaRecord['webflow']>, title?: string) {
  return createRecord(s.documents, file(title), new Date(), state)
}

async function stateOf(s: MediaHostStores, id: number) {
  return (await readAllRecords(s.documents)).find((record) => record.id === id)?.webflow
}

/** Collects the stretches a run queues, as the background function would receive them. */
function jobQueue() {
  const jobs: BackfillJob[] = []
  const queue = (job: BackfillJob) => {
    jobs.push(job)
    return Promise.resolve(true)
  }
  return { jobs, queue }
}

describe('needsMirror', () => {
  const now = new Date('2026-05-01T12:00:00.000Z')
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString()
  const record = (webflow?: MediaRecord['webflow']) => listedRecord(1, { webflow })

  it('takes never-mirrored, failed, skipped and long-pending records, and leaves the others', () => {
    expect(needsMirror(record(), now)).toBe(true)
    expect(needsMirror(record({ state: 'failed', message: 'x', updated_at: at(0) }), now)).toBe(true)
    expect(needsMirror(record({ state: 'skipped', updated_at: at(0) }), now)).toBe(true)
    expect(needsMirror(record({ state: 'pending', updated_at: at(6) }), now)).toBe(true)
    expect(needsMirror(record({ state: 'pending', updated_at: at(1) }), now)).toBe(false)
    expect(needsMirror(record({ state: 'synced', item_id: 'i', updated_at: at(60) }), now)).toBe(false)
  })
})

describe('the Sync all job', () => {
  it('is sealed and opened like the mirror’s own jobs; a malformed one is refused', () => {
    const secret = Buffer.alloc(32, 3)
    const job: BackfillJob = { action: 'backfill', run: 'run_1-a', after: 1500 }
    expect(openJob(sealJob(job, secret), secret)?.job).toEqual(job)
    for (const bad of [
      { action: 'backfill', run: 'x', after: -1 },
      { action: 'backfill', run: 'has space', after: 0 },
      { action: 'backfill', after: 0 },
    ]) {
      expect(openJob(sealJob(bad as BackfillJob, secret), secret)).toBeNull()
    }
  })
})

describe('ratePerMinuteOf', () => {
  it('reads WEBFLOW_RATE_PER_MINUTE, and falls back to 60 for anything but a sensible whole number', () => {
    expect(ratePerMinuteOf({})).toBe(60)
    expect(ratePerMinuteOf({ WEBFLOW_RATE_PER_MINUTE: '120' })).toBe(120)
    expect(ratePerMinuteOf({ WEBFLOW_RATE_PER_MINUTE: ' 30 ' })).toBe(30)
    for (const odd of ['', '0', '-5', '1.5', 'fast', '100000']) {
      expect(ratePerMinuteOf({ WEBFLOW_RATE_PER_MINUTE: odd })).toBe(60)
    }
  })
})

describe('startBackfill and runBackfill', () => {
  afterEach(() => {
    server.events.removeAllListeners()
  })

  it('mirrors never-synced, failed and long-pending records, leaves synced and fresh ones alone', async () => {
    const s = stores()
    const context = syncContext(s, readySetup(fake))
    const old = await neverSynced(s, 'Before Webflow')
    const failed = await neverSynced(s, 'Failed once')
    await setSyncState({ stores: s }, failed.id, { state: 'failed', message: 'Webflow POST: 500' })
    const stale = await withState(s, { state: 'pending', updated_at: '2025-01-01T00:00:00.000Z' }, 'Stuck')
    const synced = await withState(s, {
      state: 'synced',
      item_id: 'abc',
      updated_at: new Date().toISOString(),
    })
    const fresh = await withState(s, { state: 'pending', updated_at: new Date().toISOString() })

    const { jobs, queue } = jobQueue()
    const started = await startBackfill(context, queue)
    expect(started.queued).toBe(3)
    expect(webflowSyncAllResponseSchema.parse(started).progress).toMatchObject({
      running: true,
      total: 3,
      done: 0,
      failed: 0,
      finished_at: null,
    })
    expect(jobs).toEqual([{ action: 'backfill', run: expect.any(String) as unknown, after: 0 }])

    const time = fakeTime()
    const job = jobs[0] as BackfillJob
    expect(await runBackfill(context, job, time.options(queue))).toEqual({ kind: 'finished' })

    expect(fake.itemsOf(COLLECTION_ID).map((item) => item.fieldData.name)).toEqual([
      'Before Webflow',
      'Failed once',
      'Stuck',
    ])
    for (const record of [old, failed, stale]) {
      expect(await stateOf(s, record.id)).toMatchObject({
        state: 'synced',
        item_id: expect.any(String) as unknown,
      })
    }
    expect(await stateOf(s, synced.id)).toEqual(synced.webflow)
    expect(await stateOf(s, fresh.id)).toEqual(fresh.webflow)

    const progress = await readBackfillProgress(s.documents)
    expect(progress).toMatchObject({ running: false, total: 3, done: 3, failed: 0 })
    expect(progress.finished_at).toEqual(expect.any(String))
    // Nothing queued after the last stretch.
    expect(jobs).toHaveLength(1)
  })

  it('counts a record whose sync fails as failed, with Webflow’s message on the record', async () => {
    const s = stores()
    const context = syncContext(s, readySetup(fake))
    const ok = await neverSynced(s, 'Fine')
    const bad = await neverSynced(s, 'Refused')
    server.use(
      // Item creation, as a draft or live.
      http.post(new RegExp(`/collections/${COLLECTION_ID}/items(?:/live)?$`), async ({ request }) => {
        const body = (await request.clone().json()) as { fieldData: { name: string } }
        if (body.fieldData.name !== 'Refused') return fake.handle(request)
        return HttpResponse.json({ code: 'validation_error', message: 'Field too long' }, { status: 400 })
      }),
    )
    const { jobs, queue } = jobQueue()
    await startBackfill(context, queue)
    await runBackfill(context, jobs[0] as BackfillJob, fakeTime().options(queue))
    expect(await readBackfillProgress(s.documents)).toMatchObject({ total: 2, done: 1, failed: 1 })
    expect(await stateOf(s, ok.id)).toMatchObject({ state: 'synced' })
    expect(await stateOf(s, bad.id)).toMatchObject({
      state: 'failed',
      message: expect.stringContaining('Field too long') as unknown,
    })
  })

  it('paces Webflow requests to the per-minute budget and stops at the time budget, then continues', async () => {
    const s = stores()
    const context = syncContext(s, readySetup(fake))
    const records = []
    for (let i = 0; i < 5; i++) records.push(await neverSynced(s))
    const { jobs, queue } = jobQueue()
    await startBackfill(context, queue)

    const time = fakeTime()
    // 60 a minute: one request a second. Records start only within the first 2.5 s of the stretch.
    const first = await runBackfill(context, jobs[0] as BackfillJob, time.options(queue, { budgetMs: 2_500 }))
    const mirrored = fake.itemsOf(COLLECTION_ID).length
    expect(mirrored).toBeGreaterThan(0)
    expect(mirrored).toBeLessThan(5)
    expect(first).toEqual({ kind: 'continued', after: records[mirrored - 1]?.id })
    expect(time.clock.now - (time.clock.requests[0] ?? 0)).toBeGreaterThanOrEqual(2_500)
    expect(time.gaps().every((gap) => gap >= 1000)).toBe(true)
    expect(time.clock.waits.every((wait) => wait <= 1000)).toBe(true)
    expect(jobs[1]).toEqual({ action: 'backfill', run: jobs[0]?.run, after: records[mirrored - 1]?.id })
    expect(await readBackfillProgress(s.documents)).toMatchObject({ running: true, total: 5, done: mirrored })
    expect(await stateOf(s, records[4]?.id as number)).toBeUndefined()

    const second = await runBackfill(
      context,
      jobs[1] as BackfillJob,
      fakeTime().options(queue, { budgetMs: 2_500 }),
    )
    expect(second).toEqual({ kind: 'finished' })
    expect(fake.itemsOf(COLLECTION_ID)).toHaveLength(5)
    expect(await readBackfillProgress(s.documents)).toMatchObject({
      running: false,
      total: 5,
      done: 5,
      failed: 0,
    })
    expect(jobs).toHaveLength(2)
  })

  it('paces faster when WEBFLOW_RATE_PER_MINUTE allows more', async () => {
    const s = stores()
    const context = syncContext(s, readySetup(fake))
    for (let i = 0; i < 3; i++) await neverSynced(s)
    const { jobs, queue } = jobQueue()
    await startBackfill(context, queue)
    const time = fakeTime()
    await runBackfill(context, jobs[0] as BackfillJob, time.options(queue, { ratePerMinute: 120 }))
    expect(fake.itemsOf(COLLECTION_ID)).toHaveLength(3)
    expect(Math.min(...time.gaps())).toBe(500)
  })

  it('waits out a 429 as its Retry-After asks, and still mirrors the record', async () => {
    const s = stores()
    const context = syncContext(s, readySetup(fake))
    const record = await neverSynced(s)
    const { jobs, queue } = jobQueue()
    await startBackfill(context, queue)
    fake.rateLimitNext(1, '7')
    await runBackfill(context, jobs[0] as BackfillJob, fakeTime().options(queue))
    expect(context.sleeps).toEqual([7000])
    expect(fake.received[0]?.status).toBe(429)
    expect(await stateOf(s, record.id)).toMatchObject({ state: 'synced' })
    expect(await readBackfillProgress(s.documents)).toMatchObject({ done: 1, failed: 0 })
  })

  it('says when the next stretch could not be queued, so the run can be started again', async () => {
    const s = stores()
    const context = syncContext(s, readySetup(fake))
    for (let i = 0; i < 3; i++) await neverSynced(s)
    const { jobs, queue } = jobQueue()
    await startBackfill(context, queue)
    const refuse = () => Promise.resolve(false)
    const outcome = await runBackfill(
      context,
      jobs[0] as BackfillJob,
      fakeTime().options(refuse, { budgetMs: 1 }),
    )
    expect(outcome.kind).toBe('stopped')
    const progress = await readBackfillProgress(s.documents)
    expect(progress).toMatchObject({ running: false, error: BACKFILL_MESSAGES.stopped })
    expect(progress.done).toBeLessThan(3)
    expect((await startBackfill(context, queue)).queued).toBe(3 - progress.done)
  })

  it('answers with nothing queued when every record is mirrored', async () => {
    const s = stores()
    await withState(s, { state: 'synced', item_id: 'abc', updated_at: new Date().toISOString() })
    const { jobs, queue } = jobQueue()
    const started = await startBackfill(syncContext(s, readySetup(fake)), queue)
    expect(started).toMatchObject({ queued: 0, progress: { running: false, total: 0 } })
    expect(jobs).toEqual([])
  })

  it('refuses a second run while one is going, and allows it once the first has stalled', async () => {
    const s = stores()
    const context = syncContext(s, readySetup(fake))
    await neverSynced(s)
    const { jobs, queue } = jobQueue()
    const now = new Date()
    await startBackfill(context, queue, now)
    await expect(startBackfill(context, queue, now)).rejects.toThrow(ConflictError)
    await expect(startBackfill(context, queue, now)).rejects.toThrow('Sync all is already running: 0 of 1')

    const later = new Date(now.getTime() + STALLED_AFTER_MS + 1)
    expect(await readBackfillProgress(s.documents, later)).toMatchObject({
      running: false,
      error: BACKFILL_MESSAGES.stopped,
    })
    await startBackfill(context, queue, later)
    // The first run's stretch is superseded and does nothing.
    expect(await runBackfill(context, jobs[0] as BackfillJob, fakeTime().options(queue))).toEqual({
      kind: 'superseded',
    })
    expect(fake.received).toEqual([])
  })

  it('refuses to start while the mirror is not configured', async () => {
    const s = stores()
    const { queue } = jobQueue()
    for (const setup of [
      { kind: 'off' } as const,
      { kind: 'incomplete', message: 'Configuration missing' } as const,
    ]) {
      await expect(startBackfill({ stores: s, setup }, queue)).rejects.toThrow(
        BACKFILL_MESSAGES.notConfigured,
      )
    }
    expect(await s.documents.read(BACKFILL_PROGRESS_KEY)).toBeNull()
  })
})

describe('POST and GET /api/webflow-sync-all', () => {
  const ORIGIN = 'https://media.example.test'
  let queued: (() => Promise<Response>)[] = []

  beforeEach(() => {
    replaceDocumentStore(new MemoryDocumentStore(), new MemoryByteStore())
    queued = []
    server.use(
      http.post(`${ORIGIN}${SYNC_FUNCTION_PATH}`, async ({ request }) => {
        const body = await request.text()
        queued.push(() => webflowSyncBackground(new Request(request.url, { method: 'POST', body })))
        return new HttpResponse(null, { status: 202 })
      }),
    )
  })

  afterEach(() => {
    vi.unstubAllEnvs()
    replaceDocumentStore(undefined)
  })

  const call = (method: string) => webflowSyncAll(new Request(`${ORIGIN}/api/webflow-sync-all`, { method }))

  it('answers 202 with the count, runs in the background function, and GET reports the progress', async () => {
    vi.stubEnv('WEBFLOW_API_TOKEN', fake.token)
    vi.stubEnv('WEBFLOW_SITE_ID', fake.siteId)
    vi.stubEnv('WEBFLOW_COLLECTION_ID', COLLECTION_ID)
    vi.stubEnv('WEBFLOW_API_URL', fake.apiBase)
    vi.stubEnv('URL', ORIGIN)
    // Spacing of 1 ms between requests keeps the test quick.
    vi.stubEnv('WEBFLOW_RATE_PER_MINUTE', '6000')
    await createRecord(documentStore(), file('One'))
    await createRecord(documentStore(), file('Two'))

    const started = await call('POST')
    expect(started.status).toBe(202)
    expect(webflowSyncAllResponseSchema.parse(await started.json())).toMatchObject({
      queued: 2,
      progress: { running: true, total: 2, done: 0 },
    })
    expect(webflowSyncAllStatusSchema.parse(await (await call('GET')).json())).toMatchObject({
      running: true,
      configured: true,
    })

    for (let next = queued.shift(); next; next = queued.shift()) expect((await next()).status).toBe(204)
    expect(fake.itemsOf(COLLECTION_ID)).toHaveLength(2)
    expect(await (await call('GET')).json()).toMatchObject({ running: false, total: 2, done: 2, failed: 0 })
    // Nothing is left to do.
    const again = await call('POST')
    expect(again.status).toBe(200)
    expect(await again.json()).toMatchObject({ queued: 0 })
  })

  it('answers 409 with a plain message when the mirror is not configured', async () => {
    vi.stubEnv('WEBFLOW_API_TOKEN', '')
    const refused = await call('POST')
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ error: BACKFILL_MESSAGES.notConfigured })
    expect(await (await call('GET')).json()).toMatchObject({ configured: false, running: false })
  })
})
