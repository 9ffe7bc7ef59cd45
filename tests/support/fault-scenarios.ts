/**
 * The multi-step operations the fault-injection test breaks at every store call. Each scenario builds
 * its starting state through the handlers, names the request under test, and says which states are
 * safe after a failed attempt (`assertConsistent`) and what the whole effect is (`assertDone`).
 */
import { expect } from 'vitest'

import { readFolders } from '../../netlify/server/folders/folder-document'
import { readAllRecords } from '../../netlify/server/records/record-pages'
import { chunkPrefix, manifestKey, uploadKey } from '../../netlify/server/uploads/upload-documents'
import type { MediaHostStores } from '../../netlify/server/uploads/upload-service'
import type { Folder } from '../../src/contract/folder'
import type { MediaRecord } from '../../src/contract/record'
import {
  createTusUpload,
  FIRST_CHUNK,
  patchSpec,
  send,
  sendOk,
  tusHeaders,
  uploadFile,
  TWO_CHUNKS,
  type Answer,
  type RequestSpec,
} from './in-process-api'

export interface ScenarioRun {
  request: RequestSpec
  /** What the request answers when it completes. */
  okStatuses: readonly number[]
  /** What its repeat may answer after a failed attempt: the first attempt may have done it all. */
  retryStatuses: readonly number[]
  /** The state after a failed attempt is one the operation passes through safely. */
  assertConsistent(): Promise<void>
  /** The operation's whole effect is there. */
  assertDone(): Promise<void>
  /** Checks a 2xx answer against the state it claims. */
  checkAnswer?(answer: Answer): void
  /** Repeats the operation as a client would, when that is more than sending the request again. */
  retry?(): Promise<void>
  /** What must hold once a repair pass has collected the leftovers. */
  assertSettled?(): Promise<void>
}

/** Counts what a scenario observed beyond pass or fail. */
export interface ScenarioNotes {
  /** Records created twice because a create was retried after its answer was lost. */
  duplicates: number
}

export interface FaultScenario {
  name: string
  /** Builds the starting state through the handlers, with faults off. */
  prepare(raw: MediaHostStores, notes: ScenarioNotes): Promise<ScenarioRun>
}

const BYTES = new TextEncoder().encode('twenty bytes of text')

async function stored(raw: MediaHostStores): Promise<Map<number, MediaRecord>> {
  return new Map((await readAllRecords(raw.documents)).map((record) => [record.id as number, record]))
}

async function storedRecord(raw: MediaHostStores, id: number): Promise<MediaRecord | undefined> {
  return (await stored(raw)).get(id)
}

async function createRecord(fields: Record<string, unknown>): Promise<MediaRecord> {
  const { body } = await sendOk({
    method: 'POST',
    path: '/api/upload',
    json: { media_url: `https://cdn.example.test/${String(Math.random()).slice(2)}.png`, ...fields },
  })
  return (body as { record: MediaRecord }).record
}

async function createFolder(name: string, parentPath = '/'): Promise<Folder> {
  const { body } = await sendOk({
    method: 'POST',
    path: '/api/folder-create',
    json: { name, parent_path: parentPath },
  })
  return body as Folder
}

async function trash(...ids: number[]): Promise<void> {
  await sendOk({ method: 'POST', path: '/api/batch-delete', json: { ids } })
}

/** Makes the next file id `next`, so a scenario can hold records in two shards without creating 500. */
async function jumpIdsTo(raw: MediaHostStores, next: number): Promise<void> {
  const counter = await raw.documents.read('counters/records')
  if (!counter) throw new Error('No id counter yet')
  await raw.documents.write('counters/records', { next }, { ifMatch: counter.etag })
}

/** Whether a built-in file is whole: its manifest and every chunk it lists. */
async function fileIsWhole(raw: MediaHostStores, id: string): Promise<boolean> {
  const manifest = await raw.documents.read(manifestKey(id))
  if (!manifest) return false
  const { chunks } = manifest.value as { chunks: { key: string }[] }
  const present = new Set(await raw.bytes.list(chunkPrefix(id)))
  return chunks.every((chunk) => present.has(chunk.key))
}

async function fileIsGone(raw: MediaHostStores, id: string): Promise<boolean> {
  return (
    (await raw.documents.read(manifestKey(id))) === null &&
    (await raw.bytes.list(chunkPrefix(id))).length === 0
  )
}

const isTrashed = (record: MediaRecord | undefined) => record?.deleted_at !== undefined
const isLive = (record: MediaRecord | undefined) => record !== undefined && !isTrashed(record)

export const FAULT_SCENARIOS: readonly FaultScenario[] = [
  {
    name: 'create (POST /api/upload of a built-in file into a folder)',
    async prepare(raw, notes) {
      await createFolder('Docs')
      const file = await uploadFile('notes.txt', BYTES)
      const created = async () =>
        [...(await stored(raw)).values()].filter((record) => record.title === 'Created')
      // The screen sends one key per file and the same key on its retries.
      const request: RequestSpec = {
        method: 'POST',
        path: '/api/upload',
        headers: { 'Idempotency-Key': `create-${file.id}` },
        json: { title: 'Created', media_url: file.url, folder_path: '/Docs', file_size: BYTES.length },
      }
      return {
        request,
        okStatuses: [201],
        retryStatuses: [201],
        async assertConsistent() {
          const records = await created()
          expect(records.length).toBeLessThanOrEqual(1)
          for (const record of records)
            expect(record).toMatchObject({ media_url: file.url, folder_path: '/Docs' })
        },
        async assertDone() {
          const records = await created()
          expect(records).toHaveLength(1)
          for (const record of records)
            expect(record).toMatchObject({ media_url: file.url, folder_path: '/Docs' })
          expect(await fileIsWhole(raw, file.id)).toBe(true)
        },
        checkAnswer(answer) {
          expect(answer.body).toMatchObject({ success: true, record: { title: 'Created' } })
        },
        async retry() {
          expect((await send(request)).status).toBe(201)
          notes.duplicates += (await created()).length - 1
        },
      }
    },
  },
  {
    name: 'update (PATCH /api/update/:id)',
    async prepare(raw) {
      const record = await createRecord({ title: 'Before', tags: ['keep'] })
      const current = () => storedRecord(raw, record.id)
      return {
        request: {
          method: 'PATCH',
          path: `/api/update/${String(record.id)}`,
          json: { title: 'After', add_tags: ['after'] },
        },
        okStatuses: [200],
        retryStatuses: [200],
        async assertConsistent() {
          const now = await current()
          expect([
            { title: 'Before', tags: ['keep'] },
            { title: 'After', tags: ['keep', 'after'] },
          ]).toContainEqual({ title: now?.title, tags: now?.tags })
        },
        async assertDone() {
          expect(await current()).toMatchObject({ title: 'After', tags: ['keep', 'after'] })
        },
      }
    },
  },
  {
    name: 'batch update (two shards and an unknown id)',
    async prepare(raw) {
      const first = await createRecord({ title: 'One' })
      await jumpIdsTo(raw, 500)
      const second = await createRecord({ title: 'Five hundred' })
      return {
        request: {
          method: 'POST',
          path: '/api/batch-update',
          json: {
            updates: [
              { id: first.id, fields: { add_tags: ['b'] } },
              { id: second.id, fields: { title: 'B500' } },
              { id: 9_999, fields: { title: 'nobody' } },
            ],
          },
        },
        okStatuses: [200],
        retryStatuses: [200],
        async assertConsistent() {
          const records = await stored(raw)
          expect([[], ['b']]).toContainEqual(records.get(first.id)?.tags)
          expect(['Five hundred', 'B500']).toContain(records.get(second.id)?.title)
        },
        async assertDone() {
          const records = await stored(raw)
          expect(records.get(first.id)?.tags).toEqual(['b'])
          expect(records.get(second.id)?.title).toBe('B500')
          expect(records.has(9_999)).toBe(false)
        },
        checkAnswer(answer) {
          expect(answer.body).toMatchObject({
            results: [
              { id: first.id, success: true },
              { id: second.id, success: true },
              { id: 9_999, success: false },
            ],
          })
        },
      }
    },
  },
  {
    name: 'batch delete (to the trash, two shards)',
    async prepare(raw) {
      const first = await createRecord({ title: 'One' })
      const bystander = await createRecord({ title: 'Two' })
      await jumpIdsTo(raw, 500)
      const second = await createRecord({ title: 'Five hundred' })
      return {
        request: { method: 'POST', path: '/api/batch-delete', json: { ids: [first.id, second.id] } },
        okStatuses: [200],
        retryStatuses: [200],
        async assertConsistent() {
          const records = await stored(raw)
          expect(records.get(first.id)).toBeDefined()
          expect(records.get(second.id)).toBeDefined()
          expect(isLive(records.get(bystander.id))).toBe(true)
        },
        async assertDone() {
          const records = await stored(raw)
          expect(isTrashed(records.get(first.id))).toBe(true)
          expect(isTrashed(records.get(second.id))).toBe(true)
          expect(isLive(records.get(bystander.id))).toBe(true)
        },
        checkAnswer(answer) {
          expect(answer.body).toMatchObject({ succeeded: 2, failed: 0 })
        },
      }
    },
  },
  {
    name: 'batch move (two shards into a folder)',
    async prepare(raw) {
      const folder = await createFolder('Dest')
      const first = await createRecord({ title: 'One' })
      await jumpIdsTo(raw, 500)
      const second = await createRecord({ title: 'Five hundred' })
      const paths = async () => {
        const records = await stored(raw)
        return [records.get(first.id)?.folder_path, records.get(second.id)?.folder_path]
      }
      return {
        request: {
          method: 'POST',
          path: '/.netlify/functions/batch-move-to-folder',
          json: { fileIds: [first.id, second.id], folderId: folder.id },
        },
        okStatuses: [200],
        retryStatuses: [200],
        async assertConsistent() {
          for (const path of await paths()) expect(['/', '/Dest']).toContain(path)
        },
        async assertDone() {
          expect(await paths()).toEqual(['/Dest', '/Dest'])
        },
        checkAnswer(answer) {
          expect(answer.body).toMatchObject({ succeeded: 2, failed: 0 })
        },
      }
    },
  },
  {
    name: 'folder delete (a folder, its subfolder, live and trashed files)',
    async prepare(raw) {
      const parent = await createFolder('A')
      await createFolder('B', '/A')
      const inParent = await createRecord({ title: 'in A', folder_path: '/A' })
      const inChild = await createRecord({ title: 'in B', folder_path: '/A/B' })
      const trashedInChild = await createRecord({ title: 'trashed in B', folder_path: '/A/B' })
      const outside = await createRecord({ title: 'outside' })
      await trash(trashedInChild.id)
      const moved = [inParent, inChild, trashedInChild]
      return {
        request: { method: 'DELETE', path: `/api/folder-delete/${String(parent.id)}` },
        okStatuses: [200],
        retryStatuses: [200, 404],
        async assertConsistent() {
          const records = await stored(raw)
          const folders = (await readFolders(raw.documents)).folders.map((folder) => folder.path)
          expect([['/A', '/A/B'], []]).toContainEqual(folders.filter((path) => path.startsWith('/A')).sort())
          for (const record of moved) {
            const path = records.get(record.id)?.folder_path
            expect([record.folder_path, '/']).toContain(path)
            // Folders go only after their files have moved out.
            if (folders.length === 0) expect(path).toBe('/')
          }
          expect(isTrashed(records.get(trashedInChild.id))).toBe(true)
          expect(records.get(outside.id)?.folder_path).toBe('/')
        },
        async assertDone() {
          const records = await stored(raw)
          expect((await readFolders(raw.documents)).folders).toEqual([])
          for (const record of moved) expect(records.get(record.id)?.folder_path).toBe('/')
          expect(isTrashed(records.get(trashedInChild.id))).toBe(true)
          expect(isLive(records.get(inParent.id))).toBe(true)
        },
        checkAnswer(answer) {
          expect(answer.body).toMatchObject({ ok: true, removed_folders: 2, moved_to: '/' })
        },
      }
    },
  },
  {
    name: 'upload finish (the last tus PATCH, then the record)',
    async prepare(raw) {
      const half = FIRST_CHUNK
      const id = await createTusUpload('clip.txt', TWO_CHUNKS.length)
      await sendOk(patchSpec(id, 0, TWO_CHUNKS.subarray(0, half)))
      let record: MediaRecord | undefined
      const documents = async () => ({
        upload: (await raw.documents.read(uploadKey(id)))?.value as { offset: number } | undefined,
        manifest: await raw.documents.read(manifestKey(id)),
      })
      const request = patchSpec(id, half, TWO_CHUNKS.subarray(half))
      const retryStatuses = [204, 409]
      return {
        request,
        okStatuses: [204],
        retryStatuses,
        async assertConsistent() {
          const { upload, manifest } = await documents()
          // Never neither: the upload document goes only once the manifest is there.
          expect(upload !== undefined || manifest !== null).toBe(true)
          if (upload) expect([half, TWO_CHUNKS.length]).toContain(upload.offset)
          if (manifest) expect(await fileIsWhole(raw, id)).toBe(true)
        },
        async retry() {
          expect(retryStatuses).toContain((await send(request)).status)
          const head = await sendOk({ method: 'HEAD', path: `/api/uploads/${id}`, headers: tusHeaders() })
          expect(head.headers.get('upload-offset')).toBe(String(TWO_CHUNKS.length))
        },
        async assertDone() {
          const { body } = await sendOk({ method: 'GET', path: `/api/uploads/${id}` })
          expect(body).toMatchObject({ complete: true })
          const url = (body as { result: { secure_url: string } }).result.secure_url
          const served = await sendOk({ method: 'GET', path: url })
          expect(served.body).toBe(new TextDecoder().decode(TWO_CHUNKS))
          // The finished upload lets its record be created.
          record ??= await createRecord({ title: 'Uploaded', media_url: url })
          expect(isLive(await storedRecord(raw, record.id))).toBe(true)
          expect((await documents()).upload).toBeUndefined()
        },
      }
    },
  },
  {
    name: 'delete (DELETE /api/delete/:id, to the trash)',
    async prepare(raw) {
      const file = await uploadFile('notes.txt', BYTES)
      const record = await createRecord({ title: 'Doomed', media_url: file.url })
      const bystander = await createRecord({ title: 'Bystander' })
      return {
        request: { method: 'DELETE', path: `/api/delete/${String(record.id)}` },
        okStatuses: [200],
        retryStatuses: [200, 404],
        async assertConsistent() {
          expect(await storedRecord(raw, record.id)).toBeDefined()
          expect(await fileIsWhole(raw, file.id)).toBe(true)
        },
        async assertDone() {
          expect(isTrashed(await storedRecord(raw, record.id))).toBe(true)
          // A trashed record keeps its file until it is purged.
          expect(await fileIsWhole(raw, file.id)).toBe(true)
          expect(isLive(await storedRecord(raw, bystander.id))).toBe(true)
        },
      }
    },
  },
  {
    name: 'trash restore (two shards, one into its folder)',
    async prepare(raw) {
      await createFolder('R')
      const first = await createRecord({ title: 'One', folder_path: '/R' })
      await jumpIdsTo(raw, 500)
      const second = await createRecord({ title: 'Five hundred' })
      await trash(first.id, second.id)
      return {
        request: { method: 'POST', path: '/api/trash/restore', json: { ids: [first.id, second.id] } },
        okStatuses: [200],
        retryStatuses: [200],
        async assertConsistent() {
          const records = await stored(raw)
          expect(records.get(first.id)?.folder_path).toBe('/R')
          expect(records.get(second.id)).toBeDefined()
        },
        async assertDone() {
          const records = await stored(raw)
          expect(isLive(records.get(first.id))).toBe(true)
          expect(isLive(records.get(second.id))).toBe(true)
          expect(records.get(first.id)?.folder_path).toBe('/R')
        },
        checkAnswer(answer) {
          expect(answer.body).toMatchObject({ succeeded: 2, failed: 0 })
        },
      }
    },
  },
  {
    name: 'trash purge (two shards; one file shared with a live record)',
    async prepare(raw) {
      const own = await uploadFile('own.txt', BYTES)
      const shared = await uploadFile('shared.txt', BYTES)
      const first = await createRecord({ title: 'One', media_url: own.url })
      const keeper = await createRecord({ title: 'Keeper', media_url: shared.url })
      await jumpIdsTo(raw, 500)
      const second = await createRecord({ title: 'Five hundred', media_url: shared.url })
      await trash(first.id, second.id)
      return {
        request: { method: 'POST', path: '/api/trash/purge', json: { ids: [first.id, second.id] } },
        okStatuses: [200],
        retryStatuses: [200],
        async assertConsistent() {
          const records = await stored(raw)
          for (const id of [first.id, second.id]) {
            const record = records.get(id)
            if (record) expect(isTrashed(record)).toBe(true)
          }
          // A file goes only after its records: while one is left, trashed or not, its file is whole.
          if (records.has(first.id)) expect(await fileIsWhole(raw, own.id)).toBe(true)
          expect(isLive(records.get(keeper.id))).toBe(true)
          expect(await fileIsWhole(raw, shared.id)).toBe(true)
        },
        async assertDone() {
          const records = await stored(raw)
          expect(records.has(first.id)).toBe(false)
          expect(records.has(second.id)).toBe(false)
          expect(isLive(records.get(keeper.id))).toBe(true)
          expect(await fileIsWhole(raw, shared.id)).toBe(true)
        },
        async assertSettled() {
          expect(await fileIsGone(raw, own.id)).toBe(true)
          expect(await fileIsWhole(raw, shared.id)).toBe(true)
        },
      }
    },
  },
  {
    name: 'upload termination (tus DELETE of an unfinished upload)',
    async prepare(raw) {
      const id = await createTusUpload('gone.txt', TWO_CHUNKS.length)
      await sendOk(patchSpec(id, 0, TWO_CHUNKS.subarray(0, FIRST_CHUNK)))
      return {
        request: { method: 'DELETE', path: `/api/uploads/${id}`, headers: tusHeaders() },
        okStatuses: [204],
        retryStatuses: [204, 404],
        async assertConsistent() {
          // Whatever is left is either the whole upload or unreachable chunks for the repair pass.
          const upload = await raw.documents.read(uploadKey(id))
          if (upload) expect((upload.value as { offset: number }).offset).toBe(FIRST_CHUNK)
        },
        async assertDone() {
          expect(await raw.documents.read(uploadKey(id))).toBeNull()
          const head = await send({ method: 'HEAD', path: `/api/uploads/${id}`, headers: tusHeaders() })
          expect(head.status).toBe(404)
        },
        async assertSettled() {
          expect(await fileIsGone(raw, id)).toBe(true)
        },
      }
    },
  },
]
