import { resolve } from 'node:path'

import { getStore } from '@netlify/blobs'

import { serverEnv } from './env'
import { BlobsDocumentStore } from './storage/blobs-store'
import { BlobsByteStore, type ByteStore } from './storage/byte-store'
import type { DocumentStore } from './storage/document-store'
import { FileKeyLock } from './storage/file-lock'
import type { MediaHostSettings, MediaHostStores } from './uploads/upload-service'

let documents: DocumentStore | undefined
let bytes: ByteStore | undefined

/**
 * Makes every function use these stores (or, with `undefined`, Blobs again). Lets component tests run
 * the real handlers in memory.
 */
export function replaceDocumentStore(
  replacement: DocumentStore | undefined,
  byteReplacement?: ByteStore,
): void {
  documents = replacement
  bytes = byteReplacement
}

/** The store every function uses, created on first use so a warm instance keeps its shard cache. */
export function documentStore(): DocumentStore {
  if (!documents) {
    const env = serverEnv()
    const blobs = getStore({ name: env.MEDIA_STORE, consistency: 'strong' })
    const lock = env.NETLIFY_DEV === 'true' ? new FileKeyLock(resolve('.netlify', 'blobs-locks')) : undefined
    documents = new BlobsDocumentStore(blobs, lock)
  }
  return documents
}

/** Where file bytes live. Chunks never change once written, so eventual consistency is enough. */
export function byteStore(): ByteStore {
  bytes ??= new BlobsByteStore(getStore({ name: serverEnv().MEDIA_FILES_STORE }))
  return bytes
}

export function mediaHostStores(): MediaHostStores {
  return { documents: documentStore(), bytes: byteStore() }
}

export function mediaHostSettings(): MediaHostSettings {
  const env = serverEnv()
  return { maxUploadBytes: env.MAX_UPLOAD_BYTES, expiryMs: env.UPLOAD_EXPIRY_HOURS * 3_600_000 }
}
