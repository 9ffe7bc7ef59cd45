import type { DocumentStore, ListedDocument, StoredDocument, WriteCondition } from './document-store'

/**
 * An atomic in-memory `DocumentStore`: each conditional write checks and commits in one synchronous
 * step, so concurrency tests see true compare-and-swap. Values are stored as JSON text, so a caller
 * can never mutate what another caller reads.
 */
export class MemoryDocumentStore implements DocumentStore {
  private readonly documents = new Map<string, { json: string; etag: string }>()
  private version = 0

  async read(key: string): Promise<StoredDocument | null> {
    await yieldToOthers()
    const document = this.documents.get(key)
    return document ? { value: JSON.parse(document.json) as unknown, etag: document.etag } : null
  }

  async write(key: string, value: unknown, condition: WriteCondition): Promise<string | null> {
    await yieldToOthers()
    const current = this.documents.get(key)
    const holds = 'ifNew' in condition ? current === undefined : current?.etag === condition.ifMatch
    if (!holds) return null
    const etag = `"m${String(++this.version)}"`
    this.documents.set(key, { json: JSON.stringify(value), etag })
    return etag
  }

  async remove(key: string): Promise<void> {
    await yieldToOthers()
    this.documents.delete(key)
  }

  async list(prefix: string): Promise<ListedDocument[]> {
    await yieldToOthers()
    return [...this.documents.entries()]
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, { etag }]) => ({ key, etag }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  }

  exclusive<T>(_key: string, task: () => Promise<T>): Promise<T> {
    return task()
  }
}

/** Lets other pending operations run between steps, as a network store would. */
function yieldToOthers(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}
