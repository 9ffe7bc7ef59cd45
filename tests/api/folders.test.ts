import { describe, expect, it } from 'vitest'

import { batchMoveResponseSchema, folderDeleteResponseSchema, folderListSchema } from '../../src/contract/api'
import { folderSchema } from '../../src/contract/folder'
import { api, apiAll, type RequestBody } from '../support/api-client'
import {
  createFolder,
  expectClientError,
  findRecord,
  listFolders,
  recordsById,
  snapshot,
  uniqueName,
  uploadRecord,
  uploadRecords,
} from '../support/api-steps'

const UNKNOWN_ID = 987_654_321
const MOVE_PATH = '/.netlify/functions/batch-move-to-folder'

describe('GET /api/folder-list', () => {
  it('answers an array of folders, parents before children', async () => {
    const parent = await createFolder(uniqueName('List'))
    const child = await createFolder('child', parent.path)
    const response = await api('GET', '/api/folder-list')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const folders = folderListSchema.parse(response.body)
    for (const folder of folders) folderSchema.strict().parse(folder)
    const paths = folders.map((folder) => folder.path)
    expect([...paths].sort()).toEqual(paths)
    expect(folders).toContainEqual(parent)
    expect(folders).toContainEqual(child)
  })
})

describe('POST /api/folder-create', () => {
  it("creates folders: 201 { id, name, path, parent_path }; '', '/' or no parent_path mean the top level", async () => {
    const names = [uniqueName('Top'), uniqueName('Root2'), uniqueName('Root3')]
    const responses = await apiAll([
      ['POST', '/api/folder-create', { name: names[0] }],
      ['POST', '/api/folder-create', { name: names[1], parent_path: '' }],
      ['POST', '/api/folder-create', { name: names[2], parent_path: '/' }],
    ])
    const created = responses.map((response, i) => {
      expect(response.status, response.text).toBe(201)
      const folder = folderSchema.strict().parse(response.body)
      expect(folder).toEqual({
        id: folder.id,
        name: names[i],
        path: `/${String(names[i])}`,
        parent_path: '/',
      })
      expect(folder.id).toBeGreaterThan(0)
      return folder
    })
    expect(new Set(created.map((folder) => folder.id)).size).toBe(3)

    const [first] = created
    if (!first) throw new Error('no folder')
    const nested = await createFolder('Nested', first.path)
    expect(nested).toMatchObject({ name: 'Nested', path: `${first.path}/Nested`, parent_path: first.path })
    const deeper = await createFolder('Deeper', `${nested.path}/`)
    expect(deeper).toMatchObject({ path: `${nested.path}/Deeper`, parent_path: nested.path })

    const listed = await listFolders()
    for (const folder of [...created, nested, deeper]) expect(listed).toContainEqual(folder)
  })

  it("refuses a blank name with 400 'Folder name is required'", async () => {
    const before = await listFolders()
    const bodies = [{}, { name: '' }, { name: '   ' }, { name: null }, { parent_path: '/' }]
    const responses = await apiAll(bodies.map((body) => ['POST', '/api/folder-create', body] as const))
    for (const response of responses) {
      expectClientError(response, 400)
      expect(response.body).toEqual({ error: 'Folder name is required' })
    }
    expect(await listFolders()).toEqual(before)
  })

  it('refuses a duplicate name under the same parent (ignoring case) with 409', async () => {
    const name = uniqueName('Dup')
    const other = await createFolder(uniqueName('Other'))
    await createFolder(name)
    const before = await listFolders()
    const responses = await apiAll(
      [name, name.toUpperCase(), ` ${name} `].map(
        (duplicate) => ['POST', '/api/folder-create', { name: duplicate }] as const,
      ),
    )
    for (const response of responses) expect(expectClientError(response, 409)).toContain('already exists')
    expect(await listFolders()).toEqual(before)
    // The same name under another parent is fine.
    expect((await createFolder(name, other.path)).path).toBe(`${other.path}/${name}`)
  })

  it('refuses a parent that does not exist with 404, and bad names or parent paths with 400', async () => {
    const before = await listFolders()
    const bad: RequestBody[] = [
      { name: 'a/b' },
      { name: 'a\\b' },
      { name: '.' },
      { name: '..' },
      { name: 'x'.repeat(101) },
      { name: 'line\nbreak' },
      { name: 42 },
      { name: ['a'] },
      { name: 'ok', parent_path: '/../etc' },
      { name: 'ok', parent_path: 7 },
    ]
    const [missingParent, ...responses] = await apiAll([
      ['POST', '/api/folder-create', { name: 'orphan', parent_path: `/${uniqueName('missing')}` }],
      ...bad.map((body) => ['POST', '/api/folder-create', body] as const),
    ])
    if (!missingParent) throw new Error('no answer')
    expect(expectClientError(missingParent, 404)).toMatch(/not found/)
    for (const response of responses) expectClientError(response, 400)
    expect(await listFolders()).toEqual(before)
  })
})

describe('DELETE /api/folder-delete/{id}', () => {
  it('removes the folder and its subfolders and moves their files to its parent', async () => {
    const [top, sibling] = await Promise.all([
      createFolder(uniqueName('Doomed')),
      createFolder(uniqueName('Sibling')),
    ])
    const middle = await createFolder('Middle', top.path)
    const bottom = await createFolder('Bottom', middle.path)
    const [inTop, inMiddle, inBottom, inSibling] = await Promise.all(
      [top, middle, bottom, sibling].map((folder) => uploadRecord({ folder_path: folder.path })),
    )
    if (!inTop || !inMiddle || !inBottom || !inSibling) throw new Error('uploads failed')

    const response = await api('DELETE', `/api/folder-delete/${String(top.id)}`)
    expect(response.status, response.text).toBe(200)
    expect(folderDeleteResponseSchema.parse(response.body)).toEqual({
      ok: true,
      folder: top,
      removed_folders: 3,
      moved_files: 3,
      moved_to: '/',
    })

    const [folders, records] = await Promise.all([listFolders(), recordsById()])
    const folderIds = folders.map((folder) => folder.id)
    for (const gone of [top, middle, bottom]) expect(folderIds).not.toContain(gone.id)
    expect(folders).toContainEqual(sibling)
    for (const record of [inTop, inMiddle, inBottom]) {
      expect(records.get(record.id)).toMatchObject({ folder_path: '/', title: record.title })
    }
    expect(records.get(inSibling.id)).toEqual(inSibling)

    const again = await api('DELETE', `/api/folder-delete/${String(top.id)}`)
    expectClientError(again, 404)
    expect(again.body).toEqual({ error: `Folder ${String(top.id)} not found` })
  })

  it('moves the files of a deleted subfolder to that subfolder’s parent, which stays', async () => {
    const parent = await createFolder(uniqueName('Keep'))
    const child = await createFolder('Gone', parent.path)
    const inChild = await uploadRecord({ folder_path: child.path })
    const response = await api('DELETE', `/api/folder-delete/${String(child.id)}`)
    expect(response.status, response.text).toBe(200)
    expect(response.body).toMatchObject({ removed_folders: 1, moved_files: 1, moved_to: parent.path })
    const { records, folders } = await snapshot()
    expect(records.find((record) => record.id === inChild.id)?.folder_path).toBe(parent.path)
    expect(folders).toContainEqual(parent)
    expect(folders.map((folder) => folder.id)).not.toContain(child.id)
    // The freed name can be used again.
    expect((await createFolder('Gone', parent.path)).path).toBe(child.path)
  })

  it('answers 404 for an unknown id, 400 for a bad id, 405 for other methods', async () => {
    const folder = await createFolder(uniqueName('Methods'))
    const before = await snapshot()
    const badIds = ['abc', '0', '-2', '2.5']
    const methods = ['GET', 'POST', 'PATCH'] as const
    const [unknown, ...rest] = await apiAll([
      ['DELETE', `/api/folder-delete/${String(UNKNOWN_ID)}`],
      ...badIds.map((id) => ['DELETE', `/api/folder-delete/${id}`] as const),
      ...methods.map((method) => [method, `/api/folder-delete/${String(folder.id)}`] as const),
    ])
    if (!unknown) throw new Error('no answer')
    expectClientError(unknown, 404)
    expect(unknown.body).toEqual({ error: `Folder ${String(UNKNOWN_ID)} not found` })
    for (const response of rest.slice(0, badIds.length)) expectClientError(response, 400)
    for (const response of rest.slice(badIds.length)) {
      expectClientError(response, 405)
      expect(response.headers.get('allow')).toBe('DELETE, OPTIONS')
    }
    expect(await snapshot()).toEqual(before)
  })
})

describe('POST /.netlify/functions/batch-move-to-folder', () => {
  it('moves files into a folder and reports { results: [{ fileId, success, error? }], succeeded, failed }', async () => {
    const folder = await createFolder(uniqueName('Target'))
    const [a, b] = await uploadRecords(2)
    if (!a || !b) throw new Error('uploads failed')
    const response = await api('POST', MOVE_PATH, { fileIds: [a.id, UNKNOWN_ID, b.id], folderId: folder.id })
    expect(response.status, response.text).toBe(200)
    batchMoveResponseSchema.parse(response.body)
    expect(response.body).toEqual({
      results: [
        { fileId: a.id, success: true },
        { fileId: UNKNOWN_ID, success: false, error: `File ${String(UNKNOWN_ID)} not found` },
        { fileId: b.id, success: true },
      ],
      succeeded: 2,
      failed: 1,
    })
    const records = await recordsById()
    expect(records.get(a.id)?.folder_path).toBe(folder.path)
    expect(records.get(b.id)?.folder_path).toBe(folder.path)
  })

  it("moves files to the root '/' when folderId is null", async () => {
    const folder = await createFolder(uniqueName('Source'))
    const record = await uploadRecord({ folder_path: folder.path })
    const response = await api('POST', MOVE_PATH, { fileIds: [record.id], folderId: null })
    expect(response.status, response.text).toBe(200)
    expect(response.body).toEqual({
      results: [{ fileId: record.id, success: true }],
      succeeded: 1,
      failed: 0,
    })
    expect((await findRecord(record.id))?.folder_path).toBe('/')
  })

  it('is also reachable at /api/batch-move-to-folder', async () => {
    const folder = await createFolder(uniqueName('ViaApi'))
    const record = await uploadRecord()
    const response = await api('POST', '/api/batch-move-to-folder', {
      fileIds: [record.id],
      folderId: folder.id,
    })
    expect(response.status, response.text).toBe(200)
    expect(batchMoveResponseSchema.parse(response.body).succeeded).toBe(1)
    expect((await findRecord(record.id))?.folder_path).toBe(folder.path)
  })

  it('refuses an unknown folder with 404 and malformed bodies with 400, moving nothing', async () => {
    const folder = await createFolder(uniqueName('NoMove'))
    const record = await uploadRecord()
    const bodies: RequestBody[] = [
      {},
      { fileIds: [record.id] },
      { folderId: folder.id },
      { fileIds: record.id, folderId: folder.id },
      { fileIds: [String(record.id)], folderId: folder.id },
      { fileIds: [record.id], folderId: String(folder.id) },
      { fileIds: [record.id], folderId: 1.5 },
      { fileIds: [record.id], folderId: 0 },
      { fileIds: [], folderId: folder.id },
      { fileIds: Array.from({ length: 501 }, () => record.id), folderId: folder.id },
    ]
    const before = await snapshot()
    const [unknownFolder, ...responses] = await apiAll([
      ['POST', MOVE_PATH, { fileIds: [record.id], folderId: UNKNOWN_ID }],
      ...bodies.map((body) => ['POST', MOVE_PATH, body] as const),
    ])
    if (!unknownFolder) throw new Error('no answer')
    expectClientError(unknownFolder, 404)
    expect(unknownFolder.body).toEqual({ error: `Folder ${String(UNKNOWN_ID)} not found` })
    for (const response of responses) expectClientError(response, 400)
    expect(await snapshot()).toEqual(before)
  })
})
