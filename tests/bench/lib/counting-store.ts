/**
 * A `DocumentStore` that counts the calls the services make through it, then passes them on. On Netlify
 * each of these calls is one Blobs request; the local Blobs server needs one more `list()` per read to
 * learn an etag (it sends none on reads), which `local-blobs.ts` counts separately.
 */
import type {
  DocumentStore,
  ListedDocument,
  StoredDocument,
  WriteCondition,
} from '../../../netlify/server/storage/document-store.ts'

export interface DocumentCalls {
  reads: number
  writes: number
  removes: number
  lists: number
  /** Keys read, in order: which shards a request needed. */
  readKeys: string[]
  writtenKeys: string[]
}

export const noDocumentCalls = (): DocumentCalls => ({
  reads: 0,
  writes: 0,
  removes: 0,
  lists: 0,
  readKeys: [],
  writtenKeys: [],
})

export class CountingDocumentStore implements DocumentStore {
  calls: DocumentCalls = noDocumentCalls()
  private readonly inner: DocumentStore

  constructor(inner: DocumentStore) {
    this.inner = inner
  }

  /** Runs `task` from zero counts and returns the calls it made. */
  async count<T>(task: () => Promise<T>): Promise<{ value: T; calls: DocumentCalls }> {
    this.calls = noDocumentCalls()
    const value = await task()
    return { value, calls: this.calls }
  }

  read(key: string): Promise<StoredDocument | null> {
    this.calls.reads++
    this.calls.readKeys.push(key)
    return this.inner.read(key)
  }

  write(key: string, value: unknown, condition: WriteCondition): Promise<string | null> {
    this.calls.writes++
    this.calls.writtenKeys.push(key)
    return this.inner.write(key, value, condition)
  }

  remove(key: string): Promise<void> {
    this.calls.removes++
    return this.inner.remove(key)
  }

  list(prefix: string): Promise<ListedDocument[]> {
    this.calls.lists++
    return this.inner.list(prefix)
  }

  exclusive<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.inner.exclusive(key, task)
  }
}
