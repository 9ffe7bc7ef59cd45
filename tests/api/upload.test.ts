import { describe, expect, it } from 'vitest'

import { uploadResponseSchema } from '../../src/contract/api'
import { mediaRecordSchema, type MediaRecord } from '../../src/contract/record'
import { api, apiAll, type ApiResponse } from '../support/api-client'
import {
  createFolder,
  expectClientError,
  listAllRecords,
  snapshot,
  uniqueName,
  uploadRecord,
} from '../support/api-steps'

/** The record of a 201 answer, checked against the contract with no extra fields. */
function createdRecord(response: ApiResponse): MediaRecord {
  expect(response.status, response.text).toBe(201)
  const parsed = uploadResponseSchema.parse(response.body)
  if (!parsed.success) throw new Error(parsed.error)
  expect(response.body).toEqual({ success: true, record: parsed.record })
  return mediaRecordSchema.strict().parse(parsed.record)
}

/** Upload failures keep the spec's `{ success: false, error }` shape. */
function expectUploadRefused(response: ApiResponse, status: number): string {
  const error = expectClientError(response, status)
  expect(response.body).toEqual({ success: false, error })
  return error
}

describe('POST /api/upload', () => {
  it('answers a key replayed after its file was deleted for good with 410, creating nothing', async () => {
    const name = uniqueName('purged')
    const body = { title: name, media_url: `https://media.example.test/${name}.jpg` }
    const key = { 'Idempotency-Key': `key-${name}` }
    const { id } = createdRecord(await api('POST', '/api/upload', body, key))
    expect((await api('DELETE', `/api/delete/${String(id)}`)).status).toBe(200)
    expect((await api('POST', '/api/trash/purge', { ids: [id] })).status).toBe(200)
    const replayed = await api('POST', '/api/upload', body, key)
    expect(expectUploadRefused(replayed, 410)).toBe(
      `The file made with this Idempotency-Key (file ${String(id)}) was deleted for good; ` +
        'send a new key to upload it again',
    )
    expect((await listAllRecords()).filter((record) => record.title === name)).toEqual([])
  })

  it('creates a record from canonical fields: 201 { success: true, record }, then listed', async () => {
    const name = uniqueName('canonical')
    const before = Date.now()
    const record = createdRecord(
      await api('POST', '/api/upload', {
        title: name,
        description: 'A harbour at dusk',
        media_url: `https://media.example.test/${name}.jpg`,
        thumbnail: `https://media.example.test/${name}-thumb.jpg`,
        file_size: 123_456,
        tags: ['harbour', 'dusk'],
        author: 'Ada',
        notes: 'shot on film',
        station: 'North',
        width: 1200,
        height: 800,
        public_id: `HIBF_assets/${name}`,
      }),
    )
    expect(record).toMatchObject({
      title: name,
      description: 'A harbour at dusk',
      media_url: `https://media.example.test/${name}.jpg`,
      thumbnail: `https://media.example.test/${name}-thumb.jpg`,
      file_type: 'image/jpeg',
      category: 'Images',
      file_size: 123_456,
      tags: ['harbour', 'dusk'],
      author: 'Ada',
      notes: 'shot on film',
      station: 'North',
      folder_path: '/',
      width: 1200,
      height: 800,
      public_id: `HIBF_assets/${name}`,
    })
    expect(record.id).toBeGreaterThan(0)
    expect(Number.isInteger(record.id)).toBe(true)
    const created = Date.parse(record.created_at)
    expect(created).toBeGreaterThanOrEqual(before - 60_000)
    expect(created).toBeLessThanOrEqual(Date.now() + 60_000)
    expect(record.updated_at).toBe(record.created_at)

    const listed = (await listAllRecords()).find((candidate) => candidate.id === record.id)
    expect(listed).toEqual(record)
  })

  it('fills the spec defaults: Untitled, Unknown author, type and category from the URL', async () => {
    const record = createdRecord(
      await api('POST', '/api/upload', { media_url: '/files/HIBF_assets/report.pdf' }),
    )
    expect(record).toMatchObject({
      title: 'Untitled',
      author: 'Unknown',
      description: '',
      file_type: 'application/pdf',
      category: 'Documents',
      file_size: 0,
      tags: [],
      folder_path: '/',
      media_url: '/files/HIBF_assets/report.pdf',
    })
  })

  it('accepts the alternate capitalised names and answers with canonical ones', async () => {
    const name = uniqueName('Capitalised')
    const record = createdRecord(
      await api('POST', '/api/upload', {
        Title: name,
        Description: 'from the old backend',
        Category: 'Video',
        URL: `https://media.example.test/${name}.mp4`,
        'File Size': '2048',
        'Upload Date': '2024-03-05T10:00:00Z',
        Notes: 'a note',
        Station: 'South',
        submitted_by: 'Grace',
      }),
    )
    expect(record).toMatchObject({
      title: name,
      description: 'from the old backend',
      category: 'Video',
      media_url: `https://media.example.test/${name}.mp4`,
      file_type: 'video/mp4',
      file_size: 2048,
      created_at: '2024-03-05T10:00:00.000Z',
      notes: 'a note',
      station: 'South',
      author: 'Grace',
    })
    for (const alternate of ['Title', 'URL', 'File Size', 'Upload Date', 'Notes', 'Station', 'url']) {
      expect(Object.keys(record)).not.toContain(alternate)
    }
    expect((await listAllRecords()).find((candidate) => candidate.id === record.id)).toEqual(record)
  })

  it('splits tags given as a comma-separated string into a trimmed array without empties', async () => {
    const record = await uploadRecord({ tags: ' travel, beach ,, summer ,' })
    expect(record.tags).toEqual(['travel', 'beach', 'summer'])
  })

  it('takes created_at from upload_date first, then created_at', async () => {
    const fromUploadDate = await uploadRecord({
      upload_date: '2023-01-02',
      created_at: '2020-06-07T08:09:10Z',
    })
    expect(fromUploadDate.created_at).toBe('2023-01-02T00:00:00.000Z')
    const fromCreatedAt = await uploadRecord({ created_at: '2020-06-07T08:09:10Z' })
    expect(fromCreatedAt.created_at).toBe('2020-06-07T08:09:10.000Z')
  })

  it('stores a record in an existing folder, and refuses a folder that does not exist (404)', async () => {
    const folder = await createFolder(uniqueName('uploads'))
    const record = await uploadRecord({ folder_path: folder.path })
    expect(record.folder_path).toBe(folder.path)

    const before = await listAllRecords()
    const refused = await api('POST', '/api/upload', {
      media_url: 'https://media.example.test/nowhere.png',
      folder_path: `/${uniqueName('missing')}`,
    })
    expect(expectUploadRefused(refused, 404)).toMatch(/not found/)
    expect(await listAllRecords()).toEqual(before)
  })

  it('refuses a body without a media URL: 400 { success: false, error }, nothing stored', async () => {
    const before = await snapshot()
    const bodies = [
      { title: 'no url' },
      { title: 'blank url', url: '   ' },
      { title: 'bad scheme', url: 'javascript:alert(1)' },
      { title: 'protocol-relative', url: '//evil.example.test/a.png' },
    ]
    const responses = await apiAll(bodies.map((body) => ['POST', '/api/upload', body] as const))
    responses.forEach((response, i) => {
      expect(expectUploadRefused(response, 400), bodies[i]?.title).toContain('media_url')
    })
    expect(await snapshot()).toEqual(before)
  })

  it('refuses invalid JSON with 400 { success: false, error }', async () => {
    const error = expectUploadRefused(await api('POST', '/api/upload', '{"title": "x",'), 400)
    expect(error).toMatch(/JSON/)
  })

  it('refuses a body that is not JSON with 415', async () => {
    const valid = JSON.stringify({ url: 'https://media.example.test/415.png' })
    const before = await listAllRecords()
    const types = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']
    const responses = await apiAll([
      ...types.map((type) => ['POST', '/api/upload', valid, { 'Content-Type': type }] as const),
      // No Content-Type at all.
      ['POST', '/api/upload', new TextEncoder().encode(valid)],
    ])
    for (const response of responses) expectUploadRefused(response, 415)
    expect(await listAllRecords()).toEqual(before)
  })

  it('refuses a body over 1,000,000 bytes with 413', async () => {
    // About 1.1 MB: over the API's limit, far under what netlify dev itself accepts.
    const body = JSON.stringify({
      url: 'https://media.example.test/big.png',
      description: 'x'.repeat(1_100_000),
    })
    const error = expectUploadRefused(await api('POST', '/api/upload', body), 413)
    expect(error).toContain('1000000')
  })

  it('refuses other methods with 405 and an Allow header', async () => {
    const methods = ['GET', 'PUT', 'PATCH', 'DELETE'] as const
    const responses = await apiAll(methods.map((method) => [method, '/api/upload'] as const))
    responses.forEach((response, i) => {
      expectClientError(response, 405)
      expect(response.headers.get('allow'), methods[i]).toBe('POST, OPTIONS')
    })
  })
})
