import type { Store } from '@netlify/blobs'
import { describe, expect, it } from 'vitest'

import { BlobsDocumentStore } from '../../../../netlify/server/storage/blobs-store'
import { StorageUnavailableError } from '../../../../netlify/server/storage/document-store'
import { FileKeyLock } from '../../../../netlify/server/storage/file-lock'

/**
 * The local Blobs server as the store sees it: reads without etags, and a directory walk that skips a
 * key the first `skippedWalks` times it lists (a file renamed under it by another write).
 */
function localServerSkipping(documents: Record<string, unknown>, skippedWalks: number) {
  let walks = 0
  const store = {
    getWithMetadata: (key: string) =>
      Promise.resolve(key in documents ? { data: JSON.stringify(documents[key]), etag: undefined } : null),
    get: (key: string) => Promise.resolve(key in documents ? JSON.stringify(documents[key]) : null),
    list: ({ prefix }: { prefix: string }) => {
      const skip = walks++ < skippedWalks
      const keys = Object.keys(documents).filter((key) => key.startsWith(prefix))
      return Promise.resolve({ blobs: (skip ? [] : keys).map((key) => ({ key, etag: `etag-${key}` })) })
    },
  }
  return { store: store as unknown as Store, walks: () => walks }
}

const lock = new FileKeyLock('/tmp/blobs-store-listing-locks')

describe('BlobsDocumentStore on the local server, whose listings may skip a key', () => {
  it('reads a document the first listing skipped, with its etag from the next one', async () => {
    const local = localServerSkipping({ 'records/000000': { records: [] } }, 1)
    const store = new BlobsDocumentStore(local.store, lock)
    expect(await store.read('records/000000')).toEqual({
      value: { records: [] },
      etag: 'etag-records/000000',
    })
  })

  it('answers unavailable, never missing, when every listing skips a document that exists', async () => {
    const local = localServerSkipping({ 'records/000000': { records: [] } }, 1_000)
    const store = new BlobsDocumentStore(local.store, lock)
    await expect(store.read('records/000000')).rejects.toBeInstanceOf(StorageUnavailableError)
  })

  it('still reads a missing document as null', async () => {
    const store = new BlobsDocumentStore(localServerSkipping({}, 0).store, lock)
    expect(await store.read('records/000009')).toBeNull()
  })

  it('takes the etag of a listing the caller just made instead of walking again', async () => {
    const local = localServerSkipping({ 'records/000000': { records: [] } }, 0)
    const store = new BlobsDocumentStore(local.store, lock)
    expect(await store.read('records/000000', 'etag-listed')).toEqual({
      value: { records: [] },
      etag: 'etag-listed',
    })
    expect(local.walks()).toBe(0)
  })

  it('lists a key one walk skipped, by merging a second walk', async () => {
    const local = localServerSkipping({ 'records/000000': {}, 'records/000001': {} }, 1)
    const store = new BlobsDocumentStore(local.store, lock)
    expect((await store.list('records/')).map(({ key }) => key)).toEqual(['records/000000', 'records/000001'])
    expect(local.walks()).toBe(2)
  })
})
