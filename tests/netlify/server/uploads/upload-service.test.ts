import { createHash, randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'

import { describe, expect, it } from 'vitest'

import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  PayloadTooLargeError,
} from '../../../../netlify/server/errors'
import {
  isUploadId,
  manifestKey,
  uploadKey,
  type UploadState,
} from '../../../../netlify/server/uploads/upload-documents'
import {
  ChecksumMismatchError,
  OffsetMismatchError,
  UploadGoneError,
} from '../../../../netlify/server/uploads/upload-errors'
import {
  appendChunk,
  createUpload,
  readManifest,
  sweepExpiredUploads,
  terminateUpload,
  uploadProgress,
  uploadResult,
  type MediaHostSettings,
  type MediaHostStores,
} from '../../../../netlify/server/uploads/upload-service'
import {
  maxChunksFor,
  MIN_CHUNK_BYTES,
  uploadStatusSchema,
  type UploadMetadata,
} from '../../../../src/contract/uploads'
import { freshMediaStoresForEachTest } from '../../../support/media-stores'
import { STORE_KINDS, type StoreKind } from '../../../support/stores'
import { referenceFingerprint } from '../../../support/reference-fingerprint'

const HOUR = 3_600_000
const SETTINGS: MediaHostSettings = { maxUploadBytes: 16 * 1024 * 1024, expiryMs: 24 * HOUR }
/** The smallest chunk but the last the service takes. */
const C = MIN_CHUNK_BYTES
const T0 = new Date('2025-03-04T05:06:07.000Z')
const at = (ms: number) => new Date(T0.getTime() + ms)

const fixture = (name: string) => readFile(new URL(`../../../fixtures/media/${name}`, import.meta.url))

function meta(filename: string, extra: Partial<UploadMetadata> = {}): UploadMetadata {
  return { filename, ...extra }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts))
}

function checksum(algorithm: string, bytes: Uint8Array): string {
  return `${algorithm} ${createHash(algorithm).update(bytes).digest('base64')}`
}

/** Every chunk blob in the byte store. */
const chunkKeys = (stores: MediaHostStores) => stores.bytes.list('chunks/')

/** Every key the media host keeps: upload states, manifests and chunks. */
async function everyKey(stores: MediaHostStores): Promise<string[]> {
  const [uploads, files, chunks] = await Promise.all([
    stores.documents.list('uploads/'),
    stores.documents.list('files/'),
    chunkKeys(stores),
  ])
  return [...uploads.map(({ key }) => key), ...files.map(({ key }) => key), ...chunks]
}

/** A finished file's bytes, read back chunk by chunk in the manifest's order. */
async function readStoredFile(stores: MediaHostStores, id: string): Promise<Uint8Array> {
  const manifest = await readManifest(stores.documents, id)
  if (!manifest) throw new Error(`no manifest for ${id}`)
  const parts: Uint8Array[] = []
  let expectedStart = 0
  for (const chunk of manifest.chunks) {
    expect(chunk.start).toBe(expectedStart)
    const data = await stores.bytes.get(chunk.key)
    if (!data) throw new Error(`chunk ${chunk.key} is missing`)
    expect(data.length).toBe(chunk.size)
    parts.push(data)
    expectedStart += chunk.size
  }
  return concat(parts)
}

/** Uploads `bytes` in `chunkSize` pieces, each PATCH at the offset the previous one returned. */
async function uploadWhole(
  stores: MediaHostStores,
  filename: string,
  bytes: Uint8Array,
  {
    chunkSize = MIN_CHUNK_BYTES,
    now = T0,
    extra = {},
  }: { chunkSize?: number; now?: Date; extra?: Partial<UploadMetadata> } = {},
): Promise<string> {
  const { id } = await createUpload(
    stores,
    SETTINGS,
    { length: bytes.length, metadata: meta(filename, extra) },
    now,
  )
  let offset = 0
  while (offset < bytes.length) {
    const chunk = bytes.subarray(offset, offset + chunkSize)
    ;({ offset } = await appendChunk(stores, id, { offset, bytes: chunk, checksum: null }, now))
  }
  return id
}

async function expectRejection<E extends Error>(
  promise: Promise<unknown>,
  type: new (...args: never[]) => E,
): Promise<E> {
  const error = await promise.then(
    () => {
      throw new Error(`expected ${type.name}, but the call succeeded`)
    },
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(type)
  return error as E
}

describe.each(STORE_KINDS)('upload service (%s)', (kind: StoreKind) => {
  const stores = freshMediaStoresForEachTest(kind)

  describe('createUpload', () => {
    it('creates an upload at offset 0 that expires after expiryMs, storing no bytes', async () => {
      const created = await createUpload(stores(), SETTINGS, { length: 1000, metadata: meta('clip.mp4') }, T0)
      expect(isUploadId(created.id)).toBe(true)
      expect(created).toEqual({
        id: created.id,
        offset: 0,
        length: 1000,
        expiresAt: at(SETTINGS.expiryMs),
      })
      expect(await uploadProgress(stores(), created.id, T0)).toEqual({
        offset: 0,
        length: 1000,
        expiresAt: at(SETTINGS.expiryMs),
      })
      expect(await everyKey(stores())).toEqual([uploadKey(created.id)])
    })

    it('gives every upload its own id', async () => {
      const ids = await Promise.all(
        Array.from({ length: 5 }, () =>
          createUpload(stores(), SETTINGS, { length: 10, metadata: meta('a.txt') }, T0),
        ),
      )
      expect(new Set(ids.map(({ id }) => id)).size).toBe(5)
    })

    it('accepts exactly maxUploadBytes', async () => {
      const created = await createUpload(stores(), SETTINGS, {
        length: SETTINGS.maxUploadBytes,
        metadata: meta('big.bin'),
      })
      expect(created.length).toBe(SETTINGS.maxUploadBytes)
    })

    it('refuses a file over maxUploadBytes with PayloadTooLargeError, storing nothing', async () => {
      await expectRejection(
        createUpload(stores(), SETTINGS, {
          length: SETTINGS.maxUploadBytes + 1,
          metadata: meta('huge.mp4'),
        }),
        PayloadTooLargeError,
      )
      expect(await everyKey(stores())).toEqual([])
    })

    it('completes a zero-length file at creation: a manifest, no upload state, no chunks', async () => {
      const created = await createUpload(stores(), SETTINGS, { length: 0, metadata: meta('empty.txt') }, T0)
      const file = expect.objectContaining({ id: created.id, size: 0 }) as unknown
      expect(created).toEqual({ id: created.id, offset: 0, length: 0, file })
      expect(await everyKey(stores())).toEqual([manifestKey(created.id)])
      expect(await uploadProgress(stores(), created.id)).toEqual({ offset: 0, length: 0, file })
      const status = await uploadResult(stores(), created.id)
      expect(status).toMatchObject({ complete: true, result: { bytes: 0, format: 'txt' } })
      const manifest = await readManifest(stores().documents, created.id)
      expect(manifest).toMatchObject({ size: 0, chunks: [], name: 'empty.txt' })
      // An empty PATCH at the end is a harmless repeat; bytes beyond the end are refused.
      expect(
        await appendChunk(stores(), created.id, { offset: 0, bytes: new Uint8Array(), checksum: null }),
      ).toEqual({ offset: 0, length: 0, file })
      const refused = await expectRejection(
        appendChunk(stores(), created.id, { offset: 0, bytes: new Uint8Array([1]), checksum: null }),
        OffsetMismatchError,
      )
      expect(refused.currentOffset).toBe(0)
      expect(await chunkKeys(stores())).toEqual([])
    })

    it('keeps a cleaned file name: no control characters or path separators', async () => {
      const bytes = new TextEncoder().encode('plain words\n')
      const id = await uploadWhole(stores(), '../evil\r\nname\u202e.txt', bytes)
      const manifest = await readManifest(stores().documents, id)
      expect(manifest?.name).toBe('.._evilname.txt')
      expect(manifest?.name).not.toMatch(/[\r\n/\\\u202e]/)
    })
  })

  describe('appendChunk', () => {
    it('appends chunks in order and turns the last one into a file, byte-identical', async () => {
      // Each chunk but the last at least the minimum, some just over it; the last one small.
      const sizes = [C, C + 4_096, C + 7, 18_928]
      const bytes = randomBytes(sizes.reduce((sum, size) => sum + size, 0))
      const { id } = await createUpload(
        stores(),
        SETTINGS,
        { length: bytes.length, metadata: meta('data.bin') },
        T0,
      )
      let offset = 0
      for (const [index, size] of sizes.entries()) {
        const progress = await appendChunk(
          stores(),
          id,
          { offset, bytes: bytes.subarray(offset, offset + size), checksum: null },
          T0,
        )
        offset += size
        const last = index === sizes.length - 1
        expect(progress).toEqual(
          last
            ? {
                offset,
                length: bytes.length,
                file: expect.objectContaining({ id, size: bytes.length }) as unknown,
              }
            : { offset, length: bytes.length, expiresAt: at(SETTINGS.expiryMs) },
        )
      }
      expect(offset).toBe(bytes.length)
      expect(await stores().documents.read(uploadKey(id))).toBeNull()
      const manifest = await readManifest(stores().documents, id)
      expect(manifest?.chunks.map(({ start, size }) => [start, size])).toEqual([
        [0, C],
        [C, C + 4_096],
        [2 * C + 4_096, C + 7],
        [3 * C + 4_103, 18_928],
      ])
      expect((await chunkKeys(stores())).sort()).toEqual(manifest?.chunks.map(({ key }) => key).sort())
      expect(Buffer.from(await readStoredFile(stores(), id)).equals(bytes)).toBe(true)
      // A finished upload answers HEAD with its full size and no expiry.
      expect(await uploadProgress(stores(), id)).toMatchObject({
        offset: bytes.length,
        length: bytes.length,
        file: { id, size: bytes.length },
      })
    })

    it('resumes after an interruption from the offset HEAD reports', async () => {
      const bytes = randomBytes(3 * C + 20_000)
      const chunkSize = C
      const { id } = await createUpload(
        stores(),
        SETTINGS,
        { length: bytes.length, metadata: meta('video.mp4') },
        T0,
      )
      await appendChunk(stores(), id, { offset: 0, bytes: bytes.subarray(0, chunkSize), checksum: null }, T0)
      // The second PATCH reached the server, but its answer was lost with the connection.
      await appendChunk(
        stores(),
        id,
        { offset: chunkSize, bytes: bytes.subarray(chunkSize, 2 * chunkSize), checksum: null },
        T0,
      )

      // The client comes back later, knowing only the id; a blind resend of the chunk it thinks failed
      // is refused with the real offset, and HEAD agrees.
      const resend = await expectRejection(
        appendChunk(
          stores(),
          id,
          { offset: chunkSize, bytes: bytes.subarray(chunkSize, 2 * chunkSize), checksum: null },
          at(HOUR),
        ),
        OffsetMismatchError,
      )
      expect(resend.currentOffset).toBe(2 * chunkSize)
      const { offset: resumeAt } = await uploadProgress(stores(), id, at(HOUR))
      expect(resumeAt).toBe(2 * chunkSize)

      let offset = resumeAt
      while (offset < bytes.length) {
        ;({ offset } = await appendChunk(
          stores(),
          id,
          { offset, bytes: bytes.subarray(offset, offset + chunkSize), checksum: null },
          at(HOUR),
        ))
      }
      expect(Buffer.from(await readStoredFile(stores(), id)).equals(bytes)).toBe(true)
      expect((await chunkKeys(stores())).length).toBe(Math.ceil(bytes.length / chunkSize))
    })

    it('refuses a wrong offset with OffsetMismatchError carrying the current offset, changing nothing', async () => {
      const bytes = randomBytes(3 * C)
      const { id } = await createUpload(stores(), SETTINGS, { length: bytes.length, metadata: meta('a.bin') })
      await appendChunk(stores(), id, { offset: 0, bytes: bytes.subarray(0, C), checksum: null })
      const before = await everyKey(stores())
      const stateBefore = await stores().documents.read(uploadKey(id))

      for (const offset of [0, 5_000, C + 1, 2 * C]) {
        const error = await expectRejection(
          appendChunk(stores(), id, { offset, bytes: bytes.subarray(0, C), checksum: null }),
          OffsetMismatchError,
        )
        expect(error.currentOffset).toBe(C)
      }
      expect(await everyKey(stores())).toEqual(before)
      expect((await stores().documents.read(uploadKey(id)))?.value).toEqual(stateBefore?.value)
      expect((await uploadProgress(stores(), id)).offset).toBe(C)
    })

    it('refuses a chunk running past Upload-Length with PayloadTooLargeError, storing nothing', async () => {
      const { id } = await createUpload(stores(), SETTINGS, { length: C + 100, metadata: meta('a.bin') })
      await appendChunk(stores(), id, { offset: 0, bytes: randomBytes(C), checksum: null })
      const before = await chunkKeys(stores())
      expect(before).toHaveLength(1)
      await expectRejection(
        appendChunk(stores(), id, { offset: C, bytes: randomBytes(101), checksum: null }),
        PayloadTooLargeError,
      )
      expect(await chunkKeys(stores())).toEqual(before)
      expect((await uploadProgress(stores(), id)).offset).toBe(C)
      // The right size still goes in.
      expect(
        (await appendChunk(stores(), id, { offset: C, bytes: randomBytes(100), checksum: null })).offset,
      ).toBe(C + 100)
    })

    it('refuses a chunk but the last under the minimum with InvalidInputError, storing nothing', async () => {
      const bytes = randomBytes(64)
      const { id } = await createUpload(stores(), SETTINGS, { length: 64, metadata: meta('tiny.bin') })
      const before = await everyKey(stores())
      // Sixteen one-byte chunks for a 64-byte file: the first is already refused.
      const refused = await expectRejection(
        appendChunk(stores(), id, { offset: 0, bytes: bytes.subarray(0, 1), checksum: null }),
        InvalidInputError,
      )
      expect(refused.message).toBe(
        `Every chunk but the last must be at least ${String(C)} bytes (1 MiB), and this one is 1; ` +
          'send more of the file in each request',
      )
      await expectRejection(
        appendChunk(stores(), id, { offset: 0, bytes: bytes.subarray(0, 63), checksum: null }),
        InvalidInputError,
      )
      expect(await everyKey(stores())).toEqual(before)
      expect((await uploadProgress(stores(), id)).offset).toBe(0)
      // The last chunk may be any size: here the whole file.
      expect((await appendChunk(stores(), id, { offset: 0, bytes, checksum: null })).offset).toBe(64)
      expect(Buffer.from(await readStoredFile(stores(), id)).equals(bytes)).toBe(true)
    })

    it('takes a chunk of exactly the minimum, then a last chunk of one byte', async () => {
      const bytes = randomBytes(C + 1)
      const { id } = await createUpload(stores(), SETTINGS, { length: C + 1, metadata: meta('edge.bin') })
      await expectRejection(
        appendChunk(stores(), id, { offset: 0, bytes: bytes.subarray(0, C - 1), checksum: null }),
        InvalidInputError,
      )
      await appendChunk(stores(), id, { offset: 0, bytes: bytes.subarray(0, C), checksum: null })
      await appendChunk(stores(), id, { offset: C, bytes: bytes.subarray(C), checksum: null })
      expect(Buffer.from(await readStoredFile(stores(), id)).equals(bytes)).toBe(true)
    })

    it('refuses any chunk past the most an upload of its length may hold, even the last', async () => {
      const length = 2 * C + 10
      expect(maxChunksFor(length)).toBe(3)
      const { id } = await createUpload(stores(), SETTINGS, { length, metadata: meta('many.bin') }, T0)
      // As an upload begun under no minimum left it: three one-byte chunks.
      const stored = await stores().documents.read(uploadKey(id))
      const state = stored?.value as UploadState
      const chunks = [0, 1, 2].map((start) => ({ key: `chunks/${id}/${String(start)}`, start, size: 1 }))
      for (const { key } of chunks) await stores().bytes.put(key, randomBytes(1))
      await stores().documents.write(
        uploadKey(id),
        { ...state, offset: 3, chunks },
        { ifMatch: stored?.etag ?? '' },
      )
      const refused = await expectRejection(
        appendChunk(stores(), id, { offset: 3, bytes: randomBytes(length - 3), checksum: null }, T0),
        InvalidInputError,
      )
      expect(refused.message).toBe(
        `An upload of ${String(length)} bytes may be sent in at most 3 chunks, which this one has used; ` +
          'start the upload again with chunks of at least 1 MiB',
      )
      expect(await chunkKeys(stores())).toHaveLength(3)
      expect((await uploadProgress(stores(), id, T0)).offset).toBe(3)
    })

    it('answers NotFoundError for an unknown upload', async () => {
      await expectRejection(
        appendChunk(stores(), '000000000AAAAAAAAAAAAAAAA', {
          offset: 0,
          bytes: randomBytes(10),
          checksum: null,
        }),
        NotFoundError,
      )
      await expectRejection(uploadProgress(stores(), '000000000AAAAAAAAAAAAAAAA'), NotFoundError)
      expect(await chunkKeys(stores())).toEqual([])
    })
  })

  describe('checksum extension', () => {
    it('accepts chunks whose sha1, sha256 or md5 Upload-Checksum matches', async () => {
      const bytes = randomBytes(3 * C)
      const { id } = await createUpload(stores(), SETTINGS, { length: bytes.length, metadata: meta('c.bin') })
      let offset = 0
      for (const algorithm of ['sha1', 'sha256', 'md5']) {
        const chunk = bytes.subarray(offset, offset + C)
        ;({ offset } = await appendChunk(stores(), id, {
          offset,
          bytes: chunk,
          checksum: checksum(algorithm, chunk),
        }))
      }
      expect(offset).toBe(3 * C)
      expect(Buffer.from(await readStoredFile(stores(), id)).equals(bytes)).toBe(true)
    })

    it('refuses a mismatching checksum with ChecksumMismatchError, storing nothing', async () => {
      const bytes = randomBytes(2 * C)
      const { id } = await createUpload(stores(), SETTINGS, { length: bytes.length, metadata: meta('c.bin') })
      const other = randomBytes(C)
      await expectRejection(
        appendChunk(stores(), id, {
          offset: 0,
          bytes: bytes.subarray(0, C),
          checksum: checksum('sha256', other),
        }),
        ChecksumMismatchError,
      )
      expect(await chunkKeys(stores())).toEqual([])
      expect((await uploadProgress(stores(), id)).offset).toBe(0)
    })

    it('refuses an unknown algorithm with InvalidInputError, storing nothing', async () => {
      const { id } = await createUpload(stores(), SETTINGS, { length: 10, metadata: meta('c.bin') })
      const bytes = randomBytes(10)
      await expectRejection(
        appendChunk(stores(), id, { offset: 0, bytes, checksum: `crc32 ${'A'.repeat(8)}` }),
        InvalidInputError,
      )
      expect(await chunkKeys(stores())).toEqual([])
      expect((await uploadProgress(stores(), id)).offset).toBe(0)
    })
  })

  describe('concurrent appends at one offset', () => {
    it('lets exactly one of two different chunks win; the file holds the winner and no orphan chunk', async () => {
      const length = 2 * C
      const tail = randomBytes(length / 2)
      for (let round = 0; round < 3; round++) {
        const { id } = await createUpload(stores(), SETTINGS, {
          length,
          metadata: meta(`race-${String(round)}.bin`),
        })
        const candidates = [randomBytes(length / 2), randomBytes(length / 2)]
        const outcomes = await Promise.allSettled(
          candidates.map((bytes) => appendChunk(stores(), id, { offset: 0, bytes, checksum: null })),
        )
        const winners = outcomes.flatMap((outcome, index) => (outcome.status === 'fulfilled' ? [index] : []))
        expect(winners).toHaveLength(1)
        const loser = outcomes.find((outcome) => outcome.status === 'rejected')
        expect(loser?.reason).toBeInstanceOf(OffsetMismatchError)
        expect((loser?.reason as OffsetMismatchError).currentOffset).toBe(length / 2)

        await appendChunk(stores(), id, { offset: length / 2, bytes: tail, checksum: null })
        const winner = candidates[winners[0] ?? -1] ?? new Uint8Array()
        expect(Buffer.from(await readStoredFile(stores(), id)).equals(Buffer.concat([winner, tail]))).toBe(
          true,
        )
        const manifest = await readManifest(stores().documents, id)
        expect((await stores().bytes.list(`chunks/${id}/`)).sort()).toEqual(
          manifest?.chunks.map(({ key }) => key).sort(),
        )
      }
    })

    it('lets exactly one of two different last chunks finish the file', async () => {
      const length = 8_000
      const { id } = await createUpload(stores(), SETTINGS, { length, metadata: meta('race.bin') })
      const candidates = [randomBytes(length), randomBytes(length)]
      const outcomes = await Promise.allSettled(
        candidates.map((bytes) => appendChunk(stores(), id, { offset: 0, bytes, checksum: null })),
      )
      const winners = outcomes.flatMap((outcome, index) => (outcome.status === 'fulfilled' ? [index] : []))
      expect(winners).toHaveLength(1)
      const loser = outcomes.find((outcome) => outcome.status === 'rejected')
      expect(loser?.reason).toBeInstanceOf(OffsetMismatchError)
      // The upload document is gone once the file is finished: the loser learns the file's size.
      expect((loser?.reason as OffsetMismatchError).currentOffset).toBe(length)
      const winner = candidates[winners[0] ?? -1] ?? new Uint8Array()
      expect(Buffer.from(await readStoredFile(stores(), id)).equals(winner)).toBe(true)
      expect(await chunkKeys(stores())).toHaveLength(1)
      expect(await uploadProgress(stores(), id)).toMatchObject({ offset: length, length, file: { id } })
    })
  })

  describe('terminateUpload', () => {
    it('removes an unfinished upload with every chunk', async () => {
      const { id } = await createUpload(stores(), SETTINGS, { length: 3 * C, metadata: meta('t.bin') })
      await appendChunk(stores(), id, { offset: 0, bytes: randomBytes(C), checksum: null })
      await appendChunk(stores(), id, { offset: C, bytes: randomBytes(C), checksum: null })
      expect(await chunkKeys(stores())).toHaveLength(2)
      await terminateUpload(stores(), id)
      expect(await everyKey(stores())).toEqual([])
      await expectRejection(uploadProgress(stores(), id), NotFoundError)
      await expectRejection(
        appendChunk(stores(), id, { offset: 2 * C, bytes: randomBytes(C), checksum: null }),
        NotFoundError,
      )
      await expectRejection(terminateUpload(stores(), id), NotFoundError)
    })

    it('refuses to terminate a finished file with ConflictError, keeping every byte', async () => {
      const bytes = randomBytes(5 * C)
      const id = await uploadWhole(stores(), 'kept.bin', bytes, { chunkSize: 2 * C })
      const before = await everyKey(stores())
      const refused = await expectRejection(terminateUpload(stores(), id), ConflictError)
      expect(refused.message).toBe(`Upload ${id} is finished; delete the file's record instead`)
      expect(await everyKey(stores())).toEqual(before)
      expect(Buffer.from(await readStoredFile(stores(), id)).equals(bytes)).toBe(true)
      expect(await uploadProgress(stores(), id)).toMatchObject({
        offset: bytes.length,
        length: bytes.length,
        file: { id, size: bytes.length },
      })
    })

    it('refuses to terminate an upload that holds every byte but was never turned into a file', async () => {
      const bytes = randomBytes(3 * C)
      const { id } = await createUpload(stores(), SETTINGS, { length: 3 * C, metadata: meta('full.bin') }, T0)
      await appendChunk(stores(), id, { offset: 0, bytes: bytes.subarray(0, C), checksum: null }, T0)
      // As if the last PATCH advanced the offset and then stopped before writing the manifest.
      const stored = await stores().documents.read(uploadKey(id))
      const state = stored?.value as UploadState
      const key = `chunks/${id}/${String(C).padStart(13, '0')}-last`
      await stores().bytes.put(key, bytes.subarray(C))
      const full: UploadState = {
        ...state,
        offset: 3 * C,
        chunks: [...state.chunks, { key, start: C, size: 2 * C }],
      }
      await stores().documents.write(uploadKey(id), full, { ifMatch: stored?.etag ?? '' })
      await expectRejection(terminateUpload(stores(), id, T0), ConflictError)
      expect(await chunkKeys(stores())).toHaveLength(2)
      expect(await uploadResult(stores(), id, T0)).toMatchObject({ complete: true })
      expect(Buffer.from(await readStoredFile(stores(), id)).equals(bytes)).toBe(true)
    })

    it('leaves other uploads alone when it terminates one', async () => {
      const kept = randomBytes(5 * C)
      const keptId = await uploadWhole(stores(), 'kept.bin', kept, { chunkSize: 2 * C })
      const { id } = await createUpload(stores(), SETTINGS, { length: 3 * C, metadata: meta('t.bin') })
      await appendChunk(stores(), id, { offset: 0, bytes: randomBytes(C), checksum: null })
      await terminateUpload(stores(), id)
      expect(await stores().bytes.list(`chunks/${id}/`)).toEqual([])
      expect(Buffer.from(await readStoredFile(stores(), keptId)).equals(kept)).toBe(true)
      expect(await chunkKeys(stores())).toHaveLength(3)
    })

    it('lets no chunk finish an upload once its termination has begun', async () => {
      const { id } = await createUpload(stores(), SETTINGS, { length: 2 * C, metadata: meta('r.bin') }, T0)
      await appendChunk(stores(), id, { offset: 0, bytes: randomBytes(C), checksum: null }, T0)
      const last = randomBytes(C)
      const [terminated, appended] = await Promise.allSettled([
        terminateUpload(stores(), id, T0),
        appendChunk(stores(), id, { offset: C, bytes: last, checksum: null }, T0),
      ])
      if (terminated.status === 'fulfilled') {
        // Termination won: the racing chunk was refused and nothing of the upload is left.
        expect(appended.status).toBe('rejected')
        expect(await everyKey(stores())).toEqual([])
      } else {
        // The chunk won: the file is finished and termination was refused, keeping it whole.
        expect(terminated.reason).toBeInstanceOf(ConflictError)
        expect(appended.status).toBe('fulfilled')
        expect(await readManifest(stores().documents, id)).not.toBeNull()
      }
    })

    it('answers NotFoundError for an unknown id', async () => {
      await expectRejection(terminateUpload(stores(), '000000000BBBBBBBBBBBBBBBB'), NotFoundError)
    })
  })

  describe('expiry', () => {
    it('answers UploadGoneError once an upload is older than expiryMs', async () => {
      const { id } = await createUpload(stores(), SETTINGS, { length: 2 * C, metadata: meta('e.bin') }, T0)
      await appendChunk(stores(), id, { offset: 0, bytes: randomBytes(C), checksum: null }, T0)
      const late = at(SETTINGS.expiryMs + 1)
      await expectRejection(uploadProgress(stores(), id, late), UploadGoneError)
      await expectRejection(
        appendChunk(stores(), id, { offset: C, bytes: randomBytes(C), checksum: null }, late),
        UploadGoneError,
      )
      await expectRejection(uploadResult(stores(), id, late), UploadGoneError)
      expect(await chunkKeys(stores())).toHaveLength(1)
      // Just before the deadline it was still alive.
      expect((await uploadProgress(stores(), id, at(SETTINGS.expiryMs - 1))).offset).toBe(C)
    })

    it('sweeps expired uploads with their chunks, leaving finished files and fresh uploads', async () => {
      const finishedBytes = randomBytes(3 * C)
      const finished = await uploadWhole(stores(), 'done.bin', finishedBytes, { chunkSize: C, now: T0 })
      const { id: abandoned } = await createUpload(
        stores(),
        SETTINGS,
        { length: 5 * C, metadata: meta('abandoned.bin') },
        T0,
      )
      await appendChunk(stores(), abandoned, { offset: 0, bytes: randomBytes(2 * C), checksum: null }, T0)
      await appendChunk(stores(), abandoned, { offset: 2 * C, bytes: randomBytes(2 * C), checksum: null }, T0)
      const { id: fresh } = await createUpload(
        stores(),
        SETTINGS,
        { length: 5 * C, metadata: meta('fresh.bin') },
        at(SETTINGS.expiryMs),
      )
      await appendChunk(
        stores(),
        fresh,
        { offset: 0, bytes: randomBytes(C), checksum: null },
        at(SETTINGS.expiryMs),
      )

      const now = at(SETTINGS.expiryMs + 1_000)
      expect(await sweepExpiredUploads(stores(), SETTINGS, now)).toBe(1)

      expect(await stores().documents.read(uploadKey(abandoned))).toBeNull()
      expect(await stores().bytes.list(`chunks/${abandoned}/`)).toEqual([])
      await expectRejection(uploadProgress(stores(), abandoned, now), NotFoundError)
      expect(Buffer.from(await readStoredFile(stores(), finished)).equals(finishedBytes)).toBe(true)
      expect((await uploadProgress(stores(), fresh, now)).offset).toBe(C)
      expect(await stores().bytes.list(`chunks/${fresh}/`)).toHaveLength(1)
      // Nothing left to sweep.
      expect(await sweepExpiredUploads(stores(), SETTINGS, now)).toBe(0)
    })

    it('removes at most `limit` uploads per sweep', async () => {
      for (const name of ['a.bin', 'b.bin', 'c.bin']) {
        await createUpload(stores(), SETTINGS, { length: 10, metadata: meta(name) }, T0)
      }
      const now = at(SETTINGS.expiryMs + 1)
      expect(await sweepExpiredUploads(stores(), SETTINGS, now, 2)).toBe(2)
      expect(await stores().documents.list('uploads/')).toHaveLength(1)
      expect(await sweepExpiredUploads(stores(), SETTINGS, now, 2)).toBe(1)
      expect(await stores().documents.list('uploads/')).toEqual([])
    })

    it('keeps a finished file whose upload document outlived it, dropping only that document', async () => {
      const bytes = randomBytes(2 * C + C / 2)
      const id = await uploadWhole(stores(), 'survivor.bin', bytes, { chunkSize: C, now: T0 })
      // As if the function stopped between writing the manifest and removing the upload state.
      const leftover: UploadState = {
        id,
        length: bytes.length,
        offset: bytes.length,
        chunks: [],
        blocks: [],
        metadata: { filename: 'survivor.bin' },
        head: '',
        created_at: T0.toISOString(),
        expires_at: at(SETTINGS.expiryMs).toISOString(),
      }
      await stores().documents.write(uploadKey(id), leftover, { ifNew: true })
      expect(await sweepExpiredUploads(stores(), SETTINGS, at(SETTINGS.expiryMs + 1))).toBe(1)
      expect(await stores().documents.read(uploadKey(id))).toBeNull()
      expect(Buffer.from(await readStoredFile(stores(), id)).equals(bytes)).toBe(true)
    })
  })

  describe('fingerprint', () => {
    const MiB = 1024 * 1024
    const LARGE: MediaHostSettings = { ...SETTINGS, maxUploadBytes: 64 * MiB }

    /** Uploads `bytes` in chunks of the given sizes (the last runs to the end), counting byte reads. */
    async function uploadInPieces(
      bytes: Uint8Array,
      sizes: readonly number[],
      extra: Partial<UploadMetadata> = {},
    ): Promise<{ id: string; reads: number }> {
      const store = stores()
      let reads = 0
      const counting: MediaHostStores = {
        documents: store.documents,
        bytes: {
          put: (key, data) => store.bytes.put(key, data),
          get: (key) => {
            reads++
            return store.bytes.get(key)
          },
          remove: (key) => store.bytes.remove(key),
          list: (prefix) => store.bytes.list(prefix),
        },
      }
      const { id } = await createUpload(
        counting,
        LARGE,
        { length: bytes.length, metadata: meta('print.bin', extra) },
        T0,
      )
      let offset = 0
      for (let index = 0; offset < bytes.length; index++) {
        const size = sizes[Math.min(index, sizes.length - 1)] ?? bytes.length
        const chunk = bytes.subarray(offset, offset + size)
        ;({ offset } = await appendChunk(counting, id, { offset, bytes: chunk, checksum: null }, T0))
      }
      return { id, reads }
    }

    const fingerprintOf = async (id: string) => (await readManifest(stores().documents, id))?.sha256

    it(
      'is the same for the same bytes in aligned 4 MiB chunks, in odd chunks, and in one go',
      {
        timeout: 60_000,
      },
      async () => {
        const bytes = new Uint8Array(randomBytes(8 * MiB + 12_345))
        const expected = referenceFingerprint(bytes)
        const aligned = await uploadInPieces(bytes, [4 * MiB])
        const odd = await uploadInPieces(bytes, [MiB, 3.5 * MiB, 4 * MiB - 1, 777])
        const whole = await uploadInPieces(bytes, [bytes.length])
        expect(await fingerprintOf(aligned.id)).toBe(expected)
        expect(await fingerprintOf(odd.id)).toBe(expected)
        expect(await fingerprintOf(whole.id)).toBe(expected)
        // It is not the plain SHA-256 of the file.
        expect(expected).not.toBe(createHash('sha256').update(bytes).digest('hex'))
        // Aligned chunks complete one block each, so nothing is read back; odd ones read back what
        // they need, and every chunk of the file is still there, byte-identical.
        expect(aligned.reads).toBe(0)
        expect(odd.reads).toBeGreaterThan(0)
        expect(Buffer.from(await readStoredFile(stores(), odd.id)).equals(bytes)).toBe(true)
        expect(await uploadResult(stores(), odd.id)).toMatchObject({ complete: true, sha256: expected })
      },
    )

    it('keeps the digest of each completed block in the upload state as chunks arrive', async () => {
      const bytes = new Uint8Array(randomBytes(9 * MiB))
      const { id } = await createUpload(
        stores(),
        LARGE,
        { length: bytes.length, metadata: meta('b.bin') },
        T0,
      )
      const blocksNow = async () => {
        const stored = await stores().documents.read(uploadKey(id))
        return (stored?.value as UploadState).blocks
      }
      const blockDigest = (start: number) =>
        createHash('sha256')
          .update(bytes.subarray(start, start + 4 * MiB))
          .digest('hex')
      await appendChunk(stores(), id, { offset: 0, bytes: bytes.subarray(0, 3 * MiB), checksum: null }, T0)
      expect(await blocksNow()).toEqual([])
      const straddling = bytes.subarray(3 * MiB, 7 * MiB)
      await appendChunk(stores(), id, { offset: 3 * MiB, bytes: straddling, checksum: null }, T0)
      expect(await blocksNow()).toEqual([blockDigest(0)])
      await appendChunk(
        stores(),
        id,
        { offset: 7 * MiB, bytes: bytes.subarray(7 * MiB, 8 * MiB), checksum: null },
        T0,
      )
      expect(await blocksNow()).toEqual([blockDigest(0), blockDigest(4 * MiB)])
      await appendChunk(stores(), id, { offset: 8 * MiB, bytes: bytes.subarray(8 * MiB), checksum: null }, T0)
      expect(await fingerprintOf(id)).toBe(referenceFingerprint(bytes))
    })

    it('never takes a claimed sha256 from Upload-Metadata into the upload or the manifest', async () => {
      const bytes = new Uint8Array(randomBytes(5 * MiB))
      // A claim naming another file's hash, as a record trying to capture "Use existing" would.
      const claimed = createHash('sha256').update('someone else’s file').digest('hex')
      const { id } = await createUpload(
        stores(),
        LARGE,
        { length: bytes.length, metadata: meta('claim.bin', { sha256: claimed }) },
        T0,
      )
      const state = (await stores().documents.read(uploadKey(id)))?.value as UploadState
      expect(state.metadata).not.toHaveProperty('sha256')
      await appendChunk(stores(), id, { offset: 0, bytes: bytes.subarray(0, 4 * MiB), checksum: null }, T0)
      await appendChunk(stores(), id, { offset: 4 * MiB, bytes: bytes.subarray(4 * MiB), checksum: null }, T0)
      const manifest = await readManifest(stores().documents, id)
      expect(manifest?.sha256).toBe(referenceFingerprint(bytes))
      expect(manifest?.sha256).not.toBe(claimed)
      expect(JSON.stringify(await stores().documents.read(manifestKey(id)))).not.toContain(claimed)
      expect(await uploadResult(stores(), id)).toMatchObject({ sha256: referenceFingerprint(bytes) })
    })

    it('is the SHA-256 of nothing for an empty file', async () => {
      const { id } = await createUpload(stores(), SETTINGS, { length: 0, metadata: meta('empty.txt') }, T0)
      expect(await fingerprintOf(id)).toBe(createHash('sha256').digest('hex'))
    })

    it('hashes from the stored chunks an upload begun before block digests were kept', async () => {
      const bytes = new Uint8Array(randomBytes(6 * MiB))
      const { id } = await createUpload(
        stores(),
        LARGE,
        { length: bytes.length, metadata: meta('old.bin') },
        T0,
      )
      await appendChunk(stores(), id, { offset: 0, bytes: bytes.subarray(0, 4 * MiB), checksum: null }, T0)
      // The document as an older version wrote it: no `blocks`.
      const stored = await stores().documents.read(uploadKey(id))
      const { blocks: _blocks, ...older } = stored?.value as UploadState
      await stores().documents.write(uploadKey(id), older, { ifMatch: stored?.etag ?? '' })
      await appendChunk(stores(), id, { offset: 4 * MiB, bytes: bytes.subarray(4 * MiB), checksum: null }, T0)
      expect(await fingerprintOf(id)).toBe(referenceFingerprint(bytes))
    })
  })

  describe('uploadResult', () => {
    it("answers a finished image in the media host's shape, with the dimensions the server read", async () => {
      const bytes = await fixture('landscape.jpg')
      const sha256 = createHash('sha256').update(bytes).digest('hex')
      const id = await uploadWhole(stores(), 'Harbour at dusk.jpg', bytes, {
        chunkSize: C,
        extra: { width: 640, height: 427, sha256, filetype: 'image/jpeg' },
      })
      const status = await uploadResult(stores(), id)
      expect(uploadStatusSchema.parse(status)).toEqual(status)
      expect(status).toEqual({
        complete: true,
        // The server's fingerprint of the bytes it received, not the claimed plain SHA-256.
        sha256: referenceFingerprint(bytes),
        result: {
          secure_url: `/api/files/${id}/Harbour%20at%20dusk.jpg`,
          public_id: `HIBF_assets/${id}`,
          resource_type: 'image',
          format: 'jpg',
          bytes: bytes.length,
          // Read from the image's header, over the 640 x 427 the uploader claimed (decision 0040).
          width: 800,
          height: 600,
          duration: null,
        },
      })
    })

    it('answers a finished video with its duration, and a document as raw', async () => {
      const video = await fixture('clip.mp4')
      const videoId = await uploadWhole(stores(), 'clip.mp4', video, {
        chunkSize: C,
        extra: { width: 320, height: 240, duration: 2.5 },
      })
      expect(await uploadResult(stores(), videoId)).toMatchObject({
        complete: true,
        sha256: referenceFingerprint(video),
        result: {
          secure_url: `/api/files/${videoId}/clip.mp4`,
          public_id: `HIBF_assets/${videoId}`,
          resource_type: 'video',
          format: 'mp4',
          bytes: video.length,
          width: 320,
          height: 240,
          duration: 2.5,
        },
      })
      const docx = await fixture('brief.docx')
      const docxId = await uploadWhole(stores(), 'brief.docx', docx)
      expect(await uploadResult(stores(), docxId)).toMatchObject({
        complete: true,
        result: {
          resource_type: 'raw',
          format: 'docx',
          bytes: docx.length,
          width: null,
          height: null,
          duration: null,
        },
      })
    })

    it('answers an unfinished upload with its offset, length and expiry', async () => {
      const { id } = await createUpload(stores(), SETTINGS, { length: C + 500, metadata: meta('p.bin') }, T0)
      await appendChunk(stores(), id, { offset: 0, bytes: randomBytes(C), checksum: null }, T0)
      const status = await uploadResult(stores(), id, T0)
      expect(uploadStatusSchema.parse(status)).toEqual(status)
      expect(status).toEqual({
        complete: false,
        offset: C,
        length: C + 500,
        expires_at: at(SETTINGS.expiryMs).toISOString(),
      })
    })
  })
})
