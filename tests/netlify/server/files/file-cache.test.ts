/**
 * Removed files leave the CDN: every file response carries the file's cache tag, and every way a stored
 * file is removed (purge, the repair pass, tus termination, the expiry sweep) purges that tag. A purge
 * that fails, or has nothing to purge against, never fails the removal.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import {
  FILE_CACHE_TAG_HEADER,
  fileCacheTag,
  purgeFileCache,
  replaceCachePurge,
} from '../../../../netlify/server/files/file-cache'
import { accessGateFor, replaceAccessGate } from '../../../../netlify/server/http/access-gate'
import { createRecord, deleteRecord } from '../../../../netlify/server/records/media-service'
import { runRepair } from '../../../../netlify/server/repair/run-repair'
import { MemoryByteStore } from '../../../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../../../netlify/server/storage/memory-store'
import { replaceDocumentStore } from '../../../../netlify/server/store'
import { purgeFromTrash } from '../../../../netlify/server/trash/trash-service'
import {
  appendChunk,
  createUpload,
  fileUrl,
  readManifest,
  removeStoredFile,
  sweepExpiredUploads,
  terminateUpload,
  type MediaHostStores,
} from '../../../../netlify/server/uploads/upload-service'
import { recordCreateSchema } from '../../../../src/contract/record'
import { MIN_CHUNK_BYTES } from '../../../../src/contract/uploads'
import { routeToFunction } from '../../../support/function-router'

const HOUR = 3_600_000
const SETTINGS = { maxUploadBytes: 4 * MIN_CHUNK_BYTES, expiryMs: HOUR }
const BYTES = new TextEncoder().encode('the bytes of a stored file')

let stores: MediaHostStores
let purged: string[][]

beforeEach(() => {
  stores = { documents: new MemoryDocumentStore(), bytes: new MemoryByteStore() }
  purged = []
  replaceCachePurge((tags) => {
    purged.push(tags)
    return Promise.resolve()
  })
})

afterEach(() => {
  replaceCachePurge(undefined)
  replaceDocumentStore(undefined)
  replaceAccessGate(undefined)
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

async function storeFile(name: string, now = new Date()): Promise<{ id: string; url: string }> {
  const { id } = await createUpload(
    stores,
    SETTINGS,
    { length: BYTES.length, metadata: { filename: name } },
    now,
  )
  await appendChunk(stores, id, { offset: 0, bytes: BYTES, checksum: null }, now)
  const manifest = await readManifest(stores.documents, id)
  if (!manifest) throw new Error(`${name} did not finish`)
  return { id, url: fileUrl(manifest) }
}

async function isStored(id: string): Promise<boolean> {
  return (await stores.documents.read(`files/${id}`)) !== null
}

describe('purging the CDN cache of a removed file', () => {
  it('purges the file tag when a purge from the trash releases the file', async () => {
    const file = await storeFile('photo.png')
    const record = await createRecord(stores.documents, recordCreateSchema.parse({ media_url: file.url }))
    await deleteRecord(stores.documents, record.id)
    await purgeFromTrash(stores, [record.id], null)
    expect(await isStored(file.id)).toBe(false)
    expect(purged).toEqual([[`file-${file.id}`]])
  })

  it('purges the file tag when the repair pass removes a file no record references', async () => {
    const file = await storeFile('nobody.png')
    const report = await runRepair(stores, SETTINGS, { now: new Date(Date.now() + 2 * HOUR) })
    expect(report.violations).toEqual([expect.objectContaining({ kind: 'unreferenced-file' })])
    expect(await isStored(file.id)).toBe(false)
    expect(purged).toEqual([[`file-${file.id}`]])
  })

  it('purges the tag when an upload is terminated, and when the expiry sweep removes one', async () => {
    const length = MIN_CHUNK_BYTES + 10
    const terminated = await createUpload(stores, SETTINGS, { length, metadata: { filename: 'a.txt' } })
    const first = new Uint8Array(MIN_CHUNK_BYTES)
    await appendChunk(stores, terminated.id, { offset: 0, bytes: first, checksum: null })
    await terminateUpload(stores, terminated.id)
    const past = new Date(Date.now() - 2 * HOUR)
    const expired = await createUpload(
      stores,
      SETTINGS,
      { length: 10, metadata: { filename: 'b.txt' } },
      past,
    )
    await sweepExpiredUploads(stores, SETTINGS)
    expect(purged).toEqual([[`file-${terminated.id}`], [`file-${expired.id}`]])
  })

  it('still removes the file when the purge fails or never answers, and logs it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      const failing = await storeFile('failing.png')
      replaceCachePurge(() => Promise.reject(new Error('purge API unavailable')))
      await removeStoredFile(stores, failing.id)
      expect(await isStored(failing.id)).toBe(false)

      const hanging = await storeFile('hanging.png')
      let asked: () => void = () => undefined
      const purgeAsked = new Promise<void>((resolve) => (asked = resolve))
      replaceCachePurge(() => {
        asked()
        return new Promise<void>(() => undefined)
      })
      const removal = removeStoredFile(stores, hanging.id)
      await purgeAsked
      // The purge is given up after its timeout; the removal then completes.
      await vi.advanceTimersByTimeAsync(6_000)
      await removal
      expect(await isStored(hanging.id)).toBe(false)
      expect(consoleError.mock.calls.map(([message]) => String(message))).toEqual([
        `Could not purge the CDN cache of file-${failing.id}`,
        `Could not purge the CDN cache of file-${hanging.id}`,
      ])
    } finally {
      vi.useRealTimers()
    }
  })

  it('purges even when the removal fails midway, since part of the file may be gone', async () => {
    const file = await storeFile('half.png')
    stores.bytes.remove = () => Promise.reject(new Error('bytes unavailable'))
    await expect(removeStoredFile(stores, file.id)).rejects.toThrow('bytes unavailable')
    expect(purged).toEqual([[`file-${file.id}`]])
  })
})

describe("Netlify's purge API", () => {
  it('is not called where there is no purge token (netlify dev, tests): nothing is fetched', async () => {
    replaceCachePurge(undefined)
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const file = await storeFile('local.png')
    await removeStoredFile(stores, file.id)
    expect(await isStored(file.id)).toBe(false)
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('is asked to purge the file tag of this site when the function has a token; a refusal is logged', async () => {
    replaceCachePurge(undefined)
    vi.stubEnv('NETLIFY_PURGE_API_TOKEN', 'purge-token')
    vi.stubEnv('SITE_ID', 'site-123')
    const calls: { url: string; body: unknown; authorization: string | null }[] = []
    let status = 202
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      calls.push({
        url: input instanceof Request ? input.url : String(input),
        body: JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as unknown,
        authorization: new Headers(init?.headers).get('authorization'),
      })
      return Promise.resolve(new Response(null, { status }))
    })
    await purgeFileCache(['abc'])
    expect(calls).toEqual([
      {
        url: 'https://api.netlify.com/api/v1/purge',
        body: { cache_tags: ['file-abc'], site_id: 'site-123' },
        authorization: 'Bearer purge-token',
      },
    ])
    status = 500
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const file = await storeFile('refused.png')
    await removeStoredFile(stores, file.id)
    expect(await isStored(file.id)).toBe(false)
    expect(consoleError).toHaveBeenCalledTimes(1)
  })

  it('is skipped for no files', async () => {
    await purgeFileCache([])
    expect(purged).toEqual([])
  })
})

describe('the cache tag on file responses through the files function', () => {
  const TOKEN = 'a-long-random-token-0123456789'
  const ORIGIN = 'http://localhost:8888'
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await routeToFunction(new Request(new URL(path, ORIGIN), init))
    if (!response) throw new Error(`no function serves ${path}`)
    return response
  }

  it('is on a plain link, a ranged and a HEAD request, and a signed link behind the access gate', async () => {
    replaceDocumentStore(stores.documents, stores.bytes)
    const file = await storeFile('served.png')
    const tag = fileCacheTag(file.id)
    const answers = [
      await call(file.url),
      await call(file.url, { headers: { range: 'bytes=0-3' } }),
      await call(file.url, { method: 'HEAD' }),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([200, 206, 200])

    replaceAccessGate(accessGateFor(TOKEN))
    const redirect = await call(file.url.replace('/api/files/', '/api/file-link/thumbnail/'), {
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    const signed = new URL(redirect.headers.get('location') ?? '', ORIGIN).searchParams.get('url') ?? ''
    expect(signed).toMatch(/^\/api\/signed-files\//)
    const viaSignedLink = await call(signed)
    expect(viaSignedLink.status).toBe(200)
    answers.push(viaSignedLink)
    for (const answer of answers) expect(answer.headers.get(FILE_CACHE_TAG_HEADER)).toBe(tag)
  })
})
