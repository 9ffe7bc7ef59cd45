/**
 * The list figures end to end: `GET /api/media` through `netlify dev` (its proxy, a fresh worker thread
 * per call, its local Blobs server), on a throw-away copy of the project whose Blobs data is seeded in
 * the app's shard layout before netlify dev starts. The list benchmark runs `round()` inside its own
 * measured rounds, so these figures share its interleaved baseline runs.
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'

import type { MediaRecord } from '../../../src/contract/record.ts'
import {
  createProjectDir,
  removeProjectDir,
  startNetlifyDev,
  type NetlifyDev,
} from '../../support/netlify-dev.ts'
import { figure, timed, type Figure } from './figures.ts'
import type { Server } from './in-process.ts'
import { startLocalBlobs } from './local-blobs.ts'
import { seedShards } from './seed-records.ts'

/** netlify dev serves a project with no linked site under this site id (netlify-cli `UNLINKED_SITE_MOCK_ID`). */
const DEV_SITE_ID = 'unlinked'
const FOLLOWING_PAGE_LIMIT = 5_000

interface DevAnswer {
  ms: number
  status: number
  etag: string | null
  next: string | null
  records: number
}

export interface ListThroughDev {
  /** One measured round: the first page, its revalidation, and a full listing. */
  round(): Promise<void>
  /** Forgets the rounds so far (after a warm-up). */
  reset(): void
  figures(baseline: { fullListing: readonly number[]; firstPageInProcess: readonly number[] }): Figure[]
  stop(): Promise<void>
}

async function get(dev: NetlifyDev, path: string, headers: Record<string, string> = {}): Promise<DevAnswer> {
  const { ms, value } = await timed(async () => {
    const response = await fetch(new URL(path, dev.baseUrl), { headers, signal: AbortSignal.timeout(60_000) })
    return { response, text: await response.text() }
  })
  const { response, text } = value
  if (response.status !== 200 && response.status !== 304) {
    throw new Error(`GET ${path} through netlify dev: ${String(response.status)} ${text.slice(0, 200)}`)
  }
  const page =
    response.status === 200 ? (JSON.parse(text) as { records: unknown[]; next: string | null }) : null
  return {
    ms,
    status: response.status,
    etag: response.headers.get('etag'),
    next: page?.next ?? null,
    records: page?.records.length ?? 0,
  }
}

async function fullListing(dev: NetlifyDev): Promise<{ ms: number; records: number; pages: number }> {
  let path = '/api/media'
  let ms = 0
  let records = 0
  let pages = 0
  for (;;) {
    const page = await get(dev, path)
    ms += page.ms
    records += page.records
    pages++
    if (page.next === null) return { ms, records, pages }
    path = `/api/media?cursor=${page.next}&limit=${String(FOLLOWING_PAGE_LIMIT)}`
  }
}

export async function startListThroughDev(
  server: Server,
  records: readonly MediaRecord[],
): Promise<ListThroughDev> {
  const projectDir = await createProjectDir()
  let dev: NetlifyDev
  try {
    // netlify dev's Blobs server keeps its files in .netlify/blobs-serve; a server of our own on the
    // same directory writes the shards there before netlify dev starts.
    const directory = join(projectDir, '.netlify', 'blobs-serve')
    await mkdir(directory, { recursive: true })
    const seeding = await startLocalBlobs({ directory, siteID: DEV_SITE_ID })
    try {
      await seedShards(server, new server.BlobsDocumentStore(seeding.store('media')), records)
    } finally {
      await seeding.stop()
    }
    dev = await startNetlifyDev(projectDir)
  } catch (error) {
    await removeProjectDir(projectDir)
    throw error
  }
  process.stdout.write(
    `netlify dev at ${dev.baseUrl} with ${records.length.toLocaleString('en-US')} records\n`,
  )

  const first: number[] = []
  const revalidation: number[] = []
  const statuses: number[] = []
  const full: number[] = []
  let pages = 0
  const n = records.length

  return {
    async round() {
      const page = await get(dev, '/api/media')
      first.push(page.ms)
      const again = await get(dev, '/api/media', { 'If-None-Match': page.etag ?? '' })
      revalidation.push(again.ms)
      statuses.push(again.status)
      const listing = await fullListing(dev)
      if (listing.records !== n) throw new Error(`netlify dev listed ${String(listing.records)} records`)
      full.push(listing.ms)
      pages = listing.pages
    },
    reset() {
      for (const list of [first, revalidation, statuses, full]) list.length = 0
    },
    figures({ fullListing: baselineFull, firstPageInProcess }) {
      const common = { id: 'list', n, unit: 'ms' }
      const everyCall = 'every call runs in a fresh worker thread: a new instance with an empty shard cache'
      return [
        figure({
          ...common,
          metric: 'netlify dev: GET /api/media first page (2,000), end to end',
          runs: first,
          baseline: 'the same request to the handler in process, new instance',
          baseline_runs: [...firstPageInProcess],
          ratio_means: 'baseline / median: the share of the end-to-end time spent in the handler',
          target: '-',
          met: null,
          notes: { every_call: everyCall },
        }),
        figure({
          ...common,
          metric: `netlify dev: full listing (${String(pages)} pages), end to end`,
          runs: full,
          baseline: 'one blob per record in process: list() + get of each, 32 at a time',
          baseline_runs: [...baselineFull],
          ratio_means: 'baseline / median: times faster than one blob per record',
          target: '>= 100x faster than the baseline at 10k',
          meets: (done) => done.ratio >= 100,
          met: null,
          notes: { every_call: everyCall },
        }),
        figure({
          ...common,
          metric: 'netlify dev: If-None-Match revalidation, end to end',
          runs: revalidation,
          baseline: 'the 200 first page through netlify dev',
          baseline_runs: first,
          ratio_means: 'baseline / median: times faster than a full answer',
          target: '304 after one list()',
          // Only the status is visible end to end; the in-process figure counts the list() calls.
          met: statuses.every((status) => status === 304),
          notes: { status: statuses[0] ?? 0 },
        }),
      ]
    },
    async stop() {
      await dev.stop()
      await removeProjectDir(projectDir)
    },
  }
}
