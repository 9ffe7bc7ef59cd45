/**
 * Engine (b): SQLite compiled to WebAssembly in the worker, its database in OPFS through the
 * `opfs-sahpool` VFS, which needs neither SharedArrayBuffer nor COOP/COEP headers (the plain `opfs` VFS
 * needs both). The columns filtering and sorting read live in `item` (search text, title key, category,
 * folder, type, date, size), the record's JSON in `row`, so a search scans the narrow table only. The
 * search text, title key, category and folder are derived by the screen's own MediaIndex (derive.ts).
 */
import sqlite3InitModule, {
  type Database,
  type SAHPoolUtil,
  type Sqlite3Static,
} from '@sqlite.org/sqlite-wasm'

import { endOfDay, startOfDay } from '../../../src/features/library/model/filters.ts'
import { titleSortKey } from '../../../src/contract/title-key.ts'
import { pagesOf } from './derive.ts'
import { ROWS_IN_VIEW, SELECTION_BATCH, type Answer, type Engine, type Query, type Row } from './protocol.ts'

/** The file name carries the layout's version: a new layout starts a new file and removes the old. */
const FILE = '/library-v1.sqlite3'

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS item (
    id INTEGER PRIMARY KEY, title_key TEXT NOT NULL, category TEXT NOT NULL, folder TEXT NOT NULL,
    type TEXT NOT NULL, created REAL, size REAL NOT NULL, hay TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS row (id INTEGER PRIMARY KEY, json TEXT NOT NULL);`
const INDEXES = `
  CREATE INDEX IF NOT EXISTS item_title ON item (title_key, id);
  CREATE INDEX IF NOT EXISTS item_created ON item (created, title_key, id);
  CREATE INDEX IF NOT EXISTS item_size ON item (size, title_key, id);`

/**
 * With `fts`, a trigram index over the search text (FTS5's `trigram` tokenizer finds substrings of
 * three characters or more), stored as an external-content index over `item.hay`: no second copy.
 */
const SEARCH = `
  CREATE VIRTUAL TABLE IF NOT EXISTS search USING fts5 (
    hay, content = 'item', content_rowid = 'id', tokenize = 'trigram');
  INSERT INTO search (search) VALUES ('rebuild');`
/** Shortest search the trigram index answers: shorter ones scan. */
const TRIGRAM = 3

const ORDER: Record<Query['sort'], string> = {
  title: 'title_key %, id %',
  date: 'created %, title_key %, id %',
  size: 'size %, title_key %, id %',
}

export class SqliteEngine implements Engine {
  private readonly fts: boolean

  constructor(fts = false) {
    this.fts = fts
  }

  private sqlite: Sqlite3Static | null = null
  private pool: SAHPoolUtil | null = null
  private db: Database | null = null

  /** Loads the wasm and takes the pool's files: throws when another tab holds them. */
  private async start(): Promise<SAHPoolUtil> {
    if (this.pool !== null) return this.pool
    const started = performance.now()
    this.sqlite ??= await sqlite3InitModule()
    const loaded = performance.now()
    this.pool = await this.sqlite.installOpfsSAHPoolVfs({ name: 'library', initialCapacity: 4 })
    this.startMs = { wasmLoadMs: loaded - started, poolMs: performance.now() - loaded }
    return this.pool
  }

  /** Where the worker's start went: loading and compiling the wasm, then taking the pool's files. */
  private startMs: Record<string, number> = {}

  private requireDb(): Database {
    if (this.db === null) throw new Error('no library is open')
    return this.db
  }

  async import(size: number, pages: number): Promise<void> {
    const pool = await this.start()
    this.db?.close()
    pool.unlink(FILE)
    const db = new pool.OpfsSAHPoolDb(FILE)
    this.db = db
    // A cache of the server's records: after a crash it is imported again, so no journal is needed.
    db.exec(`PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -65536; ${SCHEMA}`)
    // One statement a page: the page's values cross into the wasm as one JSON text and SQLite's
    // json_each takes them apart, which costs a fraction of binding each value of each record.
    for await (const page of pagesOf(size, pages)) {
      const values = page.records.map((record, i) => {
        const created = page.created[i] ?? Number.NaN
        return [
          record.id,
          page.titleKeys[i] ?? '',
          page.categories[i] ?? '',
          page.folders[i] ?? '',
          record.file_type,
          Number.isNaN(created) ? null : created,
          record.file_size,
          page.haystacks[i] ?? '',
          JSON.stringify(record),
        ]
      })
      const text = JSON.stringify(values)
      db.transaction(() => {
        db.exec({
          sql: `INSERT INTO item SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4,
            value ->> 5, value ->> 6, value ->> 7 FROM json_each(?)`,
          bind: [text],
        })
        db.exec({ sql: 'INSERT INTO row SELECT value ->> 0, value ->> 8 FROM json_each(?)', bind: [text] })
      })
    }
    db.exec(INDEXES)
    if (this.fts) db.exec(SEARCH)
  }

  async open(): Promise<boolean> {
    const pool = await this.start()
    if (!pool.getFileNames().includes(FILE)) return false
    this.db?.close()
    const db = new pool.OpfsSAHPoolDb(FILE)
    db.exec('PRAGMA synchronous = OFF; PRAGMA cache_size = -65536')
    this.db = db
    return true
  }

  private where(query: Query): { sql: string; bind: (string | number)[] | undefined } {
    const conditions: string[] = []
    const bind: (string | number)[] = []
    const text = query.text.trim().toLowerCase()
    if (text !== '' && this.fts && text.length >= TRIGRAM) {
      conditions.push('id IN (SELECT rowid FROM search WHERE search MATCH ?)')
      bind.push(`"${text.replaceAll('"', '""')}"`)
    } else if (text !== '') {
      conditions.push('instr(hay, ?) > 0')
      bind.push(text)
    }
    if (query.category !== 'all') {
      conditions.push('category = ?')
      bind.push(query.category)
    }
    if (query.folder !== null) {
      conditions.push('folder = ?')
      bind.push(query.folder)
    }
    const from = startOfDay(query.from)
    const to = endOfDay(query.to)
    if (from !== null) {
      conditions.push('created >= ?')
      bind.push(from)
    }
    if (to !== null) {
      conditions.push('created <= ?')
      bind.push(to)
    }
    if (conditions.length === 0) return { sql: '', bind: undefined }
    return { sql: `WHERE ${conditions.join(' AND ')}`, bind }
  }

  private orderBy(query: Query): string {
    return `ORDER BY ${ORDER[query.sort].replaceAll('%', query.ascending ? 'ASC' : 'DESC')}`
  }

  query(query: Query): Promise<Answer> {
    const db = this.requireDb()
    const { sql, bind } = this.where(query)
    const count = Number(db.selectValue(`SELECT count(*) FROM item ${sql}`, bind) ?? 0)
    const json = db.selectValues(
      `SELECT (SELECT json FROM row WHERE row.id = item.id) FROM item ${sql} ${this.orderBy(query)} LIMIT ${String(ROWS_IN_VIEW)}`,
      bind,
    ) as string[]
    return Promise.resolve({ count, rows: json.map((each) => JSON.parse(each) as Row) })
  }

  select(query: Query, batch: (ids: Float64Array) => void): Promise<number> {
    const db = this.requireDb()
    const { sql, bind } = this.where(query)
    const statement = db.prepare(`SELECT id FROM item ${sql} ${this.orderBy(query)}`)
    let count = 0
    try {
      if (bind !== undefined) statement.bind(bind)
      let ids = new Float64Array(SELECTION_BATCH)
      let filled = 0
      while (statement.step()) {
        ids[filled++] = statement.getInt(0) ?? 0
        if (filled === SELECTION_BATCH) {
          batch(ids)
          count += filled
          ids = new Float64Array(SELECTION_BATCH)
          filled = 0
        }
      }
      if (filled > 0) batch(ids.slice(0, filled))
      count += filled
    } finally {
      statement.finalize()
    }
    return Promise.resolve(count)
  }

  update(id: number, title: string, tags: string[]): Promise<void> {
    const db = this.requireDb()
    const json = db.selectValue('SELECT json FROM row WHERE id = ?', [id]) as string | undefined
    if (json === undefined) throw new Error(`no record ${String(id)}`)
    const row: Row = { ...(JSON.parse(json) as Row), title, tags }
    const hay = [title, row.description, row.author, ...tags].join('\n').toLowerCase()
    const old = db.selectValue('SELECT hay FROM item WHERE id = ?', [id]) as string
    db.transaction(() => {
      if (this.fts)
        db.exec({ sql: "INSERT INTO search (search, rowid, hay) VALUES ('delete', ?, ?)", bind: [id, old] })
      db.exec({
        sql: 'UPDATE item SET title_key = ?, hay = ? WHERE id = ?',
        bind: [titleSortKey(title), hay, id],
      })
      db.exec({ sql: 'UPDATE row SET json = ? WHERE id = ?', bind: [JSON.stringify(row), id] })
      if (this.fts) db.exec({ sql: 'INSERT INTO search (rowid, hay) VALUES (?, ?)', bind: [id, hay] })
    })
    return Promise.resolve()
  }

  memory(): Record<string, number> {
    const pages = Number(this.db?.selectValue('PRAGMA page_count') ?? 0)
    const pageSize = Number(this.db?.selectValue('PRAGMA page_size') ?? 0)
    return {
      ...this.startMs,
      wasmHeapBytes: this.sqlite?.wasm.heap8u().byteLength ?? 0,
      databaseBytes: pages * pageSize,
    }
  }

  async clear(): Promise<void> {
    this.db?.close()
    this.db = null
    const pool = await this.start()
    pool.unlink(FILE)
  }
}
