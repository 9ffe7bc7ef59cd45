import type { Store } from '@netlify/blobs'

import { StorageUnavailableError } from './document-store'

/**
 * Where file bytes live: opaque blobs under generated keys, never user file names. Separate from the
 * document store, so listing records never walks file chunks.
 */
export interface ByteStore {
  put(key: string, bytes: Uint8Array): Promise<void>
  /** The bytes at `key`, or null when absent. */
  get(key: string): Promise<Uint8Array | null>
  remove(key: string): Promise<void>
  /** Every key under `prefix`, sorted. */
  list(prefix: string): Promise<string[]>
}

export class MemoryByteStore implements ByteStore {
  readonly blobs = new Map<string, Uint8Array>()

  put(key: string, bytes: Uint8Array): Promise<void> {
    this.blobs.set(key, bytes.slice())
    return Promise.resolve()
  }

  get(key: string): Promise<Uint8Array | null> {
    return Promise.resolve(this.blobs.get(key)?.slice() ?? null)
  }

  remove(key: string): Promise<void> {
    this.blobs.delete(key)
    return Promise.resolve()
  }

  list(prefix: string): Promise<string[]> {
    return Promise.resolve([...this.blobs.keys()].filter((key) => key.startsWith(prefix)).sort())
  }
}

export class BlobsByteStore implements ByteStore {
  constructor(private readonly store: Store) {}

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const copy = new Uint8Array(bytes.byteLength)
    copy.set(bytes)
    await guard(() => this.store.set(key, copy.buffer))
  }

  async get(key: string): Promise<Uint8Array | null> {
    // The client's types say `ArrayBuffer`, but a missing key reads as null.
    const buffer = (await guard(() => this.store.get(key, { type: 'arrayBuffer' }))) as ArrayBuffer | null
    return buffer === null ? null : new Uint8Array(buffer)
  }

  async remove(key: string): Promise<void> {
    await guard(() => this.store.delete(key))
  }

  async list(prefix: string): Promise<string[]> {
    const { blobs } = await guard(() => this.store.list({ prefix }))
    return blobs
      .map(({ key }) => key)
      .filter((key) => !key.split('/').some((segment) => segment.startsWith('.')))
      .sort()
  }
}

async function guard<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw new StorageUnavailableError('Blobs storage is unavailable', { cause: error })
  }
}
