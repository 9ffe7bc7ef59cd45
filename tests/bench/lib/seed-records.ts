/**
 * Seeded records for the server benchmarks, the same on every run, and the two ways of storing them
 * that the list benchmark compares: the app's shard documents, and one blob per record.
 */
import { createHash, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { Store } from '@netlify/blobs'

import type { MediaRecord } from '../../../src/contract/record.ts'
import type { DocumentStore } from '../../../netlify/server/storage/document-store.ts'
import type { Server } from './in-process.ts'
import type { LocalBlobs } from './local-blobs.ts'
import { mapLimited } from '../../support/map-limited.ts'

/**
 * Records point at an external media host without server-side credentials, so deleting one releases
 * no stored file: the benchmarks measure the records' own storage.
 */
export const BENCH_MEDIA_HOST = 'https://res.cloudinary.com/media-bench/image/upload'

const WORDS = [
  'beach',
  'sunset',
  'launch',
  'banner',
  'report',
  'interview',
  'studio',
  'podcast',
  'festival',
  'archive',
  'campaign',
  'portrait',
  'landscape',
  'budget',
  'meeting',
  'promo',
  'teaser',
  'concert',
  'workshop',
  'harbor',
]
const AUTHORS = ['Dana', 'Lee', 'Sam Rivera', 'Alex Kim', 'Jordan', 'Priya', 'Mateo', 'Unknown']
const TYPES = [
  { ext: 'jpg', mime: 'image/jpeg', category: 'Images', resource: 'image' },
  { ext: 'png', mime: 'image/png', category: 'Images', resource: 'image' },
  { ext: 'mp4', mime: 'video/mp4', category: 'Video', resource: 'video' },
  { ext: 'mp3', mime: 'audio/mpeg', category: 'Audio', resource: 'video' },
  { ext: 'pdf', mime: 'application/pdf', category: 'Documents', resource: 'image' },
  { ext: 'zip', mime: 'application/zip', category: 'Files', resource: 'raw' },
] as const
const FOLDERS = ['/', '/Campaigns', '/Campaigns/2025', '/Campaigns/2026', '/Events', '/Press']

/** mulberry32: a small deterministic generator, so every run stores the same library. */
export function seededRandom(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * `count` records with ids from `firstId`, shaped like a real library: mixed types, tags, authors,
 * folders, three years of dates, and a SHA-256 on each (the screen hashes every file it uploads), which
 * is what keeps a listing from compressing to nothing.
 */
export function benchRecords(count: number, firstId = 1, seed = 20_261_121): MediaRecord[] {
  return [...benchRecordStream(count, firstId, seed)]
}

/** The records of `benchRecords`, the same ones, made one at a time: a million need not be held at once. */
export function* benchRecordStream(count: number, firstId = 1, seed = 20_261_121): Generator<MediaRecord> {
  const next = seededRandom(seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
  const start = Date.parse('2024-01-01T00:00:00Z')
  const span = Date.parse('2026-11-01T00:00:00Z') - start
  for (let index = 0; index < count; index++) {
    const id = firstId + index
    const type = pick(TYPES)
    const slug = `${pick(WORDS)}-${pick(WORDS)}-${String(id)}`
    const created = new Date(start + Math.floor(next() * span)).toISOString()
    const tags = Array.from({ length: Math.floor(next() * 4) }, () => pick(WORDS))
    const record: MediaRecord = {
      id: id as MediaRecord['id'],
      title: `${pick(WORDS)} ${pick(WORDS)} ${String(Math.floor(next() * 1000))}`,
      description: next() < 0.3 ? '' : `${pick(WORDS)} ${pick(WORDS)} for the ${pick(WORDS)} team`,
      category: type.category,
      file_type: type.mime,
      media_url: `${BENCH_MEDIA_HOST}/v1/HIBF_assets/${slug}.${type.ext}`,
      thumbnail: null,
      file_size: Math.floor(next() * 50_000_000),
      created_at: created,
      updated_at: created,
      tags: [...new Set(tags)],
      notes: '',
      alt_text: '',
      station: next() < 0.3 ? 'KXYZ' : '',
      author: pick(AUTHORS),
      folder_path: pick(FOLDERS),
      public_id: `HIBF_assets/${slug}`,
      resource_type: type.resource,
      format: type.ext,
      width: type.resource === 'image' ? 1920 : null,
      height: type.resource === 'image' ? 1080 : null,
      duration: type.category === 'Video' || type.category === 'Audio' ? Math.floor(next() * 600) : null,
      sha256: Array.from({ length: 8 }, () =>
        Math.floor(next() * 2 ** 32)
          .toString(16)
          .padStart(8, '0'),
      ).join(''),
    }
    yield record
  }
}

/**
 * Stores `records` as the app does: shard documents `{ records }` under the app's own shard keys,
 * written through the app's Blobs adapter, each checked against the app's shard schema first, and the
 * id counter (`counters/records`) moved past the highest id, since the server reads an id at or past
 * the counter as never created. Replaces whatever those shards held. Returns the number of shards.
 */
export async function seedShards(
  server: Server,
  documents: DocumentStore,
  records: readonly MediaRecord[],
): Promise<number> {
  const byShard = new Map<number, MediaRecord[]>()
  for (const record of records) {
    const index = server.shardIndexOf(record.id)
    const shard = byShard.get(index)
    if (shard === undefined) byShard.set(index, [record])
    else shard.push(record)
  }
  await mapLimited([...byShard], 8, async ([index, shardRecords]) => {
    const key = server.shardKey(index)
    const shard = server.parseShard(key, { records: shardRecords })
    const current = await documents.read(key)
    const condition = current === null ? { ifNew: true as const } : { ifMatch: current.etag }
    if ((await documents.write(key, shard, condition)) === null) throw new Error(`could not seed ${key}`)
  })
  await moveCounterPast(documents, Math.max(0, ...records.map((record) => record.id)))
  return byShard.size
}

/** The id counter at `highest + 1` at least, as after the creates that would have made those records. */
async function moveCounterPast(documents: DocumentStore, highest: number): Promise<void> {
  const key = 'counters/records'
  const current = await documents.read(key)
  const next = (current?.value as { next?: number } | undefined)?.next ?? 1
  if (next > highest) return
  const condition = current === null ? { ifNew: true as const } : { ifMatch: current.etag }
  if ((await documents.write(key, { next: highest + 1 }, condition)) === null) {
    throw new Error(`could not move ${key} past ${String(highest)}`)
  }
}

/**
 * The baseline layout: one blob per record, `records/{id}`, in the store `name` of `blobs`. A probe blob
 * written through the client shows where the server keeps that store on disk; the records are then
 * written there as files, as the server itself would write them (100,000 PUTs would take minutes on this
 * machine, and the figures are about reading). The baseline's `list()` count checks the result.
 */
export async function seedOneBlobPerRecord(
  blobs: LocalBlobs,
  name: string,
  records: readonly MediaRecord[],
): Promise<Store> {
  const store = blobs.store(name)
  const probe = `seed-probe-${randomUUID()}`
  await store.set(probe, '')
  const directory = await findStoreDirectory(join(blobs.directory, 'entries'), probe)
  await store.delete(probe)
  await mkdir(join(directory, 'records'), { recursive: true })
  await mapLimited(records, 64, async (record) => {
    await writeFile(join(directory, 'records', String(record.id)), JSON.stringify(record))
  })
  return store
}

/** The `entries/{site}/{store}` directory holding `key`. */
async function findStoreDirectory(entries: string, key: string): Promise<string> {
  for (const site of await readdir(entries)) {
    for (const storeDirectory of await readdir(join(entries, site))) {
      const candidate = join(entries, site, storeDirectory)
      if (existsSync(join(candidate, key))) return candidate
    }
  }
  throw new Error(`no store directory under ${entries} holds ${key}`)
}

/**
 * The baseline listing: `list()` every record key, then `get` each, 32 at a time, in id order. With
 * `limit`, only the first `limit` records (a first page).
 */
export async function listOneBlobPerRecord(store: Store, limit = Infinity): Promise<MediaRecord[]> {
  const { blobs } = await store.list({ prefix: 'records/' })
  const keys = blobs
    .map(({ key }) => key)
    .sort((a, b) => Number(a.slice('records/'.length)) - Number(b.slice('records/'.length)))
    .slice(0, limit)
  return mapLimited(keys, 32, async (key) => (await store.get(key, { type: 'json' })) as MediaRecord)
}

/**
 * `benchRecords(count)` as the app's shard blobs, written as files straight into a Blobs server's store
 * directory (`entries/{site}/{store}`, served by the local server or netlify dev's): the body the app's
 * Blobs adapter writes (`setJSON` of `{ records }`, no metadata) under the app's shard keys. The first
 * shard is checked against the app's shard schema; the rest come from the same generator. The shard
 * files are made once per size and kept under the system's temporary folder (named by this file's own
 * digest, so a change to the records makes new ones), then hard-linked into `storeDirectory`: a
 * million records (2,000 shards, about 0.7 GB) take a minute or two to make and an instant to reuse.
 * A benchmark that writes replaces a file rather than changing it in place, so the kept copy stays as
 * made. Returns the number of shards.
 */
export async function seedShardFiles(server: Server, storeDirectory: string, count: number): Promise<number> {
  const kept = await keptShardFiles(server, count)
  const names = (await readdir(kept)).filter((name) => !name.startsWith('.'))
  const target = join(storeDirectory, server.shardKey(0).split('/')[0] ?? 'records')
  await mkdir(target, { recursive: true })
  await mapLimited(names, 32, async (name) => {
    await rm(join(target, name), { force: true })
    await link(join(kept, name), join(target, name))
  })
  return names.length
}

async function keptShardFiles(server: Server, count: number): Promise<string> {
  const digest = createHash('sha256')
    .update(await readFile(import.meta.filename))
    .digest('hex')
    .slice(0, 12)
  const root = join(tmpdir(), 'media-bench-shards')
  const kept = join(root, `${String(count)}-${digest}`)
  if (existsSync(join(kept, '.complete'))) return kept
  const making = join(root, `${String(count)}-${digest}-${randomUUID()}`)
  await mkdir(making, { recursive: true })
  try {
    let shard: MediaRecord[] = []
    let index = -1
    const flush = async () => {
      if (shard.length === 0) return
      const key = server.shardKey(index)
      if (index === server.shardIndexOf(1)) server.parseShard(key, { records: shard })
      await writeFile(join(making, key.split('/').at(-1) ?? key), JSON.stringify({ records: shard }))
      shard = []
    }
    for (const record of benchRecordStream(count)) {
      const at = server.shardIndexOf(record.id)
      if (at !== index) {
        await flush()
        index = at
      }
      shard.push(record)
    }
    await flush()
    await writeFile(join(making, '.complete'), '')
    await rm(kept, { recursive: true, force: true })
    await rename(making, kept)
  } catch (error) {
    await rm(making, { recursive: true, force: true })
    throw error
  }
  return kept
}
