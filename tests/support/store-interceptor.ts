import type { ByteStore } from '../../netlify/server/storage/byte-store'
import type {
  DocumentStore,
  ListedDocument,
  StoredDocument,
  WriteCondition,
} from '../../netlify/server/storage/document-store'
import type { MediaHostStores } from '../../netlify/server/uploads/upload-service'

/** One call a service makes on a store, as an interceptor sees it. */
export type StoreCall =
  | { store: 'documents'; op: 'read' | 'remove' | 'list'; key: string }
  | { store: 'documents'; op: 'write'; key: string; condition: WriteCondition }
  | { store: 'bytes'; op: 'put' | 'get' | 'remove' | 'list'; key: string }

/**
 * Decides how one store call runs: `proceed` performs it on the wrapped store and resolves with its
 * result. An interceptor may delay it, count it, fail it, or answer without performing it.
 */
export type Interceptor = (call: StoreCall, proceed: () => Promise<unknown>) => Promise<unknown>

/** Whether the call changes what is stored (when it succeeds). */
export function isMutation(call: StoreCall): boolean {
  return call.op === 'write' || call.op === 'remove' || call.op === 'put'
}

export function describeCall(call: StoreCall): string {
  const condition = call.op === 'write' ? ('ifNew' in call.condition ? ' (if new)' : ' (if match)') : ''
  return `${call.store}.${call.op}(${call.key})${condition}`
}

/**
 * A `DocumentStore` that routes every call through an interceptor. `exclusive` passes straight through:
 * it is a lock around calls, not a call of its own.
 */
export class InterceptedDocumentStore implements DocumentStore {
  constructor(
    private readonly inner: DocumentStore,
    private readonly intercept: Interceptor,
  ) {}

  read(key: string): Promise<StoredDocument | null> {
    return this.intercept({ store: 'documents', op: 'read', key }, () =>
      this.inner.read(key),
    ) as Promise<StoredDocument | null>
  }

  write(key: string, value: unknown, condition: WriteCondition): Promise<string | null> {
    return this.intercept({ store: 'documents', op: 'write', key, condition }, () =>
      this.inner.write(key, value, condition),
    ) as Promise<string | null>
  }

  remove(key: string): Promise<void> {
    return this.intercept({ store: 'documents', op: 'remove', key }, () =>
      this.inner.remove(key),
    ) as Promise<void>
  }

  list(prefix: string): Promise<ListedDocument[]> {
    return this.intercept({ store: 'documents', op: 'list', key: prefix }, () =>
      this.inner.list(prefix),
    ) as Promise<ListedDocument[]>
  }

  exclusive<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.inner.exclusive(key, task)
  }
}

/** A `ByteStore` that routes every call through an interceptor. */
export class InterceptedByteStore implements ByteStore {
  constructor(
    private readonly inner: ByteStore,
    private readonly intercept: Interceptor,
  ) {}

  put(key: string, bytes: Uint8Array): Promise<void> {
    return this.intercept({ store: 'bytes', op: 'put', key }, () =>
      this.inner.put(key, bytes),
    ) as Promise<void>
  }

  get(key: string): Promise<Uint8Array | null> {
    return this.intercept({ store: 'bytes', op: 'get', key }, () =>
      this.inner.get(key),
    ) as Promise<Uint8Array | null>
  }

  remove(key: string): Promise<void> {
    return this.intercept({ store: 'bytes', op: 'remove', key }, () =>
      this.inner.remove(key),
    ) as Promise<void>
  }

  list(prefix: string): Promise<string[]> {
    return this.intercept({ store: 'bytes', op: 'list', key: prefix }, () =>
      this.inner.list(prefix),
    ) as Promise<string[]>
  }
}

/** Both media-host stores behind one interceptor, so a call count runs across the two. */
export function interceptStores(stores: MediaHostStores, intercept: Interceptor): MediaHostStores {
  return {
    documents: new InterceptedDocumentStore(stores.documents, intercept),
    bytes: new InterceptedByteStore(stores.bytes, intercept),
  }
}
