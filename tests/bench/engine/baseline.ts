/**
 * The baseline: the path before the column store, on the page. Each page's JSON text is kept in IndexedDB
 * as it arrived (as the listing kept it until decision 0077), and a reload reads every kept page back, decodes it and
 * indexes the whole library in the page's own MediaIndex; queries go through `queryIndex`. (Today the
 * pages are read and decoded in the listing worker and the records copied to the page; here they are
 * decoded on the page, which leaves out that copy.)
 */
import { type MediaPagesAnswer } from '../../../src/contract/media-pages.ts'
import { decodeMediaPage } from '../../../src/contract/media-page-codec.ts'
import type { MediaRecord } from '../../../src/contract/record.ts'
import { NO_FILTERS, type Filters, type Sort } from '../../../src/features/library/model/filters.ts'
import { MediaIndex, queryIndex } from '../../../src/features/library/engine/media-index.ts'
import { pageUrl } from './derive.ts'
import { ROWS_IN_VIEW, SELECTION_BATCH, type Answer, type Engine, type Query, type Row } from './protocol.ts'

const DB = 'engine-bench-baseline'
const PAGES = 'pages'

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => {
      resolve(req.result)
    }
    req.onerror = () => {
      reject(req.error ?? new Error('IndexedDB request failed'))
    }
  })
}

function openDb(): Promise<IDBDatabase> {
  const req = indexedDB.open(DB, 1)
  req.onupgradeneeded = () => {
    req.result.createObjectStore(PAGES)
  }
  return request(req)
}

const filtersOf = (query: Query): Filters => ({
  ...NO_FILTERS,
  query: query.text,
  folder: query.folder,
  category: query.category as Filters['category'],
  from: query.from,
  to: query.to,
})
const sortOf = (query: Query): Sort => ({
  key: query.sort,
  direction: query.ascending ? 'asc' : 'desc',
})

export class BaselineEngine implements Engine {
  private index: MediaIndex | null = null

  async import(size: number, pages: number): Promise<void> {
    const db = await openDb()
    const records: MediaRecord[] = []
    await request(db.transaction(PAGES, 'readwrite').objectStore(PAGES).clear())
    for (let page = 0; page < pages; page++) {
      const text = await (await fetch(pageUrl(size, page))).text()
      await request(db.transaction(PAGES, 'readwrite').objectStore(PAGES).put(text, page))
      for (const record of decodeMediaPage(JSON.parse(text) as MediaPagesAnswer)) records.push(record)
    }
    db.close()
    this.index = new MediaIndex(records)
  }

  async open(): Promise<boolean> {
    const db = await openDb()
    const keys = (await request(db.transaction(PAGES).objectStore(PAGES).getAllKeys())) as number[]
    if (keys.length === 0) return false
    const records: MediaRecord[] = []
    for (const key of keys.sort((a, b) => a - b)) {
      const text = (await request(db.transaction(PAGES).objectStore(PAGES).get(key))) as string
      for (const record of decodeMediaPage(JSON.parse(text) as MediaPagesAnswer)) records.push(record)
    }
    db.close()
    this.index = new MediaIndex(records)
    return true
  }

  private requireIndex(): MediaIndex {
    if (this.index === null) throw new Error('no library is open')
    return this.index
  }

  query(query: Query): Promise<Answer> {
    const index = this.requireIndex()
    const positions = queryIndex(index, filtersOf(query), sortOf(query))
    const count = positions.length
    const rows: Row[] = []
    for (let i = 0; i < Math.min(ROWS_IN_VIEW, count); i++) {
      // queryIndex answers in the order asked for, descending included.
      rows.push(index.records[positions[i] ?? 0] as Row)
    }
    return Promise.resolve({ count, rows })
  }

  select(query: Query, batch: (ids: Float64Array) => void): Promise<number> {
    const index = this.requireIndex()
    const positions = queryIndex(index, filtersOf(query), sortOf(query))
    const count = positions.length
    for (let start = 0; start < count; start += SELECTION_BATCH) {
      const ids = new Float64Array(Math.min(SELECTION_BATCH, count - start))
      for (let i = 0; i < ids.length; i++) ids[i] = index.records[positions[start + i] ?? 0]?.id ?? 0
      batch(ids)
    }
    return Promise.resolve(count)
  }

  /** As the screen applies an edit today: a new list with the record replaced, indexed over the old one. */
  update(id: number, title: string, tags: string[]): Promise<void> {
    const index = this.requireIndex()
    const records = index.records.map((record) => (record.id === id ? { ...record, title, tags } : record))
    this.index = new MediaIndex(records, index)
    return Promise.resolve()
  }

  memory(): Record<string, number> {
    return {}
  }

  async clear(): Promise<void> {
    this.index = null
    const db = await openDb()
    await request(db.transaction(PAGES, 'readwrite').objectStore(PAGES).clear())
    db.close()
  }
}
