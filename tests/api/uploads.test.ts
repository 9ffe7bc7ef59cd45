import { createHash, randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { uploadResponseSchema } from '../../src/contract/api'
import { MAX_CHUNK_BYTES, MIN_CHUNK_BYTES, uploadStatusSchema } from '../../src/contract/uploads'
import { api, baseUrl } from '../support/api-client'
import { apiProjectDir, uniqueName } from '../support/api-steps'
import {
  DOWNLOAD_WINDOW_BYTES,
  downloadByRanges,
  newStats,
  TUS_RESUMABLE,
  tusCreate,
  tusDelete,
  tusHead,
  tusOptions,
  tusPatch,
  tusSendFrom,
  tusUpload,
  uploadResultOf,
  type Bytes,
} from '../support/tus-client'

const MB = 1_000_000
const MiB = 1024 * 1024
/** The smallest chunk but the last the server takes. */
const MIN_CHUNK = MIN_CHUNK_BYTES

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** The file fingerprint (`src/contract/fingerprint.ts`) from its definition: SHA-256 over each 4 MiB block's SHA-256. */
function fingerprint(bytes: Uint8Array): string {
  const outer = createHash('sha256')
  for (let start = 0; start < bytes.length; start += 4 * MiB) {
    outer.update(
      createHash('sha256')
        .update(bytes.subarray(start, start + 4 * MiB))
        .digest(),
    )
  }
  return outer.digest('hex')
}

async function fixture(name: string): Promise<Bytes> {
  const buffer = await readFile(new URL(`../fixtures/media/${name}`, import.meta.url))
  return new Uint8Array(buffer)
}

const absolute = (path: string) => new URL(path, baseUrl()).href

/** An upload id in the right format that no upload has. */
const UNKNOWN_ID = '000000000AAAAAAAAAAAAAAAA'

/**
 * The keys the local Blobs server holds for the media host, read from its directory in the test
 * project: upload states and manifests in the `media` store, chunks in `media-files`.
 */
async function storedKeys(): Promise<{ uploads: string[]; files: string[]; chunks: string[] }> {
  const entries = join(apiProjectDir(), '.netlify', 'blobs-serve', 'entries')
  const walk = async (directory: string): Promise<string[]> => {
    let names: string[]
    try {
      names = await readdir(directory, { recursive: true })
    } catch {
      return []
    }
    // The server writes through temporary files whose names start with a dot.
    return names.filter((name) => !name.split('/').some((part) => part.startsWith('.'))).sort()
  }
  const contexts = await readdir(entries).catch(() => [] as string[])
  const keysOf = async (store: string, prefix: string) => {
    const keys = await Promise.all(contexts.map((context) => walk(join(entries, context, `site:${store}`))))
    return keys.flat().filter((key) => key.startsWith(prefix) && key.split('/').length > 1)
  }
  const [uploads, files, chunks] = await Promise.all([
    keysOf('media', 'uploads/'),
    keysOf('media', 'files/'),
    keysOf('media-files', 'chunks/'),
  ])
  // Directories are listed too; a key is a path with an id after the prefix.
  const isKey = (depth: number) => (key: string) => key.split('/').length === depth
  return {
    uploads: uploads.filter(isKey(2)),
    files: files.filter(isKey(2)),
    chunks: chunks.filter(isKey(3)),
  }
}

const idOf = (uploadUrl: string) => uploadUrl.slice(uploadUrl.lastIndexOf('/') + 1)

async function expectJsonError(response: Response, status: number): Promise<string> {
  const text = await response.text()
  expect(response.status, text).toBe(status)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  const body = JSON.parse(text) as { error?: unknown }
  expect(typeof body.error).toBe('string')
  return body.error as string
}

describe('tus 1.0 at /api/uploads', () => {
  it('answers OPTIONS with the version, extensions, maximum size and checksum algorithms', async () => {
    const discovery = await tusOptions(baseUrl())
    expect(discovery.status).toBe(204)
    expect(discovery.version?.split(',')).toContain(TUS_RESUMABLE)
    expect(discovery.extensions).toEqual(
      expect.arrayContaining(['creation', 'termination', 'expiration', 'checksum']),
    )
    expect(discovery.maxSize).toBe(500 * MiB)
    expect(discovery.checksumAlgorithms).toEqual(expect.arrayContaining(['sha1', 'sha256', 'md5']))
  })

  it('uploads 12 MB in 4 MiB chunks, resumes from the HEAD offset after an interruption, and serves it byte-identical', async () => {
    const bytes: Bytes = new Uint8Array(randomBytes(12 * MB))
    const digest = sha256(bytes)
    const stats = newStats()

    const created = await tusCreate(
      baseUrl(),
      {
        length: bytes.length,
        // A claimed sha256 is still accepted (older clients send one) but never used.
        metadata: { filename: 'resumed video.mp4', filetype: 'video/mp4', sha256: sha256(new Uint8Array(1)) },
      },
      stats,
    )
    expect(created.response.status).toBe(201)
    expect(created.response.headers.get('tus-resumable')).toBe(TUS_RESUMABLE)
    expect(created.response.headers.get('upload-expires')).toMatch(/GMT$/)
    const uploadUrl = created.uploadUrl ?? ''
    expect(uploadUrl).toMatch(/\/api\/uploads\/[0-9a-z]{9}[\w-]{16}$/)

    // The first chunk goes in; then the client is interrupted and forgets everything but the URL.
    expect(await tusSendFrom(uploadUrl, bytes, { maxChunks: 1, stats })).toBe(MAX_CHUNK_BYTES)

    const head = await tusHead(uploadUrl, stats)
    expect(head.status).toBe(200)
    expect(head.offset).toBe(MAX_CHUNK_BYTES)
    expect(head.length).toBe(bytes.length)
    expect(head.response.headers.get('cache-control')).toBe('no-store')
    expect(head.response.headers.get('upload-expires')).toMatch(/GMT$/)

    // A resend of the chunk already stored is refused with the real offset and changes nothing.
    const stale = await tusPatch(uploadUrl, 0, bytes.subarray(0, MAX_CHUNK_BYTES), stats)
    await expectJsonError(stale, 409)
    expect(stale.headers.get('upload-offset')).toBe(String(MAX_CHUNK_BYTES))
    expect((await tusHead(uploadUrl)).offset).toBe(MAX_CHUNK_BYTES)

    // A fresh client resumes from the server's offset.
    expect(await tusSendFrom(uploadUrl, bytes, { stats })).toBe(bytes.length)
    const done = await tusHead(uploadUrl)
    expect([done.offset, done.length]).toEqual([bytes.length, bytes.length])
    expect(done.response.headers.get('upload-expires')).toBeNull()
    expect(stats.largestBody).toBeLessThanOrEqual(MAX_CHUNK_BYTES)
    expect((await storedKeys()).chunks.filter((key) => key.includes(idOf(uploadUrl)))).toHaveLength(3)

    const statusResponse = await api('GET', new URL(uploadUrl).pathname)
    const status = uploadStatusSchema.parse(statusResponse.body)
    if (!status.complete) throw new Error('the upload is not complete')
    // The server's fingerprint of the bytes it received, whatever the client claimed.
    expect(status.sha256).toBe(fingerprint(bytes))
    const id = idOf(uploadUrl)
    expect(status.result).toEqual({
      secure_url: `/api/files/${id}/resumed%20video.mp4`,
      public_id: `HIBF_assets/${id}`,
      resource_type: 'raw',
      format: 'mp4',
      bytes: bytes.length,
      width: null,
      height: null,
      duration: null,
    })

    const fileUrl = absolute(status.result.secure_url)
    // Random bytes are no MP4, so they are served as an inert download. A file of up to 16 MiB comes
    // whole to a request without Range, as <img> and the Image CDN need; ranges come in 8 MiB windows.
    const plain = await fetch(fileUrl)
    const whole = new Uint8Array(await plain.arrayBuffer())
    expect(plain.status).toBe(200)
    expect(plain.headers.get('content-type')).toBe('application/octet-stream')
    expect(sha256(whole)).toBe(digest)
    const opening = await fetch(fileUrl, { headers: { Range: 'bytes=0-' } })
    expect(opening.status).toBe(206)
    expect(opening.headers.get('content-range')).toBe(
      `bytes 0-${String(DOWNLOAD_WINDOW_BYTES - 1)}/${String(bytes.length)}`,
    )
    expect((await opening.arrayBuffer()).byteLength).toBe(DOWNLOAD_WINDOW_BYTES)

    const downloaded = await downloadByRanges(fileUrl, bytes.length)
    expect(downloaded.responses).toBe(2)
    expect(sha256(downloaded.bytes)).toBe(digest)
  })

  it('answers a PATCH at the wrong offset with 409 and the current offset, storing nothing', async () => {
    const bytes: Bytes = new Uint8Array(randomBytes(2 * MIN_CHUNK + 1_000))
    const { uploadUrl } = await tusCreate(baseUrl(), {
      length: bytes.length,
      metadata: { filename: 'a.bin' },
    })
    if (!uploadUrl) throw new Error('no upload')
    expect((await tusPatch(uploadUrl, 0, bytes.subarray(0, MIN_CHUNK))).status).toBe(204)
    const before = await storedKeys()
    for (const offset of [0, MIN_CHUNK - 1, MIN_CHUNK + 1, 2 * MIN_CHUNK]) {
      const response = await tusPatch(uploadUrl, offset, bytes.subarray(offset, offset + 500))
      await expectJsonError(response, 409)
      expect(response.headers.get('upload-offset')).toBe(String(MIN_CHUNK))
    }
    expect(await storedKeys()).toEqual(before)
    expect((await tusHead(uploadUrl)).offset).toBe(MIN_CHUNK)
  })

  it('refuses a chunk but the last under 1 MiB with 400 and tus headers, storing nothing', async () => {
    const bytes: Bytes = new Uint8Array(randomBytes(64))
    const { uploadUrl } = await tusCreate(baseUrl(), { length: 64, metadata: { filename: 'tiny.bin' } })
    if (!uploadUrl) throw new Error('no upload')
    const before = await storedKeys()
    const refused = await tusPatch(uploadUrl, 0, bytes.subarray(0, 1))
    expect(await expectJsonError(refused, 400)).toBe(
      `Every chunk but the last must be at least ${String(MIN_CHUNK)} bytes (1 MiB), and this one is 1; ` +
        'send more of the file in each request',
    )
    expect(refused.headers.get('tus-resumable')).toBe(TUS_RESUMABLE)
    expect(await storedKeys()).toEqual(before)
    expect((await tusHead(uploadUrl)).offset).toBe(0)
    // The last chunk may be any size.
    expect((await tusPatch(uploadUrl, 0, bytes)).status).toBe(204)
  })

  it('refuses an upload over the maximum (600 MB) with 413 at creation, storing nothing', async () => {
    const before = await storedKeys()
    const { response, uploadUrl } = await tusCreate(baseUrl(), {
      length: 600 * MB,
      metadata: { filename: 'huge.mp4' },
    })
    await expectJsonError(response, 413)
    expect(uploadUrl).toBeNull()
    expect(await storedKeys()).toEqual(before)
  })

  it('refuses a chunk that runs past Upload-Length with 413, storing nothing', async () => {
    const { uploadUrl } = await tusCreate(baseUrl(), { length: 100, metadata: { filename: 'small.bin' } })
    if (!uploadUrl) throw new Error('no upload')
    const before = await storedKeys()
    await expectJsonError(await tusPatch(uploadUrl, 0, new Uint8Array(randomBytes(101))), 413)
    expect(await storedKeys()).toEqual(before)
    expect((await tusHead(uploadUrl)).offset).toBe(0)
  })

  it('answers 412 with Tus-Version to a request without Tus-Resumable, creating nothing', async () => {
    const before = await storedKeys()
    const post = await fetch(absolute('/api/uploads'), {
      method: 'POST',
      headers: { 'Upload-Length': '10', 'Upload-Metadata': 'filename YS50eHQ=' },
    })
    await expectJsonError(post, 412)
    expect(post.headers.get('tus-version')).toBe(TUS_RESUMABLE)
    expect(await storedKeys()).toEqual(before)

    const { uploadUrl } = await tusCreate(baseUrl(), { length: 10, metadata: { filename: 'a.txt' } })
    if (!uploadUrl) throw new Error('no upload')
    const patch = await fetch(uploadUrl, {
      method: 'PATCH',
      headers: { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new TextEncoder().encode('0123456789'),
    })
    await expectJsonError(patch, 412)
    const head = await fetch(uploadUrl, { method: 'HEAD' })
    expect(head.status).toBe(412)
    expect((await tusHead(uploadUrl)).offset).toBe(0)
  })

  it('answers a PATCH without the tus content type with 415, storing nothing', async () => {
    const { uploadUrl } = await tusCreate(baseUrl(), { length: 10, metadata: { filename: 'a.txt' } })
    if (!uploadUrl) throw new Error('no upload')
    const before = await storedKeys()
    const chunk = new TextEncoder().encode('0123456789')
    for (const contentType of ['application/octet-stream', 'text/plain']) {
      const response = await tusPatch(uploadUrl, 0, chunk, newStats(), { 'Content-Type': contentType })
      await expectJsonError(response, 415)
    }
    expect(await storedKeys()).toEqual(before)
    expect((await tusHead(uploadUrl)).offset).toBe(0)
  })

  it('answers 404 for an unknown upload, whatever the method', async () => {
    for (const id of [UNKNOWN_ID, 'not-an-id']) {
      const url = absolute(`/api/uploads/${id}`)
      expect((await tusHead(url)).status).toBe(404)
      await expectJsonError(await tusPatch(url, 0, new TextEncoder().encode('x')), 404)
      await expectJsonError(await tusDelete(url), 404)
      await expectJsonError(await fetch(url), 404)
    }
    await expectJsonError(await fetch(absolute(`/api/files/${UNKNOWN_ID}/a.jpg`)), 404)
  })

  it('terminates an upload with 204, after which it answers 404 and its chunks are gone', async () => {
    const bytes: Bytes = new Uint8Array(randomBytes(3 * MIN_CHUNK))
    const { uploadUrl } = await tusCreate(baseUrl(), {
      length: bytes.length,
      metadata: { filename: 't.bin' },
    })
    if (!uploadUrl) throw new Error('no upload')
    expect(await tusSendFrom(uploadUrl, bytes, { chunkSize: MIN_CHUNK, maxChunks: 2 })).toBe(2 * MIN_CHUNK)
    const id = idOf(uploadUrl)
    const before = await storedKeys()
    expect(before.uploads).toContain(`uploads/${id}`)
    expect(before.chunks.filter((key) => key.includes(id))).toHaveLength(2)

    const terminated = await tusDelete(uploadUrl)
    expect(terminated.status).toBe(204)
    expect(terminated.headers.get('tus-resumable')).toBe(TUS_RESUMABLE)
    expect((await tusHead(uploadUrl)).status).toBe(404)
    await expectJsonError(await tusPatch(uploadUrl, 2 * MIN_CHUNK, bytes.subarray(2 * MIN_CHUNK)), 404)
    await expectJsonError(await tusDelete(uploadUrl), 404)
    const after = await storedKeys()
    expect(after.uploads).not.toContain(`uploads/${id}`)
    expect(after.chunks.filter((key) => key.includes(id))).toEqual([])
  })

  it('refuses to terminate a finished upload with 409, keeping the file whole', async () => {
    const bytes: Bytes = new Uint8Array(randomBytes(5_000))
    const uploadUrl = await tusUpload(baseUrl(), bytes, { filename: 'kept.bin' })
    const id = idOf(uploadUrl)
    const before = await storedKeys()
    const refused = await tusDelete(uploadUrl)
    expect(await expectJsonError(refused, 409)).toBe(
      `Upload ${id} is finished; delete the file's record instead`,
    )
    expect(refused.headers.get('tus-resumable')).toBe(TUS_RESUMABLE)
    expect(await storedKeys()).toEqual(before)
    const result = await uploadResultOf(uploadUrl)
    const served = await fetch(absolute(result.secure_url))
    expect(served.status).toBe(200)
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(bytes))
  })

  it('creates an upload without Upload-Metadata, naming the file "upload"', async () => {
    const response = await fetch(absolute('/api/uploads'), {
      method: 'POST',
      headers: { 'Tus-Resumable': TUS_RESUMABLE, 'Upload-Length': '3' },
    })
    expect(response.status, await response.text()).toBe(201)
    const uploadUrl = absolute(response.headers.get('location') ?? '')
    expect((await tusPatch(uploadUrl, 0, new TextEncoder().encode('abc'))).status).toBe(204)
    expect((await uploadResultOf(uploadUrl)).secure_url).toBe(`/api/files/${idOf(uploadUrl)}/upload`)
  })

  it('answers an oversize Upload-Length with 413 even without Upload-Metadata', async () => {
    const before = await storedKeys()
    const response = await fetch(absolute('/api/uploads'), {
      method: 'POST',
      headers: { 'Tus-Resumable': TUS_RESUMABLE, 'Upload-Length': String(600 * MB) },
    })
    await expectJsonError(response, 413)
    expect(await storedKeys()).toEqual(before)
  })

  it('checks Upload-Checksum: a matching sha1 goes in, a mismatch gets 460 and stores nothing', async () => {
    const bytes: Bytes = new Uint8Array(randomBytes(MIN_CHUNK + 1_000))
    const { uploadUrl } = await tusCreate(baseUrl(), {
      length: bytes.length,
      metadata: { filename: 'c.bin' },
    })
    if (!uploadUrl) throw new Error('no upload')
    const first = bytes.subarray(0, MIN_CHUNK)
    const good = `sha1 ${createHash('sha1').update(first).digest('base64')}`
    expect((await tusPatch(uploadUrl, 0, first, newStats(), { 'Upload-Checksum': good })).status).toBe(204)
    const before = await storedKeys()
    // The first chunk's checksum sent with the second chunk.
    const bad = good
    const refused = await tusPatch(uploadUrl, MIN_CHUNK, bytes.subarray(MIN_CHUNK), newStats(), {
      'Upload-Checksum': bad,
    })
    await expectJsonError(refused, 460)
    expect(await storedKeys()).toEqual(before)
    expect((await tusHead(uploadUrl)).offset).toBe(MIN_CHUNK)
  })

  it('serves a hostile SVG as an inert download', async () => {
    const svg: Bytes = new Uint8Array(
      await readFile(new URL('../fixtures/hostile/svg-script.svg', import.meta.url)),
    )
    const uploadUrl = await tusUpload(baseUrl(), svg, {
      filename: 'svg-script.svg',
      filetype: 'image/svg+xml',
    })
    const { secure_url: secureUrl } = await uploadResultOf(uploadUrl)
    const response = await fetch(absolute(secureUrl))
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(svg))).toBe(true)
    expect(response.headers.get('content-type')).toBe('application/octet-stream')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; /)
    expect(response.headers.get('content-security-policy')).toMatch(/(^|;\s*)sandbox(;|$)/)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe('upload, record, delete end to end', () => {
  it('keeps the bytes of a deleted record while it is in the trash, and releases them when it is purged', async () => {
    const jpeg = await fixture('landscape.jpg')
    const uploadUrl = await tusUpload(baseUrl(), jpeg, {
      filename: 'landscape.jpg',
      filetype: 'image/jpeg',
      width: '640',
      height: '427',
      sha256: sha256(jpeg),
    })
    const result = await uploadResultOf(uploadUrl)
    const fileUrl = absolute(result.secure_url)
    expect((await fetch(fileUrl, { method: 'HEAD' })).status).toBe(200)

    const title = uniqueName('landscape')
    const created = await api('POST', '/api/upload', {
      title,
      media_url: result.secure_url,
      file_size: result.bytes,
      public_id: result.public_id,
      resource_type: result.resource_type,
      format: result.format,
      width: result.width,
      height: result.height,
      sha256: sha256(jpeg),
    })
    expect(created.status, created.text).toBe(201)
    const parsed = uploadResponseSchema.parse(created.body)
    if (!parsed.success) throw new Error(parsed.error)
    expect(parsed.record).toMatchObject({
      title,
      media_url: result.secure_url,
      file_type: 'image/jpeg',
      category: 'Images',
      file_size: jpeg.length,
      public_id: result.public_id,
      // Read by the server from the JPEG's header, over the 640 x 427 the upload claimed (decision 0040).
      width: 800,
      height: 600,
    })
    const served = await fetch(fileUrl)
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(jpeg))

    const deleted = await api('DELETE', `/api/delete/${String(parsed.record.id)}`)
    expect(deleted.status, deleted.text).toBe(200)
    expect((await fetch(fileUrl, { method: 'HEAD' })).status).toBe(200)
    const purged = await api('POST', '/api/trash/purge', { ids: [parsed.record.id] })
    expect(purged.status, purged.text).toBe(200)
    const gone = await fetch(fileUrl)
    await expectJsonError(gone, 404)
    const id = idOf(uploadUrl)
    const keys = await storedKeys()
    expect(keys.files).not.toContain(`files/${id}`)
    expect(keys.chunks.filter((key) => key.includes(id))).toEqual([])
  })
})
