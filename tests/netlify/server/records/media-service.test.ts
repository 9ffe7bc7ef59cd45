import { describe, expect, it } from 'vitest'

import { NotFoundError } from '../../../../netlify/server/errors'
import { createFolder } from '../../../../netlify/server/folders/folder-service'
import { allocateFileIds } from '../../../../netlify/server/records/id-counter'
import {
  batchDelete,
  batchUpdate,
  createRecord,
  deleteRecord,
  listMedia,
  moveToFolder,
  updateRecord,
} from '../../../../netlify/server/records/media-service'
import { operateOnRecords, SHARD_PREFIX } from '../../../../netlify/server/records/record-shards'
import { SHARD_IDS } from '../../../../src/contract/media-pages'
import type { DocumentStore } from '../../../../netlify/server/storage/document-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import {
  canonicaliseFields,
  recordCreateSchema,
  recordPatchSchema,
  type MediaRecord,
  type RecordCreate,
  type RecordPatch,
} from '../../../../src/contract/record'
import {
  freshStoreForEachTest,
  pauseForDistinctEtags,
  STORE_KINDS,
  type StoreKind,
} from '../../../support/stores'

/** An upload body as the upload function sees it: canonicalised, then validated. */
function upload(raw: Record<string, unknown>): RecordCreate {
  return recordCreateSchema.parse(canonicaliseFields(raw))
}

/** Update fields as the update functions see them. */
function patch(raw: Record<string, unknown>): RecordPatch {
  return recordPatchSchema.parse(canonicaliseFields(raw))
}

async function createMany(store: DocumentStore, count: number): Promise<MediaRecord[]> {
  const records: MediaRecord[] = []
  for (let i = 1; i <= count; i++) {
    records.push(
      await createRecord(store, upload({ title: `File ${String(i)}`, url: `/files/f${String(i)}.png` })),
    )
  }
  return records
}

/** Every listed record, following `next` from page to page. */
async function listAll(store: DocumentStore, limit = 1_000): Promise<MediaRecord[]> {
  const records: MediaRecord[] = []
  let after = 0
  for (;;) {
    const listing = await listMedia(store, { after, limit, ifNoneMatch: null })
    if (listing.notModified) throw new Error('a listing without If-None-Match cannot be "not modified"')
    records.push(...listing.page.records)
    if (listing.page.next === null) return records
    after = Number(listing.page.next)
  }
}

async function page(store: DocumentStore, after: number, limit: number) {
  const listing = await listMedia(store, { after, limit, ifNoneMatch: null })
  if (listing.notModified) throw new Error('a listing without If-None-Match cannot be "not modified"')
  return { etag: listing.etag, ids: listing.page.records.map(({ id }) => id), next: listing.page.next }
}

async function recordById(store: DocumentStore, id: number): Promise<MediaRecord | undefined> {
  return (await listAll(store)).find((record) => record.id === id)
}

const NOW = new Date('2025-03-04T05:06:07.000Z')
const LATER = new Date('2025-06-07T08:09:10.000Z')

describe.each(STORE_KINDS)('media service (%s)', (kind: StoreKind) => {
  const store = freshStoreForEachTest(kind)

  describe('createRecord', () => {
    it('fills in the defaults of spec section 3', async () => {
      const record = await createRecord(store(), upload({ url: 'https://cdn.example.com/a/photo.JPG' }), NOW)
      expect(record).toEqual({
        id: 1,
        title: 'Untitled',
        description: '',
        category: 'Images',
        file_type: 'image/jpeg',
        media_url: 'https://cdn.example.com/a/photo.JPG',
        thumbnail: null,
        file_size: 0,
        created_at: NOW.toISOString(),
        updated_at: NOW.toISOString(),
        tags: [],
        notes: '',
        alt_text: '',
        station: '',
        author: 'Unknown',
        folder_path: '/',
        public_id: null,
        resource_type: null,
        format: null,
        width: null,
        height: null,
        duration: null,
        sha256: null,
      })
      expect(await listAll(store())).toEqual([record])
    })

    it.each([
      ['https://cdn.example.com/clip.mp4?v=2#t=10', 'video/mp4', 'Video'],
      ['/api/files/abc/song.mp3', 'audio/mpeg', 'Audio'],
      ['/api/files/abc/report.pdf', 'application/pdf', 'Documents'],
      [
        '/api/files/abc/sheet.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Documents',
      ],
      ['/api/files/abc/notes.txt', 'text/plain', 'Documents'],
      ['/api/files/abc/bundle.zip', 'application/zip', 'Files'],
      ['/api/files/abc/no-extension', 'application/octet-stream', 'Files'],
    ])('derives file_type and category from the URL %s', async (url, fileType, category) => {
      const record = await createRecord(store(), upload({ url }), NOW)
      expect(record.file_type).toBe(fileType)
      expect(record.category).toBe(category)
    })

    it('keeps what the upload gives, under canonical or alternate names', async () => {
      const record = await createRecord(
        store(),
        upload({
          Title: '  Harbour at dawn  ',
          Description: 'Long exposure',
          Category: 'Landscapes',
          URL: '/api/files/xyz/harbour.webp',
          file_type: 'image/webp',
          'File Size': '2048',
          'Upload Date': '2024-02-03T04:05:06Z',
          created_at: '1999-01-01T00:00:00Z',
          Notes: 'Tripod',
          Station: 'North',
          submitted_by: 'Ana',
          tags: 'sea, dawn ,, sea,boats',
          thumbnail: '/api/files/xyz/thumb.jpg',
          width: 4000,
          height: 3000,
        }),
        NOW,
      )
      expect(record).toMatchObject({
        title: 'Harbour at dawn',
        description: 'Long exposure',
        category: 'Landscapes',
        media_url: '/api/files/xyz/harbour.webp',
        file_type: 'image/webp',
        file_size: 2048,
        created_at: '2024-02-03T04:05:06.000Z',
        updated_at: NOW.toISOString(),
        notes: 'Tripod',
        station: 'North',
        author: 'Ana',
        tags: ['sea', 'dawn', 'boats'],
        thumbnail: '/api/files/xyz/thumb.jpg',
        width: 4000,
        height: 3000,
      })
    })

    it('uses the current time when no date is given', async () => {
      const before = Date.now()
      const record = await createRecord(store(), upload({ url: '/a.png' }))
      const createdAt = Date.parse(record.created_at)
      expect(createdAt).toBeGreaterThanOrEqual(before)
      expect(createdAt).toBeLessThanOrEqual(Date.now())
    })

    it('gives ids 1, 2, 3 in order', async () => {
      const records = await createMany(store(), 3)
      expect(records.map(({ id }) => id)).toEqual([1, 2, 3])
      expect((await listAll(store())).map(({ id }) => id)).toEqual([1, 2, 3])
    })

    it('stores a record in an existing folder', async () => {
      await createFolder(store(), { name: 'Photos', parent_path: '/' })
      const record = await createRecord(store(), upload({ url: '/a.png', folder_path: 'Photos/' }))
      expect(record.folder_path).toBe('/Photos')
      expect((await recordById(store(), record.id))?.folder_path).toBe('/Photos')
    })

    it('refuses a folder_path that names no folder, and stores nothing', async () => {
      const refused = createRecord(store(), upload({ url: '/a.png', folder_path: '/Missing' }))
      await expect(refused).rejects.toBeInstanceOf(NotFoundError)
      await expect(refused).rejects.toThrow('Folder /Missing not found')
      expect(await listAll(store())).toEqual([])
      // No id was spent on the refused upload.
      expect((await createRecord(store(), upload({ url: '/b.png' }))).id).toBe(1)
    })
  })

  describe('listMedia', () => {
    it('lists an empty library as one empty last page', async () => {
      expect(await page(store(), 0, 10)).toMatchObject({ ids: [], next: null })
    })

    it('pages with limit and after, and `next` points at the following page', async () => {
      await createMany(store(), 5)
      expect(await page(store(), 0, 2)).toMatchObject({ ids: [1, 2], next: '2' })
      expect(await page(store(), 2, 2)).toMatchObject({ ids: [3, 4], next: '4' })
      expect(await page(store(), 4, 2)).toMatchObject({ ids: [5], next: null })
      expect(await page(store(), 5, 2)).toMatchObject({ ids: [], next: null })
    })

    it('gives the last page no `next` when it is exactly full', async () => {
      await createMany(store(), 4)
      expect(await page(store(), 2, 2)).toMatchObject({ ids: [3, 4], next: null })
      expect((await listAll(store(), 2)).map(({ id }) => id)).toEqual([1, 2, 3, 4])
    })

    it('keeps a page ETag while nothing changes and changes it after any write', async () => {
      await createMany(store(), 3)
      const first = await page(store(), 0, 10)
      expect(first.etag).toMatch(/^"[\w-]+"$/)
      expect((await page(store(), 0, 10)).etag).toBe(first.etag)
      // The validator also tells pages apart.
      expect((await page(store(), 1, 10)).etag).not.toBe(first.etag)
      expect((await page(store(), 0, 2)).etag).not.toBe(first.etag)

      await pauseForDistinctEtags()
      await updateRecord(store(), 2, patch({ title: 'Renamed' }))
      const afterUpdate = await page(store(), 0, 10)
      expect(afterUpdate.etag).not.toBe(first.etag)

      await pauseForDistinctEtags()
      await deleteRecord(store(), 3)
      expect((await page(store(), 0, 10)).etag).not.toBe(afterUpdate.etag)
    })

    it('answers notModified when If-None-Match holds the current ETag, and a page otherwise', async () => {
      await createMany(store(), 2)
      const { etag } = await page(store(), 0, 10)

      expect(await listMedia(store(), { after: 0, limit: 10, ifNoneMatch: etag })).toEqual({
        etag,
        notModified: true,
      })
      const weak = await listMedia(store(), { after: 0, limit: 10, ifNoneMatch: `"other", W/${etag}` })
      expect(weak.notModified).toBe(true)

      const stale = await listMedia(store(), { after: 0, limit: 10, ifNoneMatch: '"stale"' })
      expect(stale.notModified).toBe(false)
      if (!stale.notModified) expect(stale.page.records.map(({ id }) => id)).toEqual([1, 2])

      await pauseForDistinctEtags()
      await createRecord(store(), upload({ url: '/c.png' }))
      const changed = await listMedia(store(), { after: 0, limit: 10, ifNoneMatch: etag })
      expect(changed.notModified).toBe(false)
      expect(changed.etag).not.toBe(etag)
      if (!changed.notModified) expect(changed.page.records.map(({ id }) => id)).toEqual([1, 2, 3])
    })

    it('never lists a record without a media URL', async () => {
      await createMany(store(), 3)
      await operateOnRecords(store(), [2], (current) => ({
        record: current ? { ...current, media_url: ' ' } : undefined,
        result: undefined,
      }))
      expect((await listAll(store())).map(({ id }) => id)).toEqual([1, 3])
    })

    it('lists and pages records held in more than one shard', async () => {
      // Spend ids so that the next ones straddle the boundary between shard 0 and shard 1.
      await allocateFileIds(store(), SHARD_IDS - 3)
      const straddling = await createMany(store(), 4)
      expect(straddling.map(({ id }) => id)).toEqual([SHARD_IDS - 2, SHARD_IDS - 1, SHARD_IDS, SHARD_IDS + 1])
      // And a record two shards further on, leaving shard 2 absent.
      await allocateFileIds(store(), 2 * SHARD_IDS)
      const far = await createRecord(store(), upload({ url: '/far.png' }))
      expect(far.id).toBe(3 * SHARD_IDS + 2)

      expect((await store().list(SHARD_PREFIX)).map(({ key }) => key)).toEqual([
        'records/000000',
        'records/000001',
        'records/000003',
      ])
      const all = [...straddling.map(({ id }) => id), far.id]
      expect((await listAll(store())).map(({ id }) => id)).toEqual(all)
      expect((await listAll(store(), 2)).map(({ id }) => id)).toEqual(all)

      // A page that starts in one shard and ends in the next.
      expect(await page(store(), SHARD_IDS - 2, 2)).toMatchObject({
        ids: [SHARD_IDS - 1, SHARD_IDS],
        next: String(SHARD_IDS),
      })
      // A page that starts past the shards' records jumps to the next shard holding any.
      expect(await page(store(), SHARD_IDS + 1, 5)).toMatchObject({ ids: [far.id], next: null })

      const before = await page(store(), 0, 10)
      await pauseForDistinctEtags()
      await updateRecord(store(), far.id, patch({ notes: 'changed' }))
      expect((await page(store(), 0, 10)).etag).not.toBe(before.etag)
      expect((await recordById(store(), far.id))?.notes).toBe('changed')
    })
  })

  describe('updateRecord', () => {
    it('changes only the fields given, and stamps updated_at', async () => {
      const [original] = await createMany(store(), 2)
      if (!original) throw new Error('nothing created')
      const updated = await updateRecord(
        store(),
        1,
        patch({ Description: 'New description', notes: 'n', station: 's', author: 'Bo', category: 'Docs' }),
        LATER,
      )
      expect(updated).toEqual({
        ...original,
        description: 'New description',
        notes: 'n',
        station: 's',
        author: 'Bo',
        category: 'Docs',
        updated_at: LATER.toISOString(),
      })
      expect(await recordById(store(), 1)).toEqual(updated)
      expect((await recordById(store(), 2))?.title).toBe('File 2')
    })

    it('turns a blank title, category or author back into its default', async () => {
      await createRecord(store(), upload({ url: '/a.pdf', title: 'T', category: 'C', author: 'A' }))
      const updated = await updateRecord(store(), 1, patch({ title: '   ', category: '', author: null }))
      expect(updated).toMatchObject({ title: 'Untitled', category: 'Files', author: 'Unknown' })
    })

    it('replaces tags from a comma-separated string', async () => {
      await createRecord(store(), upload({ url: '/a.png', tags: 'old' }))
      expect((await updateRecord(store(), 1, patch({ tags: ' b , a,b,, c ' }))).tags).toEqual(['b', 'a', 'c'])
      expect((await updateRecord(store(), 1, patch({ tags: '' }))).tags).toEqual([])
    })

    it('adds and removes tags without replacing the others', async () => {
      await createRecord(store(), upload({ url: '/a.png', tags: 'one, Two, three' }))
      expect((await updateRecord(store(), 1, patch({ add_tags: 'four, one' }))).tags).toEqual([
        'one',
        'Two',
        'three',
        'four',
      ])
      // Removal ignores case.
      expect((await updateRecord(store(), 1, patch({ remove_tags: ['two', 'missing'] }))).tags).toEqual([
        'one',
        'three',
        'four',
      ])
      expect(
        (await updateRecord(store(), 1, patch({ tags: 'x, y', add_tags: 'z', remove_tags: 'x' }))).tags,
      ).toEqual(['y', 'z'])
    })

    it('reports an unknown id as NotFoundError "File {id} not found"', async () => {
      await createMany(store(), 2)
      for (const id of [3, 99_999]) {
        const missing = updateRecord(store(), id, patch({ title: 'x' }))
        await expect(missing).rejects.toBeInstanceOf(NotFoundError)
        await expect(missing).rejects.toThrow(`File ${String(id)} not found`)
      }
      expect((await listAll(store())).map(({ title }) => title)).toEqual(['File 1', 'File 2'])
    })
  })

  describe('deleteRecord', () => {
    it('deletes one record, and a second delete is NotFoundError', async () => {
      await createMany(store(), 3)
      await deleteRecord(store(), 2)
      expect((await listAll(store())).map(({ id }) => id)).toEqual([1, 3])

      const again = deleteRecord(store(), 2)
      await expect(again).rejects.toBeInstanceOf(NotFoundError)
      await expect(again).rejects.toThrow('File 2 not found')
      await expect(deleteRecord(store(), 4_321)).rejects.toThrow('File 4321 not found')
    })

    it('never gives a deleted record id to a new record', async () => {
      await createMany(store(), 2)
      await deleteRecord(store(), 2)
      expect((await createRecord(store(), upload({ url: '/new.png' }))).id).toBe(3)
    })
  })

  describe('batchUpdate', () => {
    it('reports a result per item, with counts and "File {id} not found"', async () => {
      await createMany(store(), 3)
      const response = await batchUpdate(
        store(),
        [
          { id: 1, patch: patch({ title: 'First' }) },
          { id: 99, patch: patch({ title: 'Nobody' }) },
          { id: 3, patch: patch({ add_tags: 'bulk' }) },
        ],
        LATER,
      )
      expect(response.succeeded).toBe(2)
      expect(response.failed).toBe(1)
      expect(response.results.map(({ id, success, error }) => ({ id, success, error }))).toEqual([
        { id: 1, success: true, error: undefined },
        { id: 99, success: false, error: 'File 99 not found' },
        { id: 3, success: true, error: undefined },
      ])
      expect(response.results[0]?.record).toMatchObject({
        id: 1,
        title: 'First',
        updated_at: LATER.toISOString(),
      })
      expect(response.results[1]?.record).toBeUndefined()
      expect(response.results[2]?.record?.tags).toEqual(['bulk'])

      const listed = await listAll(store())
      expect(listed.map(({ title, tags }) => ({ title, tags }))).toEqual([
        { title: 'First', tags: [] },
        { title: 'File 2', tags: [] },
        { title: 'File 3', tags: ['bulk'] },
      ])
    })

    it('applies every update of an id repeated in one batch, in order', async () => {
      await createMany(store(), 1)
      const response = await batchUpdate(store(), [
        { id: 1, patch: patch({ add_tags: 'a' }) },
        { id: 1, patch: patch({ add_tags: 'b', title: 'Twice' }) },
      ])
      expect(response).toMatchObject({ succeeded: 2, failed: 0 })
      expect(response.results[0]?.record?.tags).toEqual(['a'])
      expect(response.results[1]?.record?.tags).toEqual(['a', 'b'])
      expect(await recordById(store(), 1)).toMatchObject({ title: 'Twice', tags: ['a', 'b'] })
    })

    it('updates records in different shards in one batch', async () => {
      await createMany(store(), 1)
      await allocateFileIds(store(), SHARD_IDS)
      const far = await createRecord(store(), upload({ url: '/far.png' }))
      const response = await batchUpdate(store(), [
        { id: far.id, patch: patch({ station: 'far' }) },
        { id: 1, patch: patch({ station: 'near' }) },
      ])
      expect(response).toMatchObject({ succeeded: 2, failed: 0 })
      expect((await listAll(store())).map(({ id, station }) => ({ id, station }))).toEqual([
        { id: 1, station: 'near' },
        { id: far.id, station: 'far' },
      ])
    })
  })

  describe('batchDelete', () => {
    it('reports a result per id, with counts and the deleted record; a repeated id reports its delete', async () => {
      await createMany(store(), 3)
      const response = await batchDelete(store(), [1, 42, 3, 1])
      expect(response).toEqual({
        results: [
          { id: 1, success: true, record: expect.objectContaining({ id: 1 }) as unknown },
          { id: 42, success: false, error: 'File 42 not found' },
          { id: 3, success: true, record: expect.objectContaining({ id: 3 }) as unknown },
          { id: 1, success: true },
        ],
        succeeded: 3,
        failed: 1,
      })
      expect((await listAll(store())).map(({ id }) => id)).toEqual([2])
    })
  })

  describe('moveToFolder', () => {
    it('moves files into a folder and back to the root', async () => {
      await createMany(store(), 3)
      const folder = await createFolder(store(), { name: 'Photos', parent_path: '/' })

      const into = await moveToFolder(store(), [1, 3], folder.id, LATER)
      expect(into).toEqual({
        results: [
          { fileId: 1, success: true },
          { fileId: 3, success: true },
        ],
        succeeded: 2,
        failed: 0,
      })
      let listed = await listAll(store())
      expect(listed.map(({ folder_path }) => folder_path)).toEqual(['/Photos', '/', '/Photos'])
      expect(listed[0]?.updated_at).toBe(LATER.toISOString())

      const back = await moveToFolder(store(), [3], null)
      expect(back).toMatchObject({ succeeded: 1, failed: 0 })
      listed = await listAll(store())
      expect(listed.map(({ folder_path }) => folder_path)).toEqual(['/Photos', '/', '/'])
    })

    it('moves into a nested folder', async () => {
      await createMany(store(), 1)
      await createFolder(store(), { name: 'A', parent_path: '/' })
      const nested = await createFolder(store(), { name: 'B', parent_path: '/A' })
      await moveToFolder(store(), [1], nested.id)
      expect((await recordById(store(), 1))?.folder_path).toBe('/A/B')
    })

    it('leaves a file already in the target folder as it is', async () => {
      await createMany(store(), 1)
      const folder = await createFolder(store(), { name: 'Photos', parent_path: '/' })
      await moveToFolder(store(), [1], folder.id, NOW)
      const response = await moveToFolder(store(), [1], folder.id, LATER)
      expect(response).toMatchObject({ succeeded: 1, failed: 0 })
      expect((await recordById(store(), 1))?.updated_at).toBe(NOW.toISOString())
    })

    it('refuses an unknown folder with "Folder {id} not found" and moves nothing', async () => {
      await createMany(store(), 2)
      const refused = moveToFolder(store(), [1, 2], 42)
      await expect(refused).rejects.toBeInstanceOf(NotFoundError)
      await expect(refused).rejects.toThrow('Folder 42 not found')
      expect((await listAll(store())).map(({ folder_path }) => folder_path)).toEqual(['/', '/'])
    })

    it('reports unknown files per item and still moves the others', async () => {
      await createMany(store(), 2)
      const folder = await createFolder(store(), { name: 'Docs', parent_path: '/' })
      const response = await moveToFolder(store(), [77, 2], folder.id)
      expect(response).toEqual({
        results: [
          { fileId: 77, success: false, error: 'File 77 not found' },
          { fileId: 2, success: true },
        ],
        succeeded: 1,
        failed: 1,
      })
      expect((await listAll(store())).map(({ folder_path }) => folder_path)).toEqual(['/', '/Docs'])
    })
  })

  describe('under concurrency', () => {
    it('gives 50 parallel creates 50 distinct ids, and lists all 50', async () => {
      const created = await Promise.all(
        Array.from({ length: 50 }, (_, i) => createRecord(store(), upload({ url: `/p${String(i)}.png` }))),
      )
      const ids = created.map(({ id }) => id)
      expect(new Set(ids).size).toBe(50)
      expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))

      const listed = await listAll(store())
      expect(listed.map(({ id }) => id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
      // Each record holds its own upload.
      for (const record of created) {
        expect(listed.find(({ id }) => id === record.id)?.media_url).toBe(record.media_url)
      }
    })

    it('loses no update when 40 records of one shard are updated in parallel', async () => {
      const records = await createMany(store(), 40)
      const ids = records.map(({ id }) => id)
      expect(new Set(ids.map((id) => Math.floor(id / SHARD_IDS))).size).toBe(1)

      await Promise.all(
        ids.map((id) =>
          updateRecord(
            store(),
            id,
            patch({ description: `own ${String(id)}`, add_tags: `tag-${String(id)}` }),
          ),
        ),
      )

      const listed = await listAll(store())
      expect(listed).toHaveLength(40)
      for (const record of listed) {
        expect(record.description).toBe(`own ${String(record.id)}`)
        expect(record.tags).toEqual([`tag-${String(record.id)}`])
        expect(record.title).toBe(`File ${String(record.id)}`)
      }
    })

    it('keeps every tag when 10 batch updates add tags to the same 30 records at once', async () => {
      const ids = (await createMany(store(), 30)).map(({ id }) => id)
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          batchUpdate(
            store(),
            ids.map((id) => ({ id, patch: patch({ add_tags: `t${String(i)}` }) })),
          ),
        ),
      )
      for (const response of responses) expect(response).toMatchObject({ succeeded: 30, failed: 0 })

      const expectedTags = Array.from({ length: 10 }, (_, i) => `t${String(i)}`)
      const listed = await listAll(store())
      expect(listed).toHaveLength(30)
      for (const record of listed) expect([...record.tags].sort()).toEqual(expectedTags)
    })
  })
})

describe('media service over full shards (memory)', () => {
  it('pages through 1,100 records in three shards without gaps or repeats', async () => {
    const store = new MemoryDocumentStore()
    const total = 2 * SHARD_IDS + 100
    for (let i = 0; i < total; i++) await createRecord(store, upload({ url: `/m${String(i)}.png` }))
    expect((await store.list(SHARD_PREFIX)).map(({ key }) => key)).toEqual([
      'records/000000',
      'records/000001',
      'records/000002',
    ])

    const expected = Array.from({ length: total }, (_, i) => i + 1)
    expect((await listAll(store, 2_000)).map(({ id }) => id)).toEqual(expected)
    // Pages of an odd size cross every shard boundary.
    expect((await listAll(store, 97)).map(({ id }) => id)).toEqual(expected)

    const second = await page(store, 400, 200)
    expect(second.ids).toEqual(Array.from({ length: 200 }, (_, i) => 401 + i))
    expect(second.next).toBe('600')
  })
})

describe('file_type from the URL', () => {
  it('takes the type from the URL extension over a claimed one, and the claim only without a known extension', async () => {
    const store = new MemoryDocumentStore()
    const png = await createRecord(
      store,
      recordCreateSchema.parse({ media_url: '/f/a.png', file_type: 'text/html' }),
    )
    expect(png.file_type).toBe('image/png')
    expect(png.category).toBe('Images')
    const bare = await createRecord(
      store,
      recordCreateSchema.parse({ media_url: '/f/a', file_type: 'video/mp4' }),
    )
    expect(bare.file_type).toBe('video/mp4')
  })
})
