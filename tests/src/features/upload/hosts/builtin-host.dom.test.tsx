import { createHash } from 'node:crypto'

import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { MAX_CHUNK_BYTES } from '../../../../../src/contract/uploads'
import { createBuiltinHost } from '../../../../../src/features/upload/hosts/builtin-host'
import { UPLOAD_WORDS, UploadError } from '../../../../../src/features/upload/messages'
import { currentAccess, resetAccessState } from '../../../../../src/lib/access'
import { resetConnectivity } from '../../../../../src/lib/connectivity'
import { createApiServer } from '../../../../support/upload-api-server'
import { makeFile } from '../../../../support/upload-services'

vi.mock('tus-js-client', () => import('tus-js-client/lib.esm/browser/index.js'))

const api = createApiServer()
const server = setupServer(api.handler)

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
/** Uploads run through the real handler; a busy machine needs more than the default second. */
const WAIT = { timeout: 15_000 }
const fileBytes = async (file: File) => new Uint8Array(await file.arrayBuffer())

beforeAll(() => {
  // The server's largest file, read once per instance: small enough to test 413 without a big file.
  vi.stubEnv('MAX_UPLOAD_BYTES', String(12 * 1024 * 1024))
  server.listen({ onUnhandledFrame: 'error' })
})
beforeEach(() => {
  api.install()
  api.log.length = 0
  localStorage.clear()
})
afterEach(() => {
  server.resetHandlers()
  api.uninstall()
  resetConnectivity()
  resetAccessState()
})
afterAll(() => {
  server.close()
  vi.unstubAllEnvs()
})

describe('the built-in host over tus', () => {
  it('sends 4 MiB chunks at the server offsets and returns the stored file, byte for byte', async () => {
    const file = makeFile('clip.mp4', 9 * 1024 * 1024 + 123, 'video/mp4', 7)
    const progress: number[] = []
    const result = await createBuiltinHost({ retryDelays: [] }).upload(file, {
      onProgress: (fraction) => progress.push(fraction),
      metadata: { sha256: sha256(await fileBytes(file)), width: 1280, height: 720, duration: 12.5 },
    })

    const creation = api.log.find((entry) => entry.method === 'POST')
    expect(creation?.metadata).toMatchObject({
      filename: 'clip.mp4',
      filetype: 'video/mp4',
      width: '1280',
      height: '720',
      duration: '12.5',
    })
    // The server computes the fingerprint itself; a claimed one is not sent.
    expect(creation?.metadata).not.toHaveProperty('sha256')
    // The first chunk goes with the creation (creation-with-upload); the last PATCH's answer carries the
    // result, so no status call follows.
    expect(api.log.map((entry) => `${entry.method} ${entry.uploadOffset ?? ''}`.trim())).toEqual([
      'POST',
      `PATCH ${String(MAX_CHUNK_BYTES)}`,
      `PATCH ${String(2 * MAX_CHUNK_BYTES)}`,
    ])
    expect(result).toMatchObject({
      resource_type: 'video',
      format: 'mp4',
      bytes: file.size,
      width: 1280,
      height: 720,
      duration: 12.5,
    })
    expect(result.secure_url).toMatch(/^\/api\/files\/[^/]+\/clip\.mp4$/)
    expect(result.public_id).toMatch(/^HIBF_assets\//)
    expect(progress.at(-1)).toBe(1)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
    expect(sha256(await api.download(result.secure_url))).toBe(sha256(await fileBytes(file)))
  })

  it('resumes an interrupted upload after a reload from the offset the server holds', async () => {
    const file = makeFile('talk.mp4', 10 * 1024 * 1024, 'video/mp4', 3)
    const stop = new AbortController()
    const release = api.hold('PATCH')
    const first = createBuiltinHost({ retryDelays: [] }).upload(file, { signal: stop.signal })
    // The first chunk arrives; the page goes away while the second is on its way. The second chunk's
    // gate is set before the first is let through, so it cannot slip past.
    await vi.waitFor(() => {
      expect(api.log.filter((entry) => entry.method === 'PATCH')).toHaveLength(1)
    }, WAIT)
    api.hold('PATCH')
    release()
    await vi.waitFor(() => {
      expect(api.log.filter((entry) => entry.method === 'PATCH')).toHaveLength(2)
    }, WAIT)
    stop.abort()
    await expect(first).rejects.toMatchObject({ name: 'AbortError' })
    api.log.length = 0

    // A new page: the same file again, found in localStorage by its fingerprint.
    const result = await createBuiltinHost({ retryDelays: [] }).upload(file)
    expect(api.log.map((entry) => entry.method)).not.toContain('POST')
    expect(api.log[0]?.method).toBe('HEAD')
    const offsets = api.log
      .filter((entry) => entry.method === 'PATCH')
      .map((entry) => Number(entry.uploadOffset))
    expect(offsets[0]).toBeGreaterThan(0)
    expect(sha256(await api.download(result.secure_url))).toBe(sha256(await fileBytes(file)))
    // A finished upload is forgotten, so the same file later starts afresh.
    expect(Object.keys(localStorage).filter((key) => key.startsWith('tus::'))).toEqual([])
  })

  it('recovers when a chunk reached the server but its answer was lost, asking the server its offset', async () => {
    const file = makeFile('notes.pdf', 6 * 1024 * 1024, 'application/pdf', 5)
    api.fail({ method: 'PATCH', match: () => true, respond: 'network', after: true })
    const result = await createBuiltinHost({ retryDelays: [0, 0, 0] }).upload(file)
    // The HEAD finds every byte there, and its answer carries the result.
    expect(api.log.map((entry) => entry.method)).toEqual(['POST', 'PATCH', 'HEAD'])
    expect(api.log[1]?.uploadOffset).toBe(String(MAX_CHUNK_BYTES))
    expect(sha256(await api.download(result.secure_url))).toBe(sha256(await fileBytes(file)))
  })

  it('says what the server refused before it sends the bytes again, and not for an answer lost', async () => {
    const file = makeFile('notes.pdf', 6 * 1024 * 1024, 'application/pdf', 7)
    api.fail({ method: 'PATCH', match: () => true, respond: { status: 500 } })
    const retried: number[] = []
    const result = await createBuiltinHost({ retryDelays: [0, 0] }).upload(file, {
      onRetrying: (status) => retried.push(status),
    })
    expect(retried).toEqual([500])
    expect(sha256(await api.download(result.secure_url))).toBe(sha256(await fileBytes(file)))

    api.log.length = 0
    api.fail({ method: 'PATCH', match: () => true, respond: 'network', after: true })
    const lost: number[] = []
    await createBuiltinHost({ retryDelays: [0, 0, 0] }).upload(
      makeFile('more.pdf', 6 * 1024 * 1024, 'application/pdf', 8),
      {
        onRetrying: (status) => lost.push(status),
      },
    )
    expect(lost).toEqual([])
  })

  it('answers a 409 offset conflict by reading the offset with HEAD and going on from there', async () => {
    const file = makeFile('notes.pdf', 6 * 1024 * 1024, 'application/pdf', 6)
    // Another tab sent the same chunk first: the bytes are there, this request is told 409.
    api.fail({ method: 'PATCH', match: () => true, respond: { status: 409 }, after: true })
    const retried: number[] = []
    const result = await createBuiltinHost({ retryDelays: [0] }).upload(file, {
      onRetrying: (status) => retried.push(status),
    })
    // Settled by the protocol itself: nothing to tell the person.
    expect(retried).toEqual([])
    expect(api.log.map((entry) => entry.method)).toEqual(['POST', 'PATCH', 'HEAD'])
    expect(api.log[1]?.uploadOffset).toBe(String(MAX_CHUNK_BYTES))
    expect(sha256(await api.download(result.secure_url))).toBe(sha256(await fileBytes(file)))
  })

  it('gets a 409 with the server offset when it sends a chunk at the wrong offset', async () => {
    const create = await fetch('/api/uploads', {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', 'Upload-Metadata': 'filename YS50eHQ=' },
    })
    expect(create.status).toBe(201)
    const patch = await fetch(create.headers.get('location') ?? '', {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '5',
        'Content-Type': 'application/offset+octet-stream',
      },
      body: 'abcde',
    })
    expect(patch.status).toBe(409)
    expect(patch.headers.get('upload-offset')).toBe('0')
  })

  it('reports the server refusing a file over its maximum as the spec status message', async () => {
    const file = makeFile('huge.zip', 13 * 1024 * 1024, 'application/zip')
    const failure = createBuiltinHost({ retryDelays: [] }).upload(file)
    await expect(failure).rejects.toBeInstanceOf(UploadError)
    await expect(failure).rejects.toMatchObject({ message: 'Upload failed with status: 413' })
    expect(api.log.map((entry) => entry.method)).toEqual(['POST'])
  })

  it("turns the screen to the sign-in when the access gate refuses the upload's own request", async () => {
    api.fail({ method: 'POST', match: () => true, respond: { status: 401, body: { error: 'Sign in' } } })
    const failure = createBuiltinHost({ retryDelays: [] }).upload(makeFile('a.txt', 10, 'text/plain'))
    await expect(failure).rejects.toMatchObject({ message: 'Upload failed with status: 401' })
    expect(currentAccess()).toMatchObject({ signedOut: true, asking: true })
  })

  it('leaves the sign-in alone when the upload fails otherwise', async () => {
    await expect(
      createBuiltinHost({ retryDelays: [] }).upload(
        makeFile('huge.zip', 13 * 1024 * 1024, 'application/zip'),
      ),
    ).rejects.toMatchObject({ message: 'Upload failed with status: 413' })
    expect(currentAccess().signedOut).toBe(false)
  })

  it('refuses a file over its own limit before sending a byte', async () => {
    const file = makeFile('big.bin', 2048, 'application/octet-stream')
    const failure = createBuiltinHost({ maxFileBytes: 1024 }).upload(file)
    await expect(failure).rejects.toMatchObject({
      message: '"big.bin" is 2 KB; the largest file allowed is 1 KB.',
    })
    expect(api.log).toEqual([])
  })

  it('reports a dropped connection as the spec network message, with a sentence rather than tus text', async () => {
    api.fail({ method: 'POST', match: () => true, respond: 'network' })
    const failure = createBuiltinHost({ retryDelays: [], serverWaitMs: 0 }).upload(
      makeFile('a.txt', 10, 'text/plain'),
    )
    await expect(failure).rejects.toMatchObject({
      message: 'Network error during upload',
      detail: UPLOAD_WORDS.gaveUp,
    })
  })

  it('waits for a server that stopped answering mid-file, then goes on from the offset it holds', async () => {
    const file = makeFile('notes.pdf', 6 * 1024 * 1024, 'application/pdf', 8)
    const secondChunk = (entry: { path: string; uploadOffset: string | null }) =>
      entry.uploadOffset === String(MAX_CHUNK_BYTES)
    // The chunk and its quick retry get no answer, nor does the first look at the server.
    api.fail({ method: 'PATCH', match: secondChunk, respond: 'network', times: 2 })
    api.fail({ method: 'GET', match: (entry) => entry.path === '/api/access', respond: 'network' })
    const waiting: boolean[] = []
    const progress: number[] = []
    const result = await createBuiltinHost({ retryDelays: [0], serverWaitMs: 60_000 }).upload(file, {
      onWaiting: (value) => waiting.push(value),
      onProgress: (fraction) => progress.push(fraction),
    })
    expect(waiting).toEqual([true, false])
    const upload = api.log.filter((entry) => entry.path !== '/api/access')
    expect(upload.map((entry) => `${entry.method} ${entry.uploadOffset ?? ''}`.trim())).toEqual([
      // The first chunk goes with the creation.
      'POST',
      `PATCH ${String(MAX_CHUNK_BYTES)}`,
      // The quick retry asks the offset first, and so does the upload once the server is back.
      'HEAD',
      `PATCH ${String(MAX_CHUNK_BYTES)}`,
      'HEAD',
      `PATCH ${String(MAX_CHUNK_BYTES)}`,
    ])
    expect(api.log.filter((entry) => entry.path === '/api/access').length).toBeGreaterThanOrEqual(2)
    expect(sha256(await api.download(result.secure_url))).toBe(sha256(await fileBytes(file)))
  }, 30_000)

  it('gives up after the longest wait with the spec network message and a sentence', async () => {
    api.fail({
      method: 'POST',
      match: (entry) => entry.path === '/api/uploads',
      respond: 'network',
      times: 20,
    })
    const waiting: boolean[] = []
    const failure = createBuiltinHost({ retryDelays: [], serverWaitMs: 300 }).upload(
      makeFile('a.txt', 10, 'text/plain'),
      { onWaiting: (value) => waiting.push(value) },
    )
    await expect(failure).rejects.toMatchObject({
      message: 'Network error during upload',
      detail: UPLOAD_WORDS.gaveUp,
    })
    expect(waiting[0]).toBe(true)
  }, 30_000)
})
