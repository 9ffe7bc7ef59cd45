import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { getStore, type Store } from '@netlify/blobs'
import { BlobsServer } from '@netlify/blobs/server'
import { afterEach, beforeEach } from 'vitest'

import { BlobsDocumentStore } from '../../netlify/server/storage/blobs-store'
import type { DocumentStore } from '../../netlify/server/storage/document-store'
import { FileKeyLock } from '../../netlify/server/storage/file-lock'
import { MemoryDocumentStore } from '../../netlify/server/storage/memory-store'

/**
 * Fresh `DocumentStore`s of each kind, so one suite runs the same cases against the atomic in-memory
 * store and against `BlobsDocumentStore` over a real local Blobs server.
 */
export type StoreKind = 'memory' | 'blobs'

export const STORE_KINDS: readonly StoreKind[] = ['memory', 'blobs']

export interface TestStore {
  readonly kind: StoreKind
  readonly store: DocumentStore
  /** Releases whatever the store holds: the Blobs server and its temporary directories. */
  stop(): Promise<void>
}

const BLOBS_TOKEN = 't'

export function startMemoryStore(): Promise<TestStore> {
  return Promise.resolve({
    kind: 'memory',
    store: new MemoryDocumentStore(),
    stop: () => Promise.resolve(),
  })
}

/** A real local Blobs server in a temporary directory, and a directory for writers' file locks. */
export interface LocalBlobs {
  /** A strongly consistent client of one named store on the server. */
  named: (name: string) => Store
  lockDirectory: string
  stop: () => Promise<void>
}

export async function startLocalBlobs(): Promise<LocalBlobs> {
  const dataDirectory = await mkdtemp(join(tmpdir(), 'media-blobs-data-'))
  const lockDirectory = await mkdtemp(join(tmpdir(), 'media-blobs-locks-'))
  const server = new BlobsServer({ directory: dataDirectory, token: BLOBS_TOKEN, port: 0 })
  try {
    const { port } = await server.start()
    const url = `http://127.0.0.1:${String(port)}`
    return {
      named: (name) =>
        getStore({
          name,
          siteID: 'test',
          token: BLOBS_TOKEN,
          edgeURL: url,
          uncachedEdgeURL: url,
          consistency: 'strong',
        }),
      lockDirectory,
      stop: async () => {
        await server.stop()
        await removeDirectories(dataDirectory, lockDirectory)
      },
    }
  } catch (error) {
    await removeDirectories(dataDirectory, lockDirectory)
    throw error
  }
}

/** A document store on a local Blobs server, with writers serialised by a file lock. */
export async function startBlobsStore(): Promise<TestStore> {
  const blobs = await startLocalBlobs()
  return {
    kind: 'blobs',
    store: new BlobsDocumentStore(blobs.named('media'), new FileKeyLock(blobs.lockDirectory)),
    stop: blobs.stop,
  }
}

export function startStore(kind: StoreKind): Promise<TestStore> {
  return kind === 'memory' ? startMemoryStore() : startBlobsStore()
}

/**
 * Registers hooks that give every test of the enclosing `describe` a fresh store of `kind`, and
 * returns the accessor for the current one.
 */
export function freshStoreForEachTest(kind: StoreKind): () => DocumentStore {
  let current: TestStore | undefined
  beforeEach(async () => {
    current = await startStore(kind)
  })
  afterEach(async () => {
    const finished = current
    current = undefined
    await finished?.stop()
  })
  return () => {
    if (!current) throw new Error('The store is only available inside a test')
    return current.store
  }
}

async function removeDirectories(...directories: string[]): Promise<void> {
  await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })))
}

/**
 * The local Blobs server derives an etag from the file's modification time at millisecond precision,
 * so two writes of one key inside the same millisecond share an etag. A test that compares the state
 * before and after a write waits this long first, so that the write lands in a later millisecond.
 */
export function pauseForDistinctEtags(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 3))
}
