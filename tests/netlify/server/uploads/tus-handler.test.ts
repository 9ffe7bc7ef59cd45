import { randomBytes } from 'node:crypto'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import uploads from '../../../../netlify/functions/uploads.mts'
import { MemoryByteStore } from '../../../../netlify/server/storage/byte-store'
import { StorageUnavailableError } from '../../../../netlify/server/storage/document-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { replaceDocumentStore } from '../../../../netlify/server/store'
import { DEFAULT_UPLOAD_NAME } from '../../../../netlify/server/uploads/tus-headers'
import { MIN_CHUNK_BYTES, uploadStatusSchema } from '../../../../src/contract/uploads'

/** The tus handler run in this process on memory stores, as netlify.toml routes `/api/uploads/{id}`. */
const ORIGIN = 'http://localhost:8888'
const TUS = { 'tus-resumable': '1.0.0' }

let documents: MemoryDocumentStore
let bytes: MemoryByteStore

beforeEach(() => {
  documents = new MemoryDocumentStore()
  bytes = new MemoryByteStore()
  replaceDocumentStore(documents, bytes)
})
afterEach(() => {
  replaceDocumentStore(undefined)
})

function call(id: string | null, init: RequestInit): Promise<Response> {
  const url = new URL('/api/uploads', ORIGIN)
  if (id !== null) url.searchParams.set('id', id)
  return uploads(new Request(url, init))
}

const metadata = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',')

async function create(length: number, headers: Record<string, string> = {}): Promise<Response> {
  return call(null, { method: 'POST', headers: { ...TUS, 'upload-length': String(length), ...headers } })
}

async function createdId(length: number, headers: Record<string, string> = {}): Promise<string> {
  const response = await create(length, headers)
  expect(response.status, await response.clone().text()).toBe(201)
  const location = response.headers.get('location') ?? ''
  return location.slice(location.lastIndexOf('/') + 1)
}

const patch = (id: string, offset: number, body: Uint8Array<ArrayBuffer>) =>
  call(id, {
    method: 'PATCH',
    headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body,
  })

async function status(id: string) {
  const response = await call(id, { method: 'GET' })
  expect(response.status).toBe(200)
  return uploadStatusSchema.parse(await response.json())
}

/** Every key held: documents and chunks. */
async function everyKey(): Promise<string[]> {
  const [uploadDocs, fileDocs, chunks] = await Promise.all([
    documents.list('uploads/'),
    documents.list('files/'),
    bytes.list('chunks/'),
  ])
  return [...uploadDocs, ...fileDocs].map(({ key }) => key).concat(chunks)
}

describe('tus termination', () => {
  it('refuses to terminate a finished upload with 409 and a JSON message, keeping every byte', async () => {
    const content = new Uint8Array(randomBytes(3_000))
    const id = await createdId(content.length, { 'upload-metadata': metadata({ filename: 'done.bin' }) })
    expect((await patch(id, 0, content)).status).toBe(204)
    const before = await everyKey()

    const refused = await call(id, { method: 'DELETE', headers: TUS })
    expect(refused.status).toBe(409)
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/)
    expect(refused.headers.get('tus-resumable')).toBe('1.0.0')
    expect(await refused.json()).toEqual({
      error: `Upload ${id} is finished; delete the file's record instead`,
    })
    expect(await everyKey()).toEqual(before)
    const file = await status(id)
    if (!file.complete) throw new Error('the upload should be finished')
    expect((await bytes.list(`chunks/${id}/`)).length).toBe(1)
  })

  it('still terminates an unfinished upload with 204, removing its bytes', async () => {
    const id = await createdId(MIN_CHUNK_BYTES + 1_000, {
      'upload-metadata': metadata({ filename: 'half.bin' }),
    })
    expect((await patch(id, 0, new Uint8Array(randomBytes(MIN_CHUNK_BYTES)))).status).toBe(204)
    const terminated = await call(id, { method: 'DELETE', headers: TUS })
    expect(terminated.status).toBe(204)
    expect(await everyKey()).toEqual([])
    expect((await call(id, { method: 'DELETE', headers: TUS })).status).toBe(404)
  })
})

describe('tus 503 answers', () => {
  it('carry Retry-After when storage is unavailable', async () => {
    const id = await createdId(1_000, { 'upload-metadata': metadata({ filename: 'a.bin' }) })
    bytes.put = () => Promise.reject(new StorageUnavailableError('Blobs storage is unavailable'))
    const response = await patch(id, 0, new Uint8Array(randomBytes(1_000)))
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('5')
    expect(await response.json()).toEqual({ error: 'Upload failed' })
  })
})

describe('tus creation', () => {
  it('accepts a creation without Upload-Metadata, naming the file with the default name', async () => {
    const id = await createdId(4)
    expect((await patch(id, 0, new TextEncoder().encode('abcd'))).status).toBe(204)
    const file = await status(id)
    if (!file.complete) throw new Error('the upload should be finished')
    expect(DEFAULT_UPLOAD_NAME).toBe('upload')
    expect(file.result.secure_url).toBe(`/api/files/${id}/${DEFAULT_UPLOAD_NAME}`)
  })

  it('gives the default name to metadata without a filename, keeping the rest', async () => {
    const id = await createdId(0, { 'upload-metadata': metadata({ filetype: 'text/plain', width: '12' }) })
    const file = await status(id)
    if (!file.complete) throw new Error('an empty upload is finished at creation')
    expect(file.result).toMatchObject({ secure_url: `/api/files/${id}/upload`, width: 12 })
  })

  it('still refuses a filename that is present but empty', async () => {
    const response = await create(10, { 'upload-metadata': 'filename ' })
    expect(response.status).toBe(400)
  })

  it('answers an oversize Upload-Length with 413 whatever else is missing or malformed', async () => {
    const oversize = String(600 * 1024 * 1024)
    const defects: Record<string, string>[] = [
      {},
      { 'upload-metadata': 'not metadata at all!' },
      { 'upload-metadata': metadata({ filename: '' }) },
      { 'upload-metadata': metadata({ filename: 'a.bin', width: 'wide' }) },
    ]
    for (const headers of defects) {
      const response = await call(null, {
        method: 'POST',
        headers: { ...TUS, 'upload-length': oversize, ...headers },
      })
      expect(response.status, JSON.stringify(headers)).toBe(413)
      expect((await response.json()) as unknown).toHaveProperty('error')
    }
    const huge = await call(null, {
      method: 'POST',
      headers: { ...TUS, 'upload-length': '123456789012345678901234', 'upload-metadata': 'bad!' },
    })
    expect(huge.status).toBe(413)
    expect(await everyKey()).toEqual([])
  })

  it('still answers a malformed Upload-Length with 400', async () => {
    for (const length of ['-1', '1e9', 'ten', '']) {
      const response = await call(null, { method: 'POST', headers: { ...TUS, 'upload-length': length } })
      expect(response.status, length).toBe(400)
    }
  })
})
