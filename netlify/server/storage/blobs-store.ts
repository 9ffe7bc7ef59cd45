import type { Store } from '@netlify/blobs'

import {
  CorruptDocumentError,
  StorageUnavailableError,
  type DocumentStore,
  type ListedDocument,
  type StoredDocument,
  type WriteCondition,
} from './document-store'
import type { FileKeyLock } from './file-lock'

/**
 * `DocumentStore` on Netlify Blobs. Two platform facts shape it (DESIGN section 3):
 * - a conditional write that fails with anything but 412 reports `{ modified: true, etag: '' }`, so an
 *   empty etag is a failure, never a success;
 * - the local Blobs server sends no etag on reads, so there the etag comes from `list()`, taken before
 *   the read: an etag older than the data only makes the next conditional write fail and retry.
 */
/** Listings a local read tries before it calls a document that exists unavailable. */
const LOCAL_LIST_ATTEMPTS = 4

export class BlobsDocumentStore implements DocumentStore {
  /** Whether reads carry etags; learnt from the first read (production: yes; local server: no). */
  private readsCarryEtags: boolean | undefined

  constructor(
    private readonly store: Store,
    private readonly lock?: FileKeyLock,
  ) {}

  async read(key: string, listedEtag?: string): Promise<StoredDocument | null> {
    if (this.readsCarryEtags === false) return this.readWithListedEtag(key, listedEtag)
    const result = await this.guard(() =>
      this.store.getWithMetadata(key, { consistency: 'strong', type: 'text' }),
    )
    if (result === null) return null
    if (result.etag) {
      this.readsCarryEtags = true
      return { value: parseDocument(key, result.data), etag: result.etag }
    }
    this.readsCarryEtags = false
    return this.read(key, listedEtag)
  }

  async write(key: string, value: unknown, condition: WriteCondition): Promise<string | null> {
    const options = 'ifNew' in condition ? { onlyIfNew: true } : { onlyIfMatch: condition.ifMatch }
    const result = await this.guard(() => this.store.setJSON(key, value, options))
    if (!result.modified) return null
    if (!result.etag) throw new StorageUnavailableError(`Blobs did not confirm the write of ${key}`)
    if ('ifMatch' in condition && result.etag === condition.ifMatch) {
      // The local server derives etags from the file's mtime in ms: a second write within the same ms
      // repeats the etag, which would hide this write from etag-keyed caches and 304s. Write again
      // (still conditional) a moment later, so every write yields a new etag.
      await new Promise((resolve) => setTimeout(resolve, 2))
      return this.write(key, value, condition)
    }
    return result.etag
  }

  async remove(key: string): Promise<void> {
    await this.guard(() => this.store.delete(key))
  }

  async list(prefix: string): Promise<ListedDocument[]> {
    const { blobs } = await this.guard(() => this.store.list({ prefix }))
    // The local server (the one that needs the write lock) may skip a key mid-rename: a second walk,
    // merged in, catches it. A key listed only once may since be gone; its read then finds nothing.
    if (this.lock) {
      const again = await this.guard(() => this.store.list({ prefix }))
      const seen = new Set(blobs.map(({ key }) => key))
      blobs.push(...again.blobs.filter(({ key }) => !seen.has(key)))
    }
    return (
      blobs
        // The local server lists the temporary files of failed writes as keys starting with a dot.
        .filter(({ key }) => !key.split('/').some((segment) => segment.startsWith('.')))
        .map(({ key, etag }) => ({ key, etag }))
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    )
  }

  exclusive<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.lock ? this.lock.run(key, task) : task()
  }

  /**
   * A read on the local server, whose reads carry no etag. Its `list()` walks the directory and skips a
   * file that another write's rename moves mid-walk, so a key missing from the listing is confirmed by a
   * read: if the document is there, the listing is asked again, and if it never shows the key the
   * read fails as unavailable (retryable) rather than calling an existing document missing.
   */
  private async readWithListedEtag(key: string, known?: string): Promise<StoredDocument | null> {
    for (let attempt = 0; attempt < LOCAL_LIST_ATTEMPTS; attempt++) {
      // A caller's listing counts as the first; the data may be newer than it, which only makes the
      // next conditional write retry or an etag-keyed cache read again.
      const listedEtag = attempt === 0 && known !== undefined ? known : await this.etagFromList(key)
      // The client's types say `string`, but a missing key reads as null.
      const text = (await this.guard(() => this.store.get(key, { consistency: 'strong', type: 'text' }))) as
        string | null
      if (text === null) return null
      if (listedEtag !== null) return { value: parseDocument(key, text), etag: listedEtag }
    }
    throw new StorageUnavailableError(`Blobs listed no etag for ${key}, which exists`)
  }

  private async etagFromList(key: string): Promise<string | null> {
    const listed = await this.list(key)
    return listed.find((document) => document.key === key)?.etag ?? null
  }

  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      throw new StorageUnavailableError('Blobs storage is unavailable', { cause: error })
    }
  }
}

function parseDocument(key: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new CorruptDocumentError(`${key} is not valid JSON`, { cause: error })
  }
}
