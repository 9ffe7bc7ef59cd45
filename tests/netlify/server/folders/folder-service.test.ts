import { describe, expect, it } from 'vitest'

import { ConflictError, InvalidInputError, NotFoundError } from '../../../../netlify/server/errors'
import { readFolders } from '../../../../netlify/server/folders/folder-document'
import {
  createFolder,
  deleteFolder,
  listFolders,
  updateFolder,
} from '../../../../netlify/server/folders/folder-service'
import {
  createRecord,
  deleteRecord,
  listMedia,
  moveToFolder,
} from '../../../../netlify/server/records/media-service'
import { restoreFromTrash } from '../../../../netlify/server/trash/trash-service'
import type {
  DocumentStore,
  ListedDocument,
  StoredDocument,
  WriteCondition,
} from '../../../../netlify/server/storage/document-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import type { BatchMoveResponse } from '../../../../src/contract/api'
import {
  folderCreateSchema,
  folderUpdateSchema,
  ROOT_PATH,
  type Folder,
} from '../../../../src/contract/folder'
import { describeIssue, recordCreateSchema, type MediaRecord } from '../../../../src/contract/record'
import { freshStoreForEachTest, STORE_KINDS, type StoreKind } from '../../../support/stores'

/** The folder-create function's steps: validate the body with the shared schema, then create. */
function create(store: DocumentStore, body: Record<string, unknown>): Promise<Folder> {
  return createFolder(store, folderCreateSchema.parse(body))
}

/** The folder-update function's steps: validate the body with the shared schema, then update. */
function update(store: DocumentStore, id: number, body: Record<string, unknown>) {
  return updateFolder(store, id, folderUpdateSchema.parse(body))
}

async function folderPaths(store: DocumentStore): Promise<string[]> {
  return (await listFolders(store)).map(({ path }) => path)
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

  describe('updateFolder', () => {
    it('renames a folder: its subfolders and the files inside, trashed ones too, follow', async () => {
      const a = await create(store(), { name: 'A' })
      await create(store(), { name: 'B', parent_path: '/A' })
      await create(store(), { name: 'Abc' })
      await addFile(store(), 'in-a', '/A')
      await addFile(store(), 'in-b', '/A/B')
      await addFile(store(), 'in-abc', '/Abc')
      const trashed = await addFile(store(), 'trashed', '/A/B')
      await deleteRecord(store(), trashed.id)

      const response = await update(store(), a.id, { name: 'Renamed' })

      expect(response).toEqual({
        ok: true,
        folder: { id: a.id, name: 'Renamed', path: '/Renamed', parent_path: '/' },
        previous_path: '/A',
        updated_folders: 2,
        moved_files: 2,
      })
      expect(await listFolders(store())).toEqual([
        { id: 3, name: 'Abc', path: '/Abc', parent_path: '/' },
        { id: a.id, name: 'Renamed', path: '/Renamed', parent_path: '/' },
        { id: 2, name: 'B', path: '/Renamed/B', parent_path: '/Renamed' },
      ])
      expect(await pathsByTitle(store())).toEqual({
        'in-a': '/Renamed',
        'in-b': '/Renamed/B',
        'in-abc': '/Abc',
      })
      const [restored] = (await restoreFromTrash(store(), [trashed.id])).results
      expect(restored?.record?.folder_path).toBe('/Renamed/B')
    })

    it('moves a folder under another parent, and back to the top level', async () => {
      await create(store(), { name: 'Photos' })
      const raw = await create(store(), { name: 'Raw' })
      await create(store(), { name: 'Day 1', parent_path: '/Raw' })
      await addFile(store(), 'shot', '/Raw/Day 1')

      const moved = await update(store(), raw.id, { parent_path: '/Photos' })
      expect(moved).toMatchObject({ previous_path: '/Raw', updated_folders: 2, moved_files: 1 })
      expect(moved.folder).toEqual({ id: raw.id, name: 'Raw', path: '/Photos/Raw', parent_path: '/Photos' })
      expect(await folderPaths(store())).toEqual(['/Photos', '/Photos/Raw', '/Photos/Raw/Day 1'])
      expect(await pathsByTitle(store())).toEqual({ shot: '/Photos/Raw/Day 1' })

      const back = await update(store(), raw.id, { name: 'Negatives', parent_path: '' })
      expect(back.folder.path).toBe('/Negatives')
      expect(await folderPaths(store())).toEqual(['/Negatives', '/Negatives/Day 1', '/Photos'])
      expect(await pathsByTitle(store())).toEqual({ shot: '/Negatives/Day 1' })
    })

    it('changes only the case of a name, and answers a rename to the same name without changes', async () => {
      const photos = await create(store(), { name: 'photos' })
      await addFile(store(), 'f', '/photos')
      expect((await update(store(), photos.id, { name: 'Photos' })).folder.path).toBe('/Photos')
      expect(await pathsByTitle(store())).toEqual({ f: '/Photos' })
      const same = await update(store(), photos.id, { name: 'Photos', parent_path: '/' })
      expect(same).toMatchObject({ previous_path: '/Photos', moved_files: 0 })
    })

    it('refuses a name a sibling holds, ignoring case, with the wording of folder-create', async () => {
      await create(store(), { name: 'Photos' })
      const raw = await create(store(), { name: 'Raw' })
      await create(store(), { name: 'Raw', parent_path: '/Photos' })
      const clash = update(store(), raw.id, { name: 'PHOTOS' })
      await expect(clash).rejects.toBeInstanceOf(ConflictError)
      await expect(clash).rejects.toThrow('A folder named "Photos" already exists in /')
      await expect(update(store(), raw.id, { parent_path: '/Photos' })).rejects.toThrow(
        'A folder named "Raw" already exists in /Photos',
      )
      expect(await folderPaths(store())).toEqual(['/Photos', '/Photos/Raw', '/Raw'])
    })

    it('refuses a move into the folder itself or below it with InvalidInputError', async () => {
      const a = await create(store(), { name: 'A' })
      await create(store(), { name: 'B', parent_path: '/A' })
      for (const parent_path of ['/A', '/A/B']) {
        const loop = update(store(), a.id, { parent_path })
        await expect(loop).rejects.toBeInstanceOf(InvalidInputError)
        await expect(loop).rejects.toThrow('A folder cannot be moved into itself or one of its subfolders')
      }
      expect(await folderPaths(store())).toEqual(['/A', '/A/B'])
    })

    it('refuses an unknown folder or parent with NotFoundError, and paths over the limit', async () => {
      const a = await create(store(), { name: 'A' })
      await expect(update(store(), 99, { name: 'X' })).rejects.toThrow('Folder 99 not found')
      const orphan = update(store(), a.id, { parent_path: '/Nowhere' })
      await expect(orphan).rejects.toBeInstanceOf(NotFoundError)
      await expect(orphan).rejects.toThrow('Folder /Nowhere not found')
      let deep = '/A'
      while (deep.length < 900) {
        await create(store(), { name: 'n'.repeat(60), parent_path: deep })
        deep = `${deep}/${'n'.repeat(60)}`
      }
      // The deepest folder's path would pass 1,000 characters.
      const long = update(store(), a.id, { name: 'A'.repeat(100) })
      await expect(long).rejects.toBeInstanceOf(InvalidInputError)
      await expect(long).rejects.toThrow('Folder path must be at most 1000 characters')
      expect((await folderPaths(store())).at(-1)).toBe(deep)
    })

    it('frees the old name for a new folder once the move is done, and a new folder there keeps its files', async () => {
      const a = await create(store(), { name: 'A' })
      await update(store(), a.id, { name: 'B' })
      const fresh = await create(store(), { name: 'A' })
      await addFile(store(), 'new', '/A')
      // Repeating the finished rename changes nothing, and the new folder's file stays where it is.
      await update(store(), a.id, { name: 'B' })
      expect(fresh.path).toBe('/A')
      expect(await pathsByTitle(store())).toEqual({ new: '/A' })
    })

    it('completes a rename that stopped after renaming the folders when it is sent again', async () => {
      const a = await create(store(), { name: 'A' })
      await addFile(store(), 'in-a', '/A')
      const folders = await readFolders(store())
      // What the first step leaves behind: the folder renamed, the old path noted, no file moved.
      const stored = await store().read('folders')
      if (!stored) throw new Error('no folders document')
      await store().write(
        'folders',
        {
          ...folders,
          folders: [{ ...a, name: 'B', path: '/B' }],
          forwards: [{ from: '/A', to: '/B', at: new Date().toISOString(), sweeping: true }],
        },
        { ifMatch: stored.etag },
      )
      await expect(create(store(), { name: 'a' })).rejects.toThrow(
        'A folder named "A" in / is being moved; try again in a moment',
      )
      expect(await update(store(), a.id, { name: 'B' })).toMatchObject({
        previous_path: '/A',
        moved_files: 1,
      })
      expect(await pathsByTitle(store())).toEqual({ 'in-a': '/B' })
      expect((await create(store(), { name: 'A' })).path).toBe('/A')
    })
  })

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

/** Runs `task`, treating a refusal a call that lost a race may rightly give (404 or 409) as an outcome. */
async function outcomeOf<T>(task: Promise<T>): Promise<T | 'refused'> {
  try {
    return await task
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof ConflictError) return 'refused'
    throw error
  }
}

describe('folder renames and moves racing uploads (memory)', () => {
  it('every file inside, and every file uploaded into the old path meanwhile, ends up in the moved folder', async () => {
    const outcomes = new Set<string>()
    for (let seed = 1; seed <= 150; seed++) {
      const random = randomFrom(seed)
      const store = new JitteryStore(random)
      await create(store, { name: 'Keep' })
      const source = await create(store, { name: 'Source' })
      const inner = await create(store, { name: 'Inner', parent_path: '/Source' })
      await addFile(store, 'root')
      await addFile(store, 'in-source', '/Source')
      await addFile(store, 'in-inner', '/Source/Inner')
      const body = random() < 0.5 ? { name: 'Renamed' } : { parent_path: '/Keep' }

      const rename = outcomeOf(update(store, source.id, body))
      const uploads = [
        outcomeOf(addFile(store, 'late-source', '/Source')),
        outcomeOf(addFile(store, 'late-inner', '/Source/Inner')),
      ]
      const [renamed, landed] = await Promise.all([rename, Promise.all(uploads)])
      outcomes.add(renamed === 'refused' ? 'rename refused' : 'renamed')
      for (const upload of landed) outcomes.add(upload === 'refused' ? 'upload refused' : 'upload landed')

      const folders = await listFolders(store)
      const pathOf = (id: number) => folders.find((folder) => folder.id === id)?.path
      const livePaths = new Set([ROOT_PATH, ...folders.map(({ path }) => path)])
      const records = await allRecords(store)
      const where = (title: string) => records.find((record) => record.title === title)?.folder_path
      const context = `seed ${String(seed)} ${JSON.stringify(body)}`
      for (const record of records) {
        expect(
          livePaths.has(record.folder_path),
          `${context}: ${record.title} in ${record.folder_path}`,
        ).toBe(true)
      }
      expect(
        records.map(({ title }) => title).filter((title) => !title.startsWith('late')),
        context,
      ).toHaveLength(3)
      // The files stay with their folders, wherever the folders went.
      expect(where('in-source'), context).toBe(pathOf(source.id))
      expect(where('in-inner'), context).toBe(pathOf(inner.id))
      const late = landed.filter((upload) => upload !== 'refused')
      for (const record of late) {
        expect(where(record.title), context).toBe(
          record.title === 'late-source' ? pathOf(source.id) : pathOf(inner.id),
        )
      }
    }
    // The runs covered uploads that landed before the move and after it (sent on); one that checks the
    // folder after it moved is taken too, since the old path leads to where the folder went.
    expect(outcomes).toEqual(new Set(['renamed', 'upload landed']))
  })
})
