import { getStore } from '@netlify/blobs'

import { BlobsDocumentStore } from './blobs-store'
import { BlobsByteStore, type ByteStore } from './byte-store'
import type { DocumentStore } from './document-store'
import type { FileKeyLock } from './file-lock'

/** The documents of the Blobs store `name`, read with strong consistency (conditional writes rely on it). */
export function openBlobsDocumentStore(name: string, lock?: FileKeyLock): DocumentStore {
  return new BlobsDocumentStore(getStore({ name, consistency: 'strong' }), lock)
}

/** File bytes in the Blobs store `name`. Chunks never change once written, so eventual consistency is enough. */
export function openBlobsByteStore(name: string): ByteStore {
  return new BlobsByteStore(getStore({ name }))
}
