/**
 * The storage the services see: JSON documents with etags and compare-and-swap writes. The Blobs
 * adapter runs in production and under netlify dev; the in-memory adapter is atomic and backs the
 * concurrency tests, since the local Blobs server's conditional writes are not.
 */

export interface StoredDocument {
  value: unknown
  /** Identifies this version; a write conditioned on it fails once anyone else has written. */
  etag: string
}

/** `ifMatch`: only if the document is still at this etag. `ifNew`: only if it does not exist yet. */
export type WriteCondition = { ifMatch: string } | { ifNew: true }

export interface ListedDocument {
  key: string
  etag: string
}

export interface DocumentStore {
  /**
   * The document at `key` with its etag, read with strong consistency; null when absent. `listedEtag`,
   * the etag a `list()` just gave for the key, spares a store whose reads carry no etag (the local Blobs
   * server) a listing of its own.
   */
  read(key: string, listedEtag?: string): Promise<StoredDocument | null>
  /**
   * Writes when `condition` holds: the new etag, or null when it did not hold. An empty etag means the
   * store did not confirm the write (netlify/primitives#741); the Blobs adapter throws instead, but
   * callers treat `''` as "may not have happened", never as success.
   */
  write(key: string, value: unknown, condition: WriteCondition): Promise<string | null>
  remove(key: string): Promise<void>
  /** Every document whose key starts with `prefix`, in key order. */
  list(prefix: string): Promise<ListedDocument[]>
  /**
   * Runs `task` while no other writer of `key` that also goes through `exclusive` runs. A no-op where
   * the store's own conditional writes are atomic; a cross-process lock where they are not.
   */
  exclusive<T>(key: string, task: () => Promise<T>): Promise<T>
}

/** The store could not be reached or did not confirm a write: the caller answers 503. */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError'
}

/** Every retry of a compare-and-swap lost to another writer: the caller answers 503 and may retry. */
export class StorageContentionError extends Error {
  override name = 'StorageContentionError'
}

/** A stored document failed validation: data written by something else, or by an older version. */
export class CorruptDocumentError extends Error {
  override name = 'CorruptDocumentError'
}
