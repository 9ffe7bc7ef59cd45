/**
 * Two failures the fault-injection sweep found, pinned down one by one: a write the store did not
 * confirm (netlify/primitives#741) must never count as done, and an upload whose last PATCH stored
 * every byte but failed before its file manifest was written must not stay stuck.
 */
import { describe, expect, it } from 'vitest'

import { MemoryByteStore } from '../../../netlify/server/storage/byte-store'
import { StorageUnavailableError } from '../../../netlify/server/storage/document-store'
import { MemoryDocumentStore } from '../../../netlify/server/storage/memory-store'
import { mutateDocument } from '../../../netlify/server/storage/mutate'
import { manifestKey, uploadKey } from '../../../netlify/server/uploads/upload-documents'
import { OffsetMismatchError } from '../../../netlify/server/uploads/upload-errors'
import {
  appendChunk,
  createUpload,
  uploadProgress,
  uploadResult,
  type MediaHostStores,
} from '../../../netlify/server/uploads/upload-service'
import { MIN_CHUNK_BYTES } from '../../../src/contract/uploads'
import { FaultInjector } from '../../support/fault-injector'
import { InterceptedDocumentStore, interceptStores } from '../../support/store-interceptor'

const SETTINGS = { maxUploadBytes: 4 * MIN_CHUNK_BYTES, expiryMs: 86_400_000 }
/** A file of two chunks: the smallest first chunk the service takes, then twenty bytes of text. */
const FIRST = MIN_CHUNK_BYTES
const BYTES = new Uint8Array(FIRST + 20)
BYTES.set(new TextEncoder().encode('twenty bytes of text'), FIRST)

function faultyStores() {
  const injector = new FaultInjector()
  const raw: MediaHostStores = { documents: new MemoryDocumentStore(), bytes: new MemoryByteStore() }
  return { injector, raw, stores: interceptStores(raw, injector.intercept) }
}

const asNumber = (value: unknown) => value as number

describe('an unconfirmed conditional write', () => {
  it('is retried by the compare-and-swap loop when it did not land', async () => {
    const { injector, raw, stores } = faultyStores()
    await raw.documents.write('counter', 1, { ifNew: true })
    injector.arm(2, 'unconfirmed') // the read, then the write
    const result = await mutateDocument(stores.documents, 'counter', asNumber, (value) => ({
      next: (value ?? 0) + 1,
      result: 'done',
    }))
    expect(result).toBe('done')
    expect((await raw.documents.read('counter'))?.value).toBe(2)
    // The read, the unconfirmed write, the read back, then a second read and write.
    expect(injector.calls.map((call) => call.op)).toEqual(['read', 'write', 'read', 'read', 'write'])
  })

  it('counts as done, without writing again, when reading back finds it landed', async () => {
    const raw = new MemoryDocumentStore()
    await raw.write('counter', 1, { ifNew: true })
    let writes = 0
    const documents = new InterceptedDocumentStore(raw, async (call, proceed) => {
      const result = await proceed()
      if (call.op !== 'write') return result
      writes++
      return ''
    })
    await mutateDocument(documents, 'counter', asNumber, (value) => ({
      next: (value ?? 0) + 1,
      result: null,
    }))
    expect(writes).toBe(1)
    expect((await raw.read('counter'))?.value).toBe(2)
  })

  it('makes an upload creation fail with a 503-like error instead of answering for an upload that is not there', async () => {
    const { injector, raw, stores } = faultyStores()
    injector.arm(1, 'unconfirmed')
    await expect(
      createUpload(stores, SETTINGS, { length: BYTES.length, metadata: { filename: 'a.txt' } }),
    ).rejects.toBeInstanceOf(StorageUnavailableError)
    expect(await raw.documents.list('uploads/')).toEqual([])
  })
})

describe('an upload whose last PATCH failed after its last byte was in', () => {
  async function startUpload(stores: MediaHostStores): Promise<string> {
    const { id } = await createUpload(stores, SETTINGS, {
      length: BYTES.length,
      metadata: { filename: 'a.txt' },
    })
    await appendChunk(stores, id, { offset: 0, bytes: BYTES.subarray(0, FIRST), checksum: null })
    return id
  }

  const lastChunk = { offset: FIRST, bytes: BYTES.subarray(FIRST), checksum: null }

  async function uploadWithFailingFinish(failAt: 'manifest write' | 'document removal') {
    // A clean run tells which store call of the last PATCH to fail.
    const clean = faultyStores()
    const cleanId = await startUpload(clean.stores)
    clean.injector.reset()
    await appendChunk(clean.stores, cleanId, lastChunk)
    const step = clean.injector.calls.findIndex((call) =>
      failAt === 'manifest write' ? call.key === manifestKey(cleanId) : call.op === 'remove',
    )
    expect(step).toBeGreaterThan(0)

    const { injector, raw, stores } = faultyStores()
    const id = await startUpload(stores)
    injector.arm(step + 1, 'unavailable')
    await expect(appendChunk(stores, id, lastChunk)).rejects.toBeInstanceOf(StorageUnavailableError)
    injector.disarm()
    return { stores, raw, id }
  }

  it.each(['manifest write', 'document removal'] as const)(
    'is finished by the next HEAD after a failed %s, which reports it complete',
    async (failAt) => {
      const { stores, raw, id } = await uploadWithFailingFinish(failAt)
      expect(await uploadProgress(stores, id)).toMatchObject({
        offset: BYTES.length,
        length: BYTES.length,
        file: { id, size: BYTES.length },
      })
      expect(await raw.documents.read(manifestKey(id))).not.toBeNull()
      expect(await raw.documents.read(uploadKey(id))).toBeNull()
    },
  )

  it('answers the repeated PATCH with 409 at the full length, and GET then gives the result', async () => {
    const { stores, id } = await uploadWithFailingFinish('manifest write')
    await expect(appendChunk(stores, id, lastChunk)).rejects.toEqual(new OffsetMismatchError(BYTES.length))
    expect(await uploadResult(stores, id)).toMatchObject({ complete: true, result: { bytes: BYTES.length } })
  })

  it('is finished by GET of the result, with nothing before it', async () => {
    const { stores, id } = await uploadWithFailingFinish('manifest write')
    expect(await uploadResult(stores, id)).toMatchObject({ complete: true, result: { bytes: BYTES.length } })
  })
})
