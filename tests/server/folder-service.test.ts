import { describe, expect, it } from 'vitest'

import { ConflictError, NotFoundError } from '../../netlify/server/errors'
import { createFolder, deleteFolder, listFolders } from '../../netlify/server/folders/folder-service'
import { createRecord, listMedia, moveToFolder } from '../../netlify/server/records/media-service'
import type {
  DocumentStore,
  ListedDocument,
  StoredDocument,
  WriteCondition,
} from '../../netlify/server/storage/document-store'
import { MemoryDocumentStore } from '../../netlify/server/storage/memory-store'
import type { BatchMoveResponse } from '../../src/contract/api'
import { folderCreateSchema, ROOT_PATH, type Folder } from '../../src/contract/folder'
import { describeIssue, recordCreateSchema, type MediaRecord } from '../../src/contract/record'
import { freshStoreForEachTest, STORE_KINDS, type StoreKind } from './helpers/stores'

/** The folder-create function's steps: validate the body with the shared schema, then create. */
function create(store: DocumentStore, body: Record<string, unknown>): Promise<Folder> {
  return createFolder(store, folderCreateSchema.parse(body))
}

async function addFile(store: DocumentStore, name: string, folderPath = ROOT_PATH): Promise<MediaRecord> {
  return createRecord(
    store,
    recordCreateSchema.parse({ media_url: `/files/${name}.png`, title: name, folder_path: folderPath }),
  )
}

async function allRecords(store: DocumentStore): Promise<MediaRecord[]> {
  const listing = await listMedia(store, { after: 0, limit: 5_000, ifNoneMatch: null })
  if (listing.notModified) throw new Error('a listing without If-None-Match cannot be "not modified"')
  return listing.page.records
}

async function pathsByTitle(store: DocumentStore): Promise<Record<string, string>> {
  return Object.fromEntries((await allRecords(store)).map(({ title, folder_path }) => [title, folder_path]))
}

describe.each(STORE_KINDS)('folder service (%s)', (kind: StoreKind) => {
  const store = freshStoreForEachTest(kind)

  describe('createFolder', () => {
    it('creates a folder at the root', async () => {
      const folder = await create(store(), { name: 'Photos' })
      expect(folder).toEqual({ id: 1, name: 'Photos', path: '/Photos', parent_path: '/' })
      expect(await listFolders(store())).toEqual([folder])
    })

    it('creates nested folders whose path derives from the parent path', async () => {
      const photos = await create(store(), { name: 'Photos', parent_path: '/' })
      const year = await create(store(), { name: '2024', parent_path: 'Photos/' })
      const month = await create(store(), { name: ' March ', parent_path: '/Photos/2024' })
      expect(photos.id).toBe(1)
      expect(year).toEqual({ id: 2, name: '2024', path: '/Photos/2024', parent_path: '/Photos' })
      expect(month).toEqual({ id: 3, name: 'March', path: '/Photos/2024/March', parent_path: '/Photos/2024' })
    })

    it('treats an empty parent_path as the root', async () => {
      expect((await create(store(), { name: 'Top', parent_path: '' })).parent_path).toBe('/')
    })

    it.each([{}, { name: '' }, { name: '   ' }, { name: null }])(
      'refuses a blank name (%j) with "Folder name is required"',
      async (body) => {
        const result = folderCreateSchema.safeParse(body)
        expect(result.success).toBe(false)
        if (!result.success) expect(describeIssue(result.error)).toBe('Folder name is required')
        expect(await listFolders(store())).toEqual([])
      },
    )

    it('refuses a duplicate name under the same parent, ignoring case', async () => {
      await create(store(), { name: 'Photos' })
      await create(store(), { name: 'Raw', parent_path: '/Photos' })
      for (const [name, parent_path] of [
        ['photos', '/'],
        ['PHOTOS', '/'],
        ['RAW', '/Photos'],
      ] as const) {
        const clash = create(store(), { name, parent_path })
        await expect(clash).rejects.toBeInstanceOf(ConflictError)
        await expect(clash).rejects.toThrow(/already exists/)
      }
      await expect(create(store(), { name: 'photos' })).rejects.toThrow(
        'A folder named "Photos" already exists in /',
      )
      expect((await listFolders(store())).map(({ path }) => path)).toEqual(['/Photos', '/Photos/Raw'])
    })

    it('allows the same name under different parents', async () => {
      await create(store(), { name: 'A' })
      await create(store(), { name: 'B' })
      const underA = await create(store(), { name: 'Shared', parent_path: '/A' })
      const underB = await create(store(), { name: 'shared', parent_path: '/B' })
      expect([underA.path, underB.path]).toEqual(['/A/Shared', '/B/shared'])
    })

    it('refuses a parent that does not exist with NotFoundError', async () => {
      const orphan = create(store(), { name: 'Child', parent_path: '/Nowhere' })
      await expect(orphan).rejects.toBeInstanceOf(NotFoundError)
      await expect(orphan).rejects.toThrow('Folder /Nowhere not found')
      expect(await listFolders(store())).toEqual([])
    })
  })

  describe('listFolders', () => {
    it('lists every folder sorted by path, parents before children', async () => {
      await create(store(), { name: 'b' })
      await create(store(), { name: 'a' })
      await create(store(), { name: 'z', parent_path: '/b' })
      await create(store(), { name: 'c', parent_path: '/a' })
      await create(store(), { name: 'a-b' })
      const listed = await listFolders(store())
      expect(listed.map(({ path }) => path)).toEqual(['/a', '/a-b', '/a/c', '/b', '/b/z'])
      expect(listed.find(({ path }) => path === '/b/z')).toEqual({
        id: 3,
        name: 'z',
        path: '/b/z',
        parent_path: '/b',
      })
    })
  })

  describe('deleteFolder', () => {
    it('removes the subtree, moves its files to the parent path and reports the counts', async () => {
      const a = await create(store(), { name: 'A' })
      await create(store(), { name: 'B', parent_path: '/A' })
      await create(store(), { name: 'C', parent_path: '/A/B' })
      await create(store(), { name: 'Other' })
      await addFile(store(), 'in-a-1', '/A')
      await addFile(store(), 'in-a-2', '/A')
      await addFile(store(), 'in-b', '/A/B')
      await addFile(store(), 'in-c', '/A/B/C')
      await addFile(store(), 'in-other', '/Other')
      await addFile(store(), 'at-root')

      const response = await deleteFolder(store(), a.id)

      expect(response).toEqual({ ok: true, folder: a, removed_folders: 3, moved_files: 4, moved_to: '/' })
      expect((await listFolders(store())).map(({ path }) => path)).toEqual(['/Other'])
      expect(await pathsByTitle(store())).toEqual({
        'in-a-1': '/',
        'in-a-2': '/',
        'in-b': '/',
        'in-c': '/',
        'in-other': '/Other',
        'at-root': '/',
      })

      const again = deleteFolder(store(), a.id)
      await expect(again).rejects.toBeInstanceOf(NotFoundError)
      await expect(again).rejects.toThrow(`Folder ${String(a.id)} not found`)
    })

    it('moves the files of a nested folder to its parent folder', async () => {
      await create(store(), { name: 'A' })
      const b = await create(store(), { name: 'B', parent_path: '/A' })
      const c = await create(store(), { name: 'C', parent_path: '/A/B' })
      await addFile(store(), 'in-a', '/A')
      await addFile(store(), 'in-b', '/A/B')
      await addFile(store(), 'in-c', '/A/B/C')

      const response = await deleteFolder(store(), b.id)

      expect(response).toMatchObject({ removed_folders: 2, moved_files: 2, moved_to: '/A' })
      expect((await listFolders(store())).map(({ path }) => path)).toEqual(['/A'])
      expect(await pathsByTitle(store())).toEqual({ 'in-a': '/A', 'in-b': '/A', 'in-c': '/A' })
      // The subfolder went with it.
      await expect(deleteFolder(store(), c.id)).rejects.toThrow(`Folder ${String(c.id)} not found`)
    })

    it('deletes an empty folder without touching any file', async () => {
      const empty = await create(store(), { name: 'Empty' })
      await addFile(store(), 'at-root')
      expect(await deleteFolder(store(), empty.id)).toMatchObject({ removed_folders: 1, moved_files: 0 })
      expect(await pathsByTitle(store())).toEqual({ 'at-root': '/' })
    })

    it('refuses an unknown folder id with NotFoundError', async () => {
      const unknown = deleteFolder(store(), 7)
      await expect(unknown).rejects.toBeInstanceOf(NotFoundError)
      await expect(unknown).rejects.toThrow('Folder 7 not found')
    })

    it('frees the name for a new folder, which gets a new id', async () => {
      const first = await create(store(), { name: 'Reused' })
      await deleteFolder(store(), first.id)
      const second = await create(store(), { name: 'reused' })
      expect(second.path).toBe('/reused')
      expect(second.id).not.toBe(first.id)
      // Files can no longer be moved to the deleted folder's id.
      await addFile(store(), 'f')
      await expect(moveToFolder(store(), [1], first.id)).rejects.toThrow(
        `Folder ${String(first.id)} not found`,
      )
    })
  })
})

/** A small deterministic pseudo-random generator (mulberry32), so a failing race can be replayed. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** The atomic memory store with random extra delays before each call, to vary how racing calls interleave. */
class JitteryStore implements DocumentStore {
  private readonly inner = new MemoryDocumentStore()

  constructor(private readonly random: () => number) {}

  async read(key: string): Promise<StoredDocument | null> {
    await this.jitter()
    return this.inner.read(key)
  }

  async write(key: string, value: unknown, condition: WriteCondition): Promise<string | null> {
    await this.jitter()
    return this.inner.write(key, value, condition)
  }

  async remove(key: string): Promise<void> {
    await this.jitter()
    return this.inner.remove(key)
  }

  async list(prefix: string): Promise<ListedDocument[]> {
    await this.jitter()
    return this.inner.list(prefix)
  }

  exclusive<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.inner.exclusive(key, task)
  }

  private async jitter(): Promise<void> {
    const hops = Math.floor(this.random() * 4)
    for (let hop = 0; hop < hops; hop++) await new Promise((resolve) => setImmediate(resolve))
  }
}

/** Runs `task`, treating the NotFoundError a call that lost the race may rightly report as an outcome. */
async function settled<T>(task: Promise<T>): Promise<T | 'not found'> {
  try {
    return await task
  } catch (error) {
    if (error instanceof NotFoundError) return 'not found'
    throw error
  }
}

function describeMove(moved: BatchMoveResponse | 'not found'): string {
  if (moved === 'not found') return 'refused'
  return moved.results.some(({ error }) => error?.startsWith('Folder ')) ? 'rehomed' : 'moved'
}

describe('moves racing folder deletes (memory)', () => {
  it('never leaves a file in a folder that no longer exists', async () => {
    const outcomes = new Set<string>()
    for (let seed = 1; seed <= 150; seed++) {
      const random = randomFrom(seed)
      const store = new JitteryStore(random)
      await create(store, { name: 'Keep' })
      const parent = await create(store, { name: 'Doomed' })
      const child = await create(store, { name: 'Inner', parent_path: '/Doomed' })
      const files = [
        await addFile(store, 'root-1'),
        await addFile(store, 'root-2'),
        await addFile(store, 'in-parent', '/Doomed'),
        await addFile(store, 'in-child', '/Doomed/Inner'),
      ]
      const ids = files.map(({ id }) => id)
      const target = random() < 0.5 ? parent : child

      const move = settled(moveToFolder(store, ids, target.id))
      const others: Promise<unknown>[] = [settled(deleteFolder(store, parent.id))]
      if (random() < 0.5) others.push(settled(deleteFolder(store, child.id)))
      if (random() < 0.5) others.push(settled(addFile(store, 'late', target.path)))
      const [moved] = await Promise.all([move, Promise.all(others)])
      outcomes.add(describeMove(moved))

      const folders = await listFolders(store)
      const livePaths = new Set([ROOT_PATH, ...folders.map(({ path }) => path)])
      expect(
        folders.map(({ path }) => path),
        `seed ${String(seed)}`,
      ).toEqual(['/Keep'])
      for (const record of await allRecords(store)) {
        expect(
          livePaths.has(record.folder_path),
          `seed ${String(seed)}: ${record.title} in ${record.folder_path}`,
        ).toBe(true)
      }
    }
    // The runs covered every order: moves that found the folder already gone, moves that landed before
    // the delete swept the folder, and moves that landed after it and were sent on to the parent path.
    expect(outcomes).toEqual(new Set(['refused', 'moved', 'rehomed']))
  })
})
