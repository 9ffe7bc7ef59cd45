import { afterEach, beforeEach } from 'vitest'

import { BlobsDocumentStore } from '../../netlify/server/storage/blobs-store'
import { BlobsByteStore, MemoryByteStore } from '../../netlify/server/storage/byte-store'
import { FileKeyLock } from '../../netlify/server/storage/file-lock'
import { MemoryDocumentStore } from '../../netlify/server/storage/memory-store'
import type { MediaHostStores } from '../../netlify/server/uploads/upload-service'
import { startLocalBlobs, type StoreKind } from './stores'

/**
 * The media host's two stores of each kind, following `stores.ts`: the atomic in-memory documents
 * with a `MemoryByteStore`, or `BlobsDocumentStore` (with its file lock) and `BlobsByteStore` as two
 * named stores of one real local Blobs server.
 */
export interface TestMediaStores {
  readonly kind: StoreKind
  readonly stores: MediaHostStores
  stop(): Promise<void>
}

export function startMemoryMediaStores(): TestMediaStores {
  return {
    kind: 'memory',
    stores: { documents: new MemoryDocumentStore(), bytes: new MemoryByteStore() },
    stop: () => Promise.resolve(),
  }
}

export async function startBlobsMediaStores(): Promise<TestMediaStores> {
  const blobs = await startLocalBlobs()
  return {
    kind: 'blobs',
    stores: {
      documents: new BlobsDocumentStore(blobs.named('media'), new FileKeyLock(blobs.lockDirectory)),
      bytes: new BlobsByteStore(blobs.named('media-files')),
    },
    stop: blobs.stop,
  }
}

export function startMediaStores(kind: StoreKind): Promise<TestMediaStores> {
  return kind === 'memory' ? Promise.resolve(startMemoryMediaStores()) : startBlobsMediaStores()
}

/** Fresh media-host stores of `kind` for every test of the enclosing `describe`. */
export function freshMediaStoresForEachTest(kind: StoreKind): () => MediaHostStores {
  let current: TestMediaStores | undefined
  beforeEach(async () => {
    current = await startMediaStores(kind)
  })
  afterEach(async () => {
    const finished = current
    current = undefined
    await finished?.stop()
  })
  return () => {
    if (!current) throw new Error('The stores are only available inside a test')
    return current.stores
  }
}
