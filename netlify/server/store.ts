import { resolve } from 'node:path'

import type { CloudinaryCredentials } from './cloudinary/destroy-asset'
import { serverEnv, storeNames, type StoreNames } from './env'
import type { ByteStore } from './storage/byte-store'
import type { DocumentStore } from './storage/document-store'
import { FileKeyLock } from './storage/file-lock'
import { openBlobsByteStore, openBlobsDocumentStore } from './storage/open-blobs'
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

/** The part of Netlify's per-request global this reads (`@netlify/serverless-functions-api`). */
interface NetlifyGlobal {
  context?: { deploy?: { context?: string } } | null
}

/**
 * The deploy context this function runs in: `production`, `deploy-preview`, `branch-deploy`, ...
 * Deployed functions have no `CONTEXT` variable (only URL, SITE_NAME and SITE_ID are set at run time):
 * Netlify passes the context with each request, as `Netlify.context.deploy.context`. `netlify dev`
 * passes none; `CONTEXT` counts where something sets it.
 */
export function deployContext(): string | undefined {
  const netlify = (globalThis as { Netlify?: NetlifyGlobal }).Netlify
  return netlify?.context?.deploy?.context || serverEnv().CONTEXT || undefined
}

/** The stores of this deploy: the settings, or the deploy context's defaults (decision 0036). */
export function mediaStoreNames(): StoreNames {
  return storeNames(serverEnv(), deployContext())
}

/** The store every function uses, created on first use so a warm instance keeps its shard cache. */
export function documentStore(): DocumentStore {
  if (!documents) {
    const env = serverEnv()
    const lock = env.NETLIFY_DEV === 'true' ? new FileKeyLock(resolve('.netlify', 'blobs-locks')) : undefined
    documents = openBlobsDocumentStore(mediaStoreNames().documents, lock)
  }
  return documents
}

/** Where file bytes live. */
export function byteStore(): ByteStore {
  bytes ??= openBlobsByteStore(mediaStoreNames().files)
  return bytes
}

export function mediaHostStores(): MediaHostStores {
  return { documents: documentStore(), bytes: byteStore() }
}

/**
 * The Cloudinary cloud this site uploads to, or null: the one cloud whose delivery URLs the server
 * ever fetches (the Webflow mirror's asset bytes) or sends a share link to. Read afresh at each call,
 * as `PUBLIC_ORIGIN` is: tests change it between calls.
 */
export function configuredCloudName(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.CLOUDINARY_CLOUD_NAME || env.VITE_CLOUDINARY_CLOUD_NAME || null
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
