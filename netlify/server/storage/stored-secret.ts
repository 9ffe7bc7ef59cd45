import { randomBytes } from 'node:crypto'

import * as z from 'zod'

import { CorruptDocumentError, StorageUnavailableError, type DocumentStore } from './document-store'

/**
 * A secret of the app's own: 32 random bytes kept in the document store under `key` (`secrets/...`).
 * Not an environment variable (one more setting to get right): it is made on first use, written only if
 * new so instances that start together agree, and read back. Whoever can read the store can already
 * change every record. Kept per instance and store once read, since it never changes once written.
 */
const secretSchema = z.object({ key: z.string().regex(/^[\w-]{43}$/) })

const cache = new WeakMap<DocumentStore, Map<string, Promise<Buffer>>>()

/** The secret under `key`, made now when there is none yet. */
export function storedSecret(documents: DocumentStore, key: string): Promise<Buffer> {
  return remembered(documents, key, () => loadOrCreate(documents, key))
}

/**
 * The secret under `key` when one was ever made, else null, without writing: for checking what only
 * the secret can have signed, where no secret means nothing was signed. A found secret is kept.
 */
export async function existingSecret(documents: DocumentStore, key: string): Promise<Buffer | null> {
  const kept = cache.get(documents)?.get(key)
  if (kept) return kept
  const stored = await documents.read(key)
  if (!stored) return null
  return remembered(documents, key, () => Promise.resolve(secretOf(key, stored.value)))
}

function remembered(documents: DocumentStore, key: string, load: () => Promise<Buffer>): Promise<Buffer> {
  let secrets = cache.get(documents)
  if (!secrets) {
    secrets = new Map()
    cache.set(documents, secrets)
  }
  let secret = secrets.get(key)
  if (!secret) {
    const loading = load()
    secret = loading
    secrets.set(key, loading)
    // A failed read is not remembered: the next call tries again.
    loading.catch(() => secrets.delete(key))
  }
  return secret
}

async function loadOrCreate(documents: DocumentStore, key: string): Promise<Buffer> {
  const existing = await documents.read(key)
  if (existing) return secretOf(key, existing.value)
  await documents.exclusive(key, async () => {
    const fresh = { key: randomBytes(32).toString('base64url'), created_at: new Date().toISOString() }
    // Null: another instance wrote first, and its secret is the one read back below.
    await documents.write(key, fresh, { ifNew: true })
  })
  const stored = await documents.read(key)
  if (!stored) throw new StorageUnavailableError(`The secret ${key} could not be stored`)
  return secretOf(key, stored.value)
}

function secretOf(key: string, value: unknown): Buffer {
  const parsed = secretSchema.safeParse(value)
  if (!parsed.success) throw new CorruptDocumentError(`${key} is not a stored secret`)
  return Buffer.from(parsed.data.key, 'base64url')
}
