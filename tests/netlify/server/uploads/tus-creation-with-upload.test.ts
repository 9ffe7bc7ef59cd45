import { createHash, randomBytes } from 'node:crypto'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { MemoryByteStore } from '../../../../netlify/server/storage/byte-store'
import { StorageUnavailableError } from '../../../../netlify/server/storage/document-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { replaceDocumentStore } from '../../../../netlify/server/store'
import {
  decodeUploadResult,
  MAX_CHUNK_BYTES,
  MIN_CHUNK_BYTES,
  UPLOAD_RESULT_HEADER,
  uploadStatusSchema,
} from '../../../../src/contract/uploads'
import { routeToFunction } from '../../../support/function-router'

/** tus creation-with-upload through the function router, on memory stores. */
const ORIGIN = 'http://localhost:8888'
const TUS = { 'tus-resumable': '1.0.0' }
const DATA = { 'content-type': 'application/offset+octet-stream' }

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

async function send(path: string, init: RequestInit): Promise<Response> {
  const response = await routeToFunction(new Request(new URL(path, ORIGIN), init))
  if (!response) throw new Error(`no function serves ${path}`)
  return response
}

const filename = (name: string) => `filename ${Buffer.from(name).toString('base64')}`

/** A creation carrying `body` as its first chunk. */
function createWith(length: number, body: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) {
  return send('/api/uploads', {
    method: 'POST',
    headers: {
      ...TUS,
      ...DATA,
      'upload-length': String(length),
      'upload-metadata': filename('photo.png'),
      ...headers,
    },
    body,
  })
}

const locationOf = (response: Response) => response.headers.get('location') ?? ''

async function status(location: string) {
  const response = await send(location, { method: 'GET' })
  expect(response.status).toBe(200)
  return uploadStatusSchema.parse(await response.json())
}

async function fileBytes(url: string): Promise<Buffer> {
  const response = await send(url, { method: 'GET' })
  expect(response.status).toBe(200)
  return Buffer.from(await response.arrayBuffer())
}

async function everyKey(): Promise<string[]> {
  const [uploads, files, chunks] = await Promise.all([
    documents.list('uploads/'),
    documents.list('files/'),
    bytes.list('chunks/'),
  ])
  return [...uploads, ...files].map(({ key }) => key).concat(chunks)
}

describe('tus creation-with-upload', () => {
  it('is announced by OPTIONS', async () => {
    const response = await send('/api/uploads', { method: 'OPTIONS' })
    expect(response.headers.get('tus-extension')?.split(',')).toContain('creation-with-upload')
  })

  it('stores a whole small file in the creation and answers with its result', async () => {
    const content = new Uint8Array(randomBytes(5_000))
    const created = await createWith(content.length, content)
    expect(created.status, await created.clone().text()).toBe(201)
    expect(created.headers.get('upload-offset')).toBe(String(content.length))
    expect(created.headers.get('upload-expires')).toBeNull()

    const carried = decodeUploadResult(created.headers.get(UPLOAD_RESULT_HEADER))
    expect(carried).toEqual(await status(locationOf(created)))
    expect(carried?.result).toMatchObject({ bytes: content.length, format: 'png' })
    expect((await fileBytes(carried?.result.secure_url ?? '')).equals(content)).toBe(true)
  })

  it('takes part of a file in the creation and the rest by PATCH, whose answer carries the result', async () => {
    const first = MIN_CHUNK_BYTES
    const content = new Uint8Array(randomBytes(first + 5_000))
    const created = await createWith(content.length, content.subarray(0, first))
    expect(created.status).toBe(201)
    expect(created.headers.get('upload-offset')).toBe(String(first))
    expect(created.headers.get(UPLOAD_RESULT_HEADER)).toBeNull()
    expect(await status(locationOf(created))).toMatchObject({ complete: false, offset: first })

    const patched = await send(locationOf(created), {
      method: 'PATCH',
      headers: { ...TUS, ...DATA, 'upload-offset': String(first) },
      body: content.subarray(first),
    })
    expect(patched.status).toBe(204)
    expect(patched.headers.get('upload-offset')).toBe(String(content.length))
    const carried = decodeUploadResult(patched.headers.get(UPLOAD_RESULT_HEADER))
    expect(carried).toEqual(await status(locationOf(created)))
    expect((await fileBytes(carried?.result.secure_url ?? '')).equals(content)).toBe(true)
  })

  it('refuses a first chunk under the minimum that is not the whole file: 400, creating nothing', async () => {
    const content = new Uint8Array(randomBytes(64))
    const refused = await createWith(content.length, content.subarray(0, 16))
    expect(refused.status).toBe(400)
    expect(refused.headers.get('tus-resumable')).toBe('1.0.0')
    expect(refused.headers.get('location')).toBeNull()
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^Every chunk but the last must be at least 1048576 bytes \(1 MiB\), and this one is 16/,
    )
    expect(await everyKey()).toEqual([])
    // The whole file in the creation is its last chunk, whatever its size.
    expect((await createWith(content.length, content)).status).toBe(201)
  })

  it('checks a checksum before creating anything: a mismatch is 460 and stores nothing', async () => {
    const content = new Uint8Array(randomBytes(2_000))
    const wrong = createHash('sha256').update('something else').digest('base64')
    const refused = await createWith(content.length, content, { 'upload-checksum': `sha256 ${wrong}` })
    expect(refused.status).toBe(460)
    expect(refused.headers.get('location')).toBeNull()
    expect(await everyKey()).toEqual([])

    const right = createHash('sha256').update(content).digest('base64')
    const accepted = await createWith(content.length, content, { 'upload-checksum': `sha256 ${right}` })
    expect(accepted.status).toBe(201)
    expect(accepted.headers.get('upload-offset')).toBe('2000')
  })

  it('refuses a body longer than Upload-Length with 413, storing nothing', async () => {
    const refused = await createWith(100, new Uint8Array(randomBytes(101)))
    expect(refused.status).toBe(413)
    expect(await everyKey()).toEqual([])
  })

  it('refuses a body over one chunk with 413, however large the file, storing nothing', async () => {
    const refused = await createWith(MAX_CHUNK_BYTES * 2, new Uint8Array(MAX_CHUNK_BYTES + 1))
    expect(refused.status).toBe(413)
    expect(await refused.json()).toEqual({ error: `A chunk may be at most ${String(MAX_CHUNK_BYTES)} bytes` })
    expect(await everyKey()).toEqual([])
  })

  it('still refuses an oversize Upload-Length with 413 before reading the body', async () => {
    const refused = await createWith(600 * 1024 * 1024, new Uint8Array(10))
    expect(refused.status).toBe(413)
    expect(await everyKey()).toEqual([])
  })

  it('answers offset 0 when the body could not be stored, so the client sends it again by PATCH', async () => {
    const content = new Uint8Array(randomBytes(3_000))
    const put = bytes.put.bind(bytes)
    bytes.put = () => Promise.reject(new StorageUnavailableError('Blobs storage is unavailable'))
    const created = await createWith(content.length, content)
    expect(created.status).toBe(201)
    expect(created.headers.get('upload-offset')).toBe('0')
    bytes.put = put

    const patched = await send(locationOf(created), {
      method: 'PATCH',
      headers: { ...TUS, ...DATA, 'upload-offset': '0' },
      body: content,
    })
    expect(patched.status).toBe(204)
    expect(decodeUploadResult(patched.headers.get(UPLOAD_RESULT_HEADER))?.result.bytes).toBe(3_000)
  })

  it('keeps a plain creation (no body) as it was: offset 0, no result', async () => {
    const created = await send('/api/uploads', {
      method: 'POST',
      headers: { ...TUS, 'upload-length': '10', 'upload-metadata': filename('a.txt') },
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('upload-offset')).toBe('0')
    expect(created.headers.get(UPLOAD_RESULT_HEADER)).toBeNull()
  })
})
