/**
 * What the engine benchmark's page and worker say to each other. A query is what the screen asks for:
 * search text, category, folder, type, date range and sort; the answer is the count and the rows in view.
 */
import type { MediaRecord } from '../../../src/contract/record.ts'

export type EngineName = 'baseline' | 'columnar' | 'sqlite' | 'sqlite-fts'
export type SortKey = 'title' | 'date' | 'size'

export interface Query {
  text: string
  /** A category kind (images, videos...) or 'all'. */
  category: string
  /** A normalised folder path, or null for every folder. */
  folder: string | null
  /** Calendar days (YYYY-MM-DD), inclusive, as the screen's date filter holds them; null for open-ended. */
  from: string | null
  to: string | null
  sort: SortKey
  ascending: boolean
}

export const DEFAULT_QUERY: Query = {
  text: '',
  category: 'all',
  folder: null,
  from: null,
  to: null,
  sort: 'title',
  ascending: true,
}

/** Rows the screen shows at once: the first screen of cards and then some. */
export const ROWS_IN_VIEW = 60
/** Ids sent to the page at a time when a selection is resolved. */
export const SELECTION_BATCH = 500

/** A row as the screen draws it: the record itself. */
export type Row = MediaRecord

export interface Answer {
  count: number
  rows: Row[]
}

export type Request =
  | { op: 'import'; size: number; pages: number }
  | { op: 'open' }
  | { op: 'query'; query: Query }
  | { op: 'select'; query: Query }
  | { op: 'update'; id: number; title: string; tags: string[] }
  | { op: 'memory' }
  | { op: 'clear' }

/** The worker's side of one engine. `select` sends its ids through `batch`, SELECTION_BATCH at a time. */
export interface Engine {
  /** Fetches the pages from the server, decodes them and keeps them: ready for queries after. */
  import(size: number, pages: number): Promise<void>
  /** Opens what is kept; false when nothing is. */
  open(): Promise<boolean>
  query(query: Query): Promise<Answer>
  select(query: Query, batch: (ids: Float64Array) => void): Promise<number>
  update(id: number, title: string, tags: string[]): Promise<void>
  memory(): Record<string, number>
  clear(): Promise<void>
}

/**
 * Runs a request on an engine, wherever the engine lives; `memory` is left to the caller, which alone
 * knows what it can measure (a worker its own heap and storage, the page nothing more).
 */
export function runRequest(
  engine: Engine,
  request: Exclude<Request, { op: 'memory' }>,
  batch: (ids: Float64Array) => void,
): Promise<unknown> {
  switch (request.op) {
    case 'import':
      return engine.import(request.size, request.pages)
    case 'open':
      return engine.open()
    case 'query':
      return engine.query(request.query)
    case 'select':
      return engine.select(request.query, batch)
    case 'update':
      return engine.update(request.id, request.title, request.tags)
    case 'clear':
      return engine.clear()
  }
}
