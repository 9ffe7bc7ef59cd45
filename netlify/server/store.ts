import { resolve } from 'node:path'

import { getStore } from '@netlify/blobs'

import type { CloudinaryCredentials } from './cloudinary/destroy-asset'
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

/**
 * The Cloudinary cloud this site uploads to, or null: the one cloud whose delivery URLs the server
 * ever fetches (the Webflow mirror's asset bytes).
 */
export function configuredCloudName(): string | null {
  return serverEnv().CLOUDINARY_CLOUD_NAME || process.env.VITE_CLOUDINARY_CLOUD_NAME || null
}

/** Cloudinary credentials for server-side deletes, or null unless all of them are set. */
export function cloudinaryCredentials(): CloudinaryCredentials | null {
  const env = serverEnv()
  const cloudName = configuredCloudName()
  if (!cloudName || !env.CLOUDINARY_API_KEY || !env.CLOUDINARY_API_SECRET) return null
  return {
    cloudName,
    apiKey: env.CLOUDINARY_API_KEY,
    apiSecret: env.CLOUDINARY_API_SECRET,
    apiBase: env.CLOUDINARY_API_BASE.replace(/\/$/, ''),
  }
}

export function mediaHostSettings(): MediaHostSettings {
  const env = serverEnv()
  return { maxUploadBytes: env.MAX_UPLOAD_BYTES, expiryMs: env.UPLOAD_EXPIRY_HOURS * 3_600_000 }
}
