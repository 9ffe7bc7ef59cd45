import { beforeEach, describe, expect, it } from 'vitest'

import { ConflictError } from '../../../../netlify/server/errors'
import { FOLDERS_KEY } from '../../../../netlify/server/folders/folder-document'
import { createFolder, updateFolder } from '../../../../netlify/server/folders/folder-service'
import {
  batchUpdate,
  createRecord,
  listMedia,
  moveToFolder,
  updateRecord,
} from '../../../../netlify/server/records/media-service'
import { allocateFileIdFrom } from '../../../../netlify/server/records/id-counter'
import { idempotencyClaim } from '../../../../netlify/server/records/idempotency'
import { shardBytes } from '../../../../netlify/server/records/record-bytes'
import { listShardRange, readAllRecords } from '../../../../netlify/server/records/record-pages'
import { operateOnRecords, shardKey } from '../../../../netlify/server/records/record-shards'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { LIMITS } from '../../../../src/contract/limits'
import { recordCreateSchema, type MediaRecord } from '../../../../src/contract/record'
import { listedRecord } from '../../../support/listed-record'

/** The byte budgets of decision 0031 at the service layer, over the in-memory store. */
let store: MemoryDocumentStore

beforeEach(() => {
  store = new MemoryDocumentStore()
})

/** A record of about `kb` KB: its description and notes are control characters, 6 JSON bytes each. */
function bulky(id: number, kb: number, fields: Partial<MediaRecord> = {}): MediaRecord {
  const chars = Math.floor((kb * 1000) / 6)
  return listedRecord(id, {
    description: '\u0001'.repeat(Math.min(LIMITS.descriptionChars, chars)),
    media_url: `https://cdn.example.test/${String(id)}.png`,
    file_size: 1,
    notes: '\u0001'.repeat(Math.max(0, Math.min(LIMITS.notesChars, chars - LIMITS.descriptionChars))),
    author: '',
    ...fields,
  })
}

/**
 * Stores records as they are, past any budget (the state an older version could have left), and moves
 * the id counter past them.
 */
async function seed(records: readonly MediaRecord[]): Promise<void> {
  const byId = new Map(records.map((record) => [record.id as number, record]))
  // Ids past the counter were never given out, and no write reaches them: the counter goes first.
  await allocateFileIdFrom(store, Math.max(...byId.keys()) + 1)
  await operateOnRecords(store, [...byId.keys()], (_current, id) => ({ record: byId.get(id), result: null }))
}

/**
 * Ids 1, 2, ... of about 50 KB each (room for 10 KB more each), and a last one sized to leave shard 0
 * `room` bytes short of its budget, trash marks counted.
 */
function nearlyFull(room = 5_000): MediaRecord[] {
  const records: MediaRecord[] = []
  const taken = (list: MediaRecord[]) => shardBytes(list) + 41 * list.length
  while (taken([...records, bulky(records.length + 1, 50)]) < LIMITS.shardBytes - 100_000) {
    records.push(bulky(records.length + 1, 50))
  }
  const id = records.length + 1
  const empty = taken([...records, bulky(id, 0)])
  const chars = Math.floor((LIMITS.shardBytes - room - empty) / 6)
  const description = '\u0001'.repeat(Math.min(LIMITS.descriptionChars, chars))
  const notes = '\u0001'.repeat(chars - description.length)
  return [...records, bulky(id, 0, { description, notes })]
}

const storedShardBytes = async (index: number) => {
  const stored = await store.read(shardKey(index))
  return Buffer.byteLength(JSON.stringify(stored?.value))
}

const body = (fields: Record<string, unknown> = {}) =>
  recordCreateSchema.parse({ title: 'New', media_url: 'https://cdn.example.test/new.png', ...fields })

describe('the shard budget', () => {
  it('sends a create whose shard is full to the first id of the next shard', async () => {
    await seed(nearlyFull())
    const before = await storedShardBytes(0)
    const big = '\u0001'.repeat(LIMITS.descriptionChars)
    const created = await createRecord(store, body({ description: big, notes: big }))
    expect(created.id).toBe(500)
    expect(await storedShardBytes(0)).toBe(before)
    // The counter moved on: the next create follows it.
    expect((await createRecord(store, body())).id).toBe(501)
  })

  it('keeps an idempotent create to one record when its shard is full', async () => {
    await seed(nearlyFull())
    const big = '\u0001'.repeat(LIMITS.descriptionChars)
    const input = body({ notes: big, description: big })
    const first = await createRecord(store, input, new Date(), undefined, idempotencyClaim('k1', input))
    const again = await createRecord(store, input, new Date(), undefined, idempotencyClaim('k1', input))
    expect(again.id).toBe(first.id)
    expect((await readAllRecords(store)).filter((record) => record.id >= 500)).toHaveLength(1)
  })

  it('refuses an edit that would grow a full shard with a 409 naming the cause, and keeps the record', async () => {
    await seed(nearlyFull())
    const before = await storedShardBytes(0)
    const grow = { description: '\u0001'.repeat(LIMITS.descriptionChars) }
    const refusal = updateRecord(store, 1, { notes: '\u0001'.repeat(LIMITS.notesChars), ...grow })
    await expect(refusal).rejects.toBeInstanceOf(ConflictError)
    await expect(refusal).rejects.toThrow(/stored with files 0-499, which together may take at most 4 MB/)
    expect(await storedShardBytes(0)).toBe(before)
    // An edit that does not grow the record still goes through.
    await expect(updateRecord(store, 1, { title: 'Shorter' })).resolves.toMatchObject({ title: 'Shorter' })
  })

  it('fails only the items of a batch update that would not fit', async () => {
    await seed(nearlyFull(25_000))
    const notes = '\u0001'.repeat(LIMITS.notesChars)
    const answer = await batchUpdate(
      store,
      [1, 2, 3, 4].map((id) => ({ id, patch: { notes } })),
    )
    expect(answer.results.map((result) => result.success)).toEqual([true, true, false, false])
    expect(answer.results[2]?.error).toMatch(/may take at most 4 MB/)
    expect(await storedShardBytes(0)).toBeLessThanOrEqual(LIMITS.shardBytes)
  })

  it('fails a move into a long folder path for the files that would not fit', async () => {
    await seed(nearlyFull())
    const folder = await createFolder(store, { name: '"'.repeat(LIMITS.folderNameChars), parent_path: '/' })
    const deep = await createFolder(store, {
      name: '"'.repeat(LIMITS.folderNameChars),
      parent_path: folder.path,
    })
    const answer = await moveToFolder(
      store,
      Array.from({ length: 40 }, (_, i) => i + 1),
      deep.id,
    )
    expect(answer.failed).toBeGreaterThan(0)
    expect(answer.results.find((result) => !result.success)?.error).toMatch(/may take at most 4 MB/)
    expect(await storedShardBytes(0)).toBeLessThanOrEqual(LIMITS.shardBytes)
  })

  it('refuses a folder rename that would lengthen the paths of files in a full shard', async () => {
    const folder = await createFolder(store, { name: 'a', parent_path: '/' })
    await seed(nearlyFull().map((record) => ({ ...record, folder_path: folder.path })))
    const rename = updateFolder(store, folder.id, { name: '"'.repeat(LIMITS.folderNameChars) })
    await expect(rename).rejects.toThrow(/lengthen the folder path of files 0-499/)
    await expect(updateFolder(store, folder.id, { name: 'b' })).resolves.toMatchObject({ ok: true })
  })

  it('keeps room for every record’s trash mark', async () => {
    await seed(nearlyFull())
    const records = (await readAllRecords(store)).sort((a, b) => a.id - b.id)
    expect(shardBytes(records)).toBeLessThan(LIMITS.shardBytes)
  })
})

describe('the answer budgets', () => {
  it('ends a /api/media answer early with its cursor at 60 records of 132 KB, and pages on', async () => {
    await seed(Array.from({ length: 60 }, (_, i) => bulky(i + 1, 132)))
    const ids: number[] = []
    let after = 0
    for (;;) {
      const listing = await listMedia(store, { after, limit: LIMITS.pageMax, ifNoneMatch: null })
      if (listing.notModified) throw new Error('304 without If-None-Match')
      expect(Buffer.byteLength(JSON.stringify(listing.page))).toBeLessThanOrEqual(LIMITS.bufferedAnswerBytes)
      ids.push(...listing.page.records.map((record) => record.id as number))
      if (listing.page.next === null) break
      after = Number(listing.page.next)
    }
    expect(ids).toEqual(Array.from({ length: 60 }, (_, i) => i + 1))
  })

  it('always answers at least one shard of a range, however small the budget', async () => {
    await seed([...nearlyFull().slice(0, 5), bulky(600, 60), bulky(1100, 60)])
    const listing = await listShardRange(store, { from: 0, to: 3, ifNoneMatch: null }, 1_000)
    if (listing.notModified) throw new Error('304 without If-None-Match')
    expect(listing.answer.shards).toEqual({ from: 0, to: 0 })
    expect(listing.answer.next_shards).toBe('1-3')
    expect(listing.answer.count).toBe(5)
  })
})

describe('the folder budget', () => {
  it('refuses a folder that would grow the folders past their budget, with a 409', async () => {
    // Folders of long names under one parent with a long name, as many as leave the folders just under
    // their budget (about 4,800 of them, under the 5,000 folders allowed).
    const parent = { id: 1, name: '"'.repeat(LIMITS.folderNameChars), parent_path: '/' }
    const parentPath = `/${parent.name}`
    const folders = [{ ...parent, path: parentPath }]
    let bytes = '{"next_id":100000,"folders":[]}'.length + Buffer.byteLength(JSON.stringify(folders[0]))
    for (let i = 2; ; i++) {
      const name = `${String(i)}${'"'.repeat(LIMITS.folderNameChars - 5)}`
      const folder = { id: i, name, path: `${parentPath}/${name}`, parent_path: parentPath }
      const size = Buffer.byteLength(JSON.stringify(folder)) + 1
      if (bytes + size > LIMITS.foldersBytes - 800) break
      folders.push(folder)
      bytes += size
    }
    // A last folder whose name leaves about 100 bytes: too few for another long name, enough for "x".
    const id = folders.length + 1
    const filler = (k: number) => ({
      id,
      name: `f${'"'.repeat(k)}`,
      path: `/f${'"'.repeat(k)}`,
      parent_path: '/',
    })
    let k = 0
    while (
      k < LIMITS.folderNameChars - 2 &&
      bytes + Buffer.byteLength(JSON.stringify(filler(k + 1))) + 1 < LIMITS.foldersBytes - 100
    )
      k++
    folders.push(filler(k))
    await store.write(FOLDERS_KEY, { next_id: id + 1, folders }, { ifNew: true })
    const refusal = createFolder(store, { name: '"'.repeat(LIMITS.folderNameChars), parent_path: parentPath })
    await expect(refusal).rejects.toBeInstanceOf(ConflictError)
    await expect(refusal).rejects.toThrow(/more than the 4 MB they may hold together/)
    await expect(createFolder(store, { name: 'x', parent_path: '/' })).resolves.toMatchObject({ path: '/x' })
  })
})
