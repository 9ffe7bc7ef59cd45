/**
 * Puts 1,000 records into a running netlify dev's local Blobs data in the app's own layout, in seconds:
 * through the API, creates are serialised by the dev lock file and took 0.77 s each (13 minutes for
 * 1,000) on this shared machine.
 *
 * One record is created through `POST /api/upload`, so its shape is exactly what the server writes;
 * copies of it with new ids, titles and URLs then fill the record shards (`records/NNNNNN`, 500 ids
 * each) and the id counter, written with @netlify/blobs through a second local Blobs server over the same
 * directory (netlify dev keeps a project with no site under the site id 'unlinked'). A listing through
 * the API afterwards checks that the server reads all of them, so a change of layout fails loudly here.
 */
import { join } from 'node:path'

import { getStore } from '@netlify/blobs'
import { BlobsServer } from '@netlify/blobs/server'

import type { NetlifyDev } from '../../support/netlify-dev.ts'

const SITE_ID = 'unlinked'
const STORE = 'media'
const SHARD_SIZE = 500
const COUNTER_KEY = 'counters/records'
const TOKEN = 'load-bench'

type StoredRecord = Record<string, unknown> & { id: number }

/** The body of a seeded record's create: also what the benchmark's uploads under load send. */
export function recordBody(index: number): Record<string, unknown> {
  return {
    title: `Load record ${String(index)}`,
    description: `Seeded for the load benchmark, number ${String(index)}`,
    media_url: `https://media.example.test/load/${String(index)}.jpg`,
    file_size: 10_000 + index,
    tags: ['load', `group-${String(index % 20)}`],
    author: 'Bench',
  }
}

export async function apiJson(
  dev: NetlifyDev,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${dev.baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path}: ${String(response.status)} ${text.slice(0, 300)}`)
  return JSON.parse(text) as unknown
}

/** Every record the API lists, following `next`. */
export async function listedCount(dev: NetlifyDev): Promise<number> {
  let count = 0
  let cursor: string | null = null
  do {
    const query = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`
    const page = (await apiJson(dev, 'GET', `/api/media?limit=5000${query}`)) as {
      records: unknown[]
      next: string | null
    }
    count += page.records.length
    cursor = page.next
  } while (cursor !== null)
  return count
}

/** Seeds `count` records with ids 1..count; returns the ids. */
export async function seedLibrary(dev: NetlifyDev, count: number): Promise<number[]> {
  const created = (await apiJson(dev, 'POST', '/api/upload', recordBody(1))) as { record: StoredRecord }
  const template = created.record
  if (template.id !== 1) throw new Error(`expected an empty library, got id ${String(template.id)}`)
  const records: StoredRecord[] = Array.from({ length: count }, (_, index) => {
    const id = index + 1
    const body = recordBody(id)
    return { ...template, ...body, id, tags: body.tags as string[] }
  })

  const server = new BlobsServer({
    directory: join(dev.dir, '.netlify', 'blobs-serve'),
    token: TOKEN,
    port: 0,
  })
  const { port } = await server.start()
  try {
    const url = `http://127.0.0.1:${String(port)}`
    const store = getStore({
      name: STORE,
      siteID: SITE_ID,
      token: TOKEN,
      edgeURL: url,
      uncachedEdgeURL: url,
      consistency: 'strong',
    })
    const shards = new Map<number, StoredRecord[]>()
    for (const record of records) {
      const index = Math.floor(record.id / SHARD_SIZE)
      shards.set(index, [...(shards.get(index) ?? []), record])
    }
    for (const [index, shardRecords] of shards) {
      await store.setJSON(`records/${String(index).padStart(6, '0')}`, { records: shardRecords })
    }
    await store.setJSON(COUNTER_KEY, { next: count + 1 })
  } finally {
    await server.stop()
  }

  const listed = await listedCount(dev)
  if (listed !== count) throw new Error(`seeded ${String(count)} records but the API lists ${String(listed)}`)
  return records.map((record) => record.id)
}
