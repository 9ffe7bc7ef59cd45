import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { getStore } from '@netlify/blobs'
import { BlobsServer } from '@netlify/blobs/server'
import { afterEach, beforeEach } from 'vitest'

import { BlobsDocumentStore } from '../../../netlify/server/storage/blobs-store'
import { BlobsByteStore, MemoryByteStore } from '../../../netlify/server/storage/byte-store'
import { FileKeyLock } from '../../../netlify/server/storage/file-lock'
import { MemoryDocumentStore } from '../../../netlify/server/storage/memory-store'
import type { MediaHostStores } from '../../../netlify/server/uploads/upload-service'
import type { StoreKind } from './stores'

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

const BLOBS_TOKEN = 't'

export function startMemoryMediaStores(): TestMediaStores {
  return {
    kind: 'memory',
    stores: { documents: new MemoryDocumentStore(), bytes: new MemoryByteStore() },
    stop: () => Promise.resolve(),
  }
}

export async function startBlobsMediaStores(): Promise<TestMediaStores> {
  const dataDirectory = await mkdtemp(join(tmpdir(), 'media-host-data-'))
  const lockDirectory = await mkdtemp(join(tmpdir(), 'media-host-locks-'))
  const server = new BlobsServer({ directory: dataDirectory, token: BLOBS_TOKEN, port: 0 })
  const cleanUp = () =>
    Promise.all([dataDirectory, lockDirectory].map((path) => rm(path, { recursive: true, force: true })))
  try {
    const { port } = await server.start()
    const url = `http://127.0.0.1:${String(port)}`
    const named = (name: string) =>
      getStore({
        name,
        siteID: 'test',
        token: BLOBS_TOKEN,
        edgeURL: url,
        uncachedEdgeURL: url,
        consistency: 'strong',
      })
    return {
      kind: 'blobs',
      stores: {
        documents: new BlobsDocumentStore(named('media'), new FileKeyLock(lockDirectory)),
        bytes: new BlobsByteStore(named('media-files')),
      },
      stop: async () => {
        await server.stop()
        await cleanUp()
      },
    }
  } catch (error) {
    await cleanUp()
    throw error
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
