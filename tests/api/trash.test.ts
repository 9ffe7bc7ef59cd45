import { describe, expect, it } from 'vitest'

import {
  batchResponseSchema,
  trashPageSchema,
  uploadResponseSchema,
  type TrashPage,
} from '../../src/contract/api'
import type { MediaRecord } from '../../src/contract/record'
import { api, apiAll, baseUrl, type RequestBody } from '../support/api-client'
import {
  createFolder,
  expectClientError,
  findRecord,
  listAllRecords,
  snapshot,
  uniqueName,
  uploadRecord,
  uploadRecords,
} from '../support/api-steps'
import { tusUpload, uploadResultOf } from '../support/tus-client'

/** An id no record will reach in one test run. */
const UNKNOWN_ID = 987_654_321

/** Every trashed record, following `next` from page to page. */
async function listAllTrash(pageSize?: number): Promise<TrashPage['records']> {
  const records: TrashPage['records'] = []
  let cursor: string | null = null
  for (let page = 0; page < 1_000; page++) {
    const query = new URLSearchParams()
    if (pageSize !== undefined) query.set('limit', String(pageSize))
    if (cursor !== null) query.set('cursor', cursor)
    const response = await api('GET', `/api/trash?${query.toString()}`)
    expect(response.status, response.text).toBe(200)
    const parsed = trashPageSchema.parse(response.body)
    records.push(...parsed.records)
    if (parsed.next === null) return records
    cursor = parsed.next
  }
  throw new Error('GET /api/trash never returned next: null')
}

async function trashedById(): Promise<Map<number, MediaRecord>> {
  return new Map((await listAllTrash()).map((record) => [record.id as number, record]))
}

function batchOf(response: { status: number; text: string; body: unknown }) {
  expect(response.status, response.text).toBe(200)
  return batchResponseSchema.parse(response.body)
}

describe('deleting moves records to the trash', () => {
  it('DELETE /api/delete/{id}: gone from /api/media and from updates, listed in /api/trash', async () => {
    const [doomed, kept] = await uploadRecords(2)
    if (!doomed || !kept) throw new Error('uploads failed')
    const before = Date.now()
    const response = await api('DELETE', `/api/delete/${String(doomed.id)}`)
    expect(response.status, response.text).toBe(200)
    expect(response.body).toEqual({ success: true, id: doomed.id })

    expect(await findRecord(doomed.id)).toBeUndefined()
    expect(await findRecord(kept.id)).toEqual(kept)
    const trashed = (await trashedById()).get(doomed.id)
    expect(trashed).toEqual({ ...doomed, deleted_at: expect.any(String) as unknown })
    expect(Date.parse(trashed?.deleted_at ?? '')).toBeGreaterThanOrEqual(before - 5_000)

    const [update, again, sync] = await apiAll([
      ['PATCH', `/api/update/${String(doomed.id)}`, { title: 'ghost' }],
      ['DELETE', `/api/delete/${String(doomed.id)}`],
      ['POST', '/api/batch-update', { updates: [{ id: doomed.id, fields: { title: 'ghost' } }] }],
    ])
    if (!update || !again || !sync) throw new Error('no answer')
    expect(update.body).toEqual({ error: `File ${String(doomed.id)} not found` })
    expectClientError(update, 404)
    expectClientError(again, 404)
    expect(batchOf(sync).results).toEqual([
      { id: doomed.id, success: false, error: `File ${String(doomed.id)} not found` },
    ])
  })

  it('POST /api/batch-delete: the same answer as before, each record now in the trash', async () => {
    const [first, second] = await uploadRecords(2)
    if (!first || !second) throw new Error('uploads failed')
    const batch = batchOf(await api('POST', '/api/batch-delete', { ids: [first.id, UNKNOWN_ID, second.id] }))
    expect(batch.results.map(({ id, success, error }) => ({ id, success, error }))).toEqual([
      { id: first.id, success: true, error: undefined },
      { id: UNKNOWN_ID, success: false, error: `File ${String(UNKNOWN_ID)} not found` },
      { id: second.id, success: true, error: undefined },
    ])
    const trash = await trashedById()
    expect(trash.get(first.id)).toMatchObject({ ...first, deleted_at: expect.any(String) as unknown })
    expect(trash.get(second.id)).toMatchObject({ ...second, deleted_at: expect.any(String) as unknown })
  })
})

describe('GET /api/trash', () => {
  it('lists the most recently deleted first and pages with limit and cursor', async () => {
    const records = await uploadRecords(3)
    for (const record of records) {
      expect((await api('DELETE', `/api/delete/${String(record.id)}`)).status).toBe(200)
    }
    const whole = await listAllTrash()
    const mine = whole.filter((record) => records.some(({ id }) => id === record.id)).map(({ id }) => id)
    expect(mine).toEqual(records.map(({ id }) => id).reverse())
    expect((await listAllTrash(2)).map(({ id }) => id)).toEqual(whole.map(({ id }) => id))
    const deletedAt = whole.map((record) => Date.parse(record.deleted_at))
    expect(deletedAt).toEqual([...deletedAt].sort((a, b) => b - a))
  })

  it('refuses a bad cursor or limit with 400, and other methods with 405 and Allow', async () => {
    const responses = await apiAll([
      ['GET', '/api/trash?cursor=abc'],
      ['GET', '/api/trash?cursor=12'],
      ['GET', '/api/trash?limit=0'],
      ['GET', '/api/trash?limit=5001'],
      ['POST', '/api/trash', {}],
      ['DELETE', '/api/trash'],
    ])
    for (const response of responses.slice(0, 4)) expectClientError(response, 400)
    for (const response of responses.slice(4)) {
      expectClientError(response, 405)
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
    }
  })
})

describe('POST /api/trash/restore', () => {
  it('returns records to their folders, reports per id, and a second restore is "not in the trash"', async () => {
    const folder = await createFolder(uniqueName('Restore'))
    const inFolder = await uploadRecord({ folder_path: folder.path })
    const atRoot = await uploadRecord()
    const live = await uploadRecord()
    batchOf(await api('POST', '/api/batch-delete', { ids: [inFolder.id, atRoot.id] }))

    const batch = batchOf(
      await api('POST', '/api/trash/restore', { ids: [inFolder.id, UNKNOWN_ID, atRoot.id, live.id] }),
    )
    expect(batch).toEqual({
      results: [
        { id: inFolder.id, success: true, record: inFolder },
        { id: UNKNOWN_ID, success: false, error: `File ${String(UNKNOWN_ID)} is not in the trash` },
        { id: atRoot.id, success: true, record: atRoot },
        { id: live.id, success: false, error: `File ${String(live.id)} is not in the trash` },
      ],
      succeeded: 2,
      failed: 2,
    })
    expect(await findRecord(inFolder.id)).toEqual(inFolder)
    expect(await findRecord(atRoot.id)).toEqual(atRoot)
    const trash = await trashedById()
    expect(trash.has(inFolder.id) || trash.has(atRoot.id)).toBe(false)

    const again = batchOf(await api('POST', '/api/trash/restore', { ids: [inFolder.id] }))
    expect(again.results[0]?.error).toBe(`File ${String(inFolder.id)} is not in the trash`)
  })

  it('restores into the parent of a folder deleted while the file was in the trash', async () => {
    const parent = await createFolder(uniqueName('Parent'))
    const child = await createFolder(uniqueName('Child'), parent.path)
    const record = await uploadRecord({ folder_path: child.path })
    expect((await api('DELETE', `/api/delete/${String(record.id)}`)).status).toBe(200)
    const folderDelete = await api('DELETE', `/api/folder-delete/${String(child.id)}`)
    expect(folderDelete.body).toMatchObject({ ok: true, moved_files: 0, moved_to: parent.path })

    const [result] = batchOf(await api('POST', '/api/trash/restore', { ids: [record.id] })).results
    expect(result?.record?.folder_path).toBe(parent.path)
    expect((await findRecord(record.id))?.folder_path).toBe(parent.path)
  })
})

describe('POST /api/trash/purge', () => {
  it('deletes trashed records for good, and a file only once no other record, live or trashed, uses it', async () => {
    const bytes = new TextEncoder().encode(`shared file ${uniqueName('bytes')}`)
    const uploadUrl = await tusUpload(baseUrl(), bytes, { filename: 'shared.txt', filetype: 'text/plain' })
    const { secure_url: fileUrl } = await uploadResultOf(uploadUrl)
    const served = () => fetch(new URL(fileUrl, baseUrl()), { method: 'HEAD' }).then(({ status }) => status)
    const record = async () => {
      const created = uploadResponseSchema.parse(
        (await api('POST', '/api/upload', { title: uniqueName('shared'), media_url: fileUrl })).body,
      )
      if (!created.success) throw new Error(created.error)
      return created.record
    }
    const [first, second, live] = [await record(), await record(), await record()]
    batchOf(await api('POST', '/api/batch-delete', { ids: [first.id, second.id] }))
    expect(await served()).toBe(200)

    const purged = batchOf(await api('POST', '/api/trash/purge', { ids: [first.id, live.id, UNKNOWN_ID] }))
    expect(purged).toEqual({
      results: [
        { id: first.id, success: true },
        { id: live.id, success: false, error: `File ${String(live.id)} is not in the trash` },
        { id: UNKNOWN_ID, success: false, error: `File ${String(UNKNOWN_ID)} is not in the trash` },
      ],
      succeeded: 1,
      failed: 2,
    })
    const trash = await trashedById()
    expect(trash.has(first.id)).toBe(false)
    expect(trash.has(second.id)).toBe(true)
    expect(await served()).toBe(200)

    expect((await api('DELETE', `/api/delete/${String(live.id)}`)).status).toBe(200)
    batchOf(await api('POST', '/api/trash/purge', { ids: [live.id] }))
    // `second` still holds the file from the trash.
    expect(await served()).toBe(200)
    batchOf(await api('POST', '/api/trash/purge', { ids: [second.id] }))
    expect(await served()).toBe(404)

    const restore = batchOf(await api('POST', '/api/trash/restore', { ids: [first.id, second.id] }))
    expect(restore.failed).toBe(2)
    const listed = (await listAllRecords()).map(({ id }) => id)
    expect(listed).not.toContain(first.id)
    expect(listed).not.toContain(second.id)
  })
})

describe('bad input to restore and purge', () => {
  it('refuses malformed bodies with a 4xx JSON error and changes nothing; other methods get 405 and Allow', async () => {
    const record = await uploadRecord()
    expect((await api('DELETE', `/api/delete/${String(record.id)}`)).status).toBe(200)
    const bodies: [string, RequestBody, number][] = [
      ['no ids', {}, 400],
      ['ids not an array', { ids: String(record.id) }, 400],
      ['string ids', { ids: [String(record.id)] }, 400],
      ['fractional id', { ids: [record.id, 1.5] }, 400],
      ['negative id', { ids: [record.id, -3] }, 400],
      ['empty list', { ids: [] }, 400],
      ['more than 500 ids', { ids: Array.from({ length: 501 }, () => record.id) }, 400],
      ['invalid JSON', '{"ids": [', 400],
      ['a JSON array', [record.id], 400],
    ]
    const before = { ...(await snapshot()), trash: await listAllTrash() }
    for (const path of ['/api/trash/restore', '/api/trash/purge']) {
      const responses = await apiAll(bodies.map(([, body]) => ['POST', path, body] as const))
      responses.forEach((response, i) => {
        expectClientError(response, bodies[i]?.[2])
      })
      const notJson = await api('POST', path, JSON.stringify({ ids: [record.id] }), {
        'content-type': 'text/plain',
      })
      expectClientError(notJson, 415)
      for (const method of ['GET', 'DELETE', 'PATCH'] as const) {
        const response = await api(method, path)
        expectClientError(response, 405)
        expect(response.headers.get('allow')).toBe('POST, OPTIONS')
      }
    }
    expect({ ...(await snapshot()), trash: await listAllTrash() }).toEqual(before)
  })
})
