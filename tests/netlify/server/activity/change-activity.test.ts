import { beforeEach, describe, expect, it } from 'vitest'

import { actAs } from '../../../../netlify/server/activity/acting-actor'
import { listActivity } from '../../../../netlify/server/activity/activity-log'
import { fieldChanges } from '../../../../netlify/server/activity/change-activity'
import { createFolder } from '../../../../netlify/server/folders/folder-service'
import {
  batchUpdate,
  createRecord,
  deleteRecord,
  moveToFolder,
  updateRecord,
} from '../../../../netlify/server/records/media-service'
import { MemoryByteStore } from '../../../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { purgeFromTrash, restoreFromTrash } from '../../../../netlify/server/trash/trash-service'
import type { ActivityEvent } from '../../../../src/contract/activity'
import { recordCreateSchema } from '../../../../src/contract/record'
import type { Actor } from '../../../../src/contract/roles'

const OWNER: Actor = { type: 'owner', id: 'owner', name: 'Owner', role: 'admin' }
const ADA: Actor = { type: 'person', id: 'p_ada', name: 'Ada', role: 'editor' }
const TOKEN: Actor = { type: 'token', id: 't_ci', name: 'CI deploys', role: 'editor', owner_id: 'p_ada' }

let store: MemoryDocumentStore

beforeEach(() => {
  store = new MemoryDocumentStore()
})

const addFile = (title: string) =>
  createRecord(store, recordCreateSchema.parse({ media_url: `/files/${title}.png`, title }))

async function latest(): Promise<ActivityEvent> {
  const [event] = (await listActivity(store, { limit: 1 }, 365)).events
  if (!event) throw new Error('no event')
  return event
}

describe('each stored change is in the log, as its actor', () => {
  it('an upload, an edit with its fields before and after, a move, a delete, a restore and a purge', async () => {
    await actAs(OWNER, () => addFile('pier'))
    expect(await latest()).toMatchObject({
      action: 'file.created',
      actor: { type: 'owner', id: 'owner', name: 'Owner' },
      file_ids: [1],
      detail: { title: 'pier' },
    })

    await actAs(ADA, () => updateRecord(store, 1, { title: 'Pier at dawn', tags: ['harbour'] }))
    expect(await latest()).toMatchObject({
      action: 'file.updated',
      actor: { type: 'person', id: 'p_ada', name: 'Ada' },
      detail: {
        changes: {
          title: { before: 'pier', after: 'Pier at dawn' },
          tags: { before: [], after: ['harbour'] },
        },
      },
    })

    const folder = await actAs(ADA, () => createFolder(store, { name: 'Harbour', parent_path: '/' }))
    expect(await latest()).toMatchObject({ action: 'folder.created', detail: { folder_path: '/Harbour' } })
    await actAs(TOKEN, () => moveToFolder(store, [1], folder.id))
    expect(await latest()).toMatchObject({
      action: 'file.moved',
      actor: { type: 'token', id: 't_ci', name: 'CI deploys' },
      detail: { folder_path: '/Harbour' },
    })

    await actAs(ADA, () => deleteRecord(store, 1))
    expect((await latest()).action).toBe('file.deleted')
    await actAs(ADA, () => restoreFromTrash(store, [1]))
    expect((await latest()).action).toBe('file.restored')
    await deleteRecord(store, 1)
    const stores = { documents: store, bytes: new MemoryByteStore() }
    await purgeFromTrash(stores, [1], null)
    expect(await latest()).toMatchObject({ action: 'file.purged', actor: { type: 'system' }, file_ids: [1] })

    const history = (await listActivity(store, { file_id: 1 }, 365)).events.map((event) => event.action)
    expect(history).toEqual([
      'file.purged',
      'file.deleted',
      'file.restored',
      'file.deleted',
      'file.moved',
      'file.updated',
      'file.created',
    ])
  })

  it('a bulk edit gives each file’s fields before and after', async () => {
    await addFile('a')
    await addFile('b')
    await actAs(ADA, () =>
      batchUpdate(store, [
        { id: 1, patch: { category: 'Photos' } },
        { id: 2, patch: { title: 'B2' } },
      ]),
    )
    expect(await latest()).toMatchObject({
      action: 'file.updated',
      file_ids: [1, 2],
      detail: {
        changes_by_file: {
          1: { category: { after: 'Photos' } },
          2: { title: { before: 'b', after: 'B2' } },
        },
      },
    })
  })
})

describe('what the log keeps of a change', () => {
  it('a text’s first 500 characters, and a bulk edit too large to keep names its fields only', async () => {
    await addFile('a')
    const long = (letter: string) => letter.repeat(5_000)
    await updateRecord(store, 1, { description: long('x'), notes: long('y') })
    expect((await latest()).detail).toEqual({
      changes: {
        description: { before: '', after: `${'x'.repeat(500)}…`, truncated: true },
        notes: { before: '', after: `${'y'.repeat(500)}…`, truncated: true },
      },
    })

    // 100 files (as many as a bulk edit details) with two long fields each: over 100,000 characters.
    for (let i = 2; i <= 100; i++) await addFile(String(i))
    const ids = Array.from({ length: 100 }, (_, i) => i + 1)
    await batchUpdate(
      store,
      ids.map((id) => ({ id, patch: { description: long('z'), notes: long('w') } })),
    )
    expect((await latest()).detail).toEqual({ fields: ['description', 'notes'] })
  })

  it('a page of the log stops before its answer passes the budget, and the cursor goes on from there', async () => {
    await addFile('a')
    for (let i = 0; i < 10; i++) await updateRecord(store, 1, { description: String(i).repeat(400) })
    const first = await listActivity(store, { limit: 50 }, 365, new Date(), 3_000)
    expect(first.events.length).toBeGreaterThan(1)
    expect(first.events.length).toBeLessThan(11)
    expect(Buffer.byteLength(JSON.stringify(first.events))).toBeLessThanOrEqual(3_000)
    const rest = await listActivity(store, { limit: 50, cursor: first.next_cursor ?? '' }, 365)
    const all = [...first.events, ...rest.events].map((event) => event.action)
    expect(all).toEqual([...Array<string>(10).fill('file.updated'), 'file.created'])
    expect(rest.next_cursor).toBeNull()
  })
})

describe('a record names who made it and who last changed it', () => {
  it('created_by and updated_by follow the request, and name nobody with the gate off', async () => {
    const made = await actAs(OWNER, () => addFile('a'))
    expect(made.created_by).toEqual({ type: 'owner', id: 'owner', name: 'Owner' })
    expect(made.updated_by).toBeUndefined()
    const edited = await actAs(TOKEN, () => updateRecord(store, made.id, { title: 'A2' }))
    expect(edited.created_by).toEqual(made.created_by)
    expect(edited.updated_by).toEqual({ type: 'token', id: 't_ci', name: 'CI deploys' })

    const local: Actor = { type: 'owner', id: 'local', name: 'Local', role: 'admin' }
    const open = await actAs(local, () => addFile('b'))
    expect(open).not.toHaveProperty('created_by')
    expect((await latest()).actor).toEqual({ type: 'owner', id: 'local', name: 'Local' })
  })
})

describe('fieldChanges', () => {
  it('leaves out the bookkeeping an edit changes by itself', async () => {
    const before = await addFile('a')
    const after = { ...before, title: 'A', updated_at: '2030-01-01T00:00:00.000Z' }
    expect(fieldChanges({ before, after })).toEqual({ title: { before: 'a', after: 'A' } })
  })
})
