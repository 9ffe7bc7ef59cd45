import { resolve } from 'node:path'

import { getStore } from '@netlify/blobs'

import { serverEnv } from './env'
import { BlobsDocumentStore } from './storage/blobs-store'
import type { DocumentStore } from './storage/document-store'
import { FileKeyLock } from './storage/file-lock'

let store: DocumentStore | undefined

/**
 * Makes every function use `replacement` (or, with `undefined`, Blobs again). Lets component tests run
 * the real handlers against the in-memory store.
 */
export function replaceDocumentStore(replacement: DocumentStore | undefined): void {
  store = replacement
}

/** The store every function uses, created on first use so a warm instance keeps its shard cache. */
export function documentStore(): DocumentStore {
  if (!store) {
    const env = serverEnv()
    const blobs = getStore({ name: env.MEDIA_STORE, consistency: 'strong' })
    const lock = env.NETLIFY_DEV === 'true' ? new FileKeyLock(resolve('.netlify', 'blobs-locks')) : undefined
    store = new BlobsDocumentStore(blobs, lock)
  }
  return store
}
