import type { MediaRecord } from '../../../contract/record'
import type { Answer } from '../../../lib/answer'
import type { RecordsChange } from '../../../lib/record-changes'
import type { Filters, Sort } from '../model/filters'
import type { LibraryResults, Progress, ShownQuery } from '../model/library-results'
import {
  ID_BATCH,
  type EngineQuestion,
  type EngineReply,
  type EngineRequest,
  type MatchingQuestion,
} from './library-protocol'

/** The engine as the page reaches it: the listing worker, or the engine run on the page. */
export interface EnginePort {
  post(request: EngineRequest): void
  close(): void
}

/** Rows are asked for in blocks of this many places, so a scroll asks once per block it reaches. */
export const ROW_BLOCK = 100

/**
 * While the library's pages still arrive, the query is asked again as it grows at most this often; at
 * once when it has files to show for the first time and when the last page is in. Each answer redraws
 * the rows in view, and on a first visit the pages land while the server still works on the rest:
 * under netlify dev a redraw then took 60-95 ms for its 10-20 ms of CPU (decision 0062). A person's
 * own search, filter or sort is asked at once, whatever this says.
 */
export const REASK_WHILE_ARRIVING_MS = 3_000

type Waiting = (reply: EngineReply) => void

/** How much of the library the engine holds: null until it has said. */
export interface EngineStatus {
  held: number | null
  complete: boolean
  /** Whether it is the library kept from the last visit, whole as last seen (decision 0052). */
  kept?: boolean
}

/** What the controls offer from the whole library (library-protocol.ts, `facts`). */
export interface LibraryFacts {
  fileTypes: readonly string[]
  folderPaths: readonly string[]
  folderCounts: ReadonlyMap<string, number>
}

/**
 * The page's side of the library engine: it asks the query, keeps the rows it was sent for the version
 * of the results it shows, asks for the rows a scroll reaches, and hands the screen a new
 * `LibraryResults` each time something arrives. Replies to a version it no longer shows are dropped;
 * when the library changes it asks its query again.
 */
export class EngineClient {
  private readonly port: EnginePort
  private nextAsk = 0
  private readonly waiting = new Map<number, Waiting>()
  private asked: { filters: Filters; sort: Sort } | null = null
  private queryAsk = -1
  /** The ask of the last query whose filters or sort changed: the person's own, not the library's. */
  private inputAsk = -1
  /** Whether the results last published answer that query (useLibraryEngine renders them at once). */
  private publishedInput = false
  /** The query of the results shown (the one asked when the shown answer was). */
  private shownQuery: ShownQuery | null = null
  private version = -1
  /** The library's version as the engine last said it changed (-1: not yet). */
  private latest = -1
  private count = 0
  private total = 0
  private readonly rowsAt = new Map<number, MediaRecord>()
  private readonly blocksAsked = new Set<number>()
  /** Every file sent so far by id, for Details and the context menu (refreshed by each row sent). */
  private readonly seen = new Map<number, MediaRecord>()
  private window = { from: 0, to: ROW_BLOCK }
  private snapshot: LibraryResults | null = null
  private status: EngineStatus = { held: null, complete: false }
  private readonly listeners = new Set<() => void>()
  /** When the library's growth last had the query asked again, and the ask waiting to do so. */
  private grownAskedAt = Number.NEGATIVE_INFINITY
  private grownAsk: ReturnType<typeof setTimeout> | undefined

  constructor(connect: (receive: (reply: EngineReply) => void) => EnginePort) {
    this.port = connect((reply) => {
      this.receive(reply)
    })
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** The results last answered; null before the first answer. */
  getSnapshot = (): LibraryResults | null => this.snapshot

  /** How much of the library the engine holds, as it last said. */
  getStatus = (): EngineStatus => this.status

  /** Whether the results last published are the answer to a query the person changed. */
  answersInput = (): boolean => this.publishedInput

  /**
   * Whether the results last answered read the library as the engine last said it is: false from a
   * `changed` until the answer to the query it asks again (a reload is drawn only then: ShownVersion).
   */
  answersLatest(): boolean {
    return this.version >= this.latest
  }

  /** Changes to the list (decision 0022): shown over the library until settled. */
  change(key: number, change: RecordsChange): void {
    this.port.post({ type: 'change', key, change })
  }

  /** The change `key` leaves the overlay, `confirmed` (the server's answer) kept; null rolls it back. */
  settle(key: number, confirmed: RecordsChange | null): void {
    this.port.post({ type: 'settle', key, confirmed })
  }

  /** The file types, folder paths and files per folder of the whole library. */
  facts(): Promise<LibraryFacts> {
    return new Promise((resolve) => {
      this.ask({ type: 'facts' }, (reply) => {
        if (reply.type === 'facts')
          resolve({
            fileTypes: reply.fileTypes,
            folderPaths: reply.folderPaths,
            folderCounts: new Map(reply.folderCounts),
          })
      })
    })
  }

  /** The first file whose content has this SHA-256 (an upload's duplicate check); null when none. */
  byFingerprint(sha256: string): Promise<MediaRecord | null> {
    return new Promise((resolve) => {
      this.ask({ type: 'by-fingerprint', sha256 }, (reply) => {
        resolve(reply.type === 'records' ? (reply.records[0] ?? null) : null)
      })
    })
  }

  close(): void {
    clearTimeout(this.grownAsk)
    this.port.close()
    this.waiting.clear()
  }

  /** Asks for the files passing `filters` in `sort`, with the rows of the window last shown. */
  query(filters: Filters, sort: Sort): void {
    clearTimeout(this.grownAsk)
    this.grownAsk = undefined
    const changed = this.asked?.filters !== filters || this.asked.sort !== sort
    this.asked = { filters, sort }
    // A new query starts at the top; the same one asked again (the library changed) keeps its window.
    if (changed) this.window = { from: 0, to: this.window.to - this.window.from }
    this.queryAsk = this.ask({ type: 'query', filters, sort, ...this.window })
    if (changed) this.inputAsk = this.queryAsk
  }

  /** The library changed: its query is asked again, now or, while pages arrive, a little later. */
  private askAsGrown(complete: boolean): void {
    const askNow = () => {
      this.grownAskedAt = performance.now()
      if (this.asked !== null) this.query(this.asked.filters, this.asked.sort)
    }
    const nothingShown = this.snapshot === null || this.snapshot.total === 0
    const wait = this.grownAskedAt + REASK_WHILE_ARRIVING_MS - performance.now()
    if (complete || nothingShown || wait <= 0) {
      askNow()
      return
    }
    // The status (how much is in) is shown at once; the rows follow.
    this.notify()
    this.grownAsk ??= setTimeout(() => {
      this.grownAsk = undefined
      askNow()
    }, wait)
  }

  private ask(request: DistributiveOmit<EngineQuestion | MatchingQuestion, 'ask'>, then?: Waiting): number {
    const ask = this.nextAsk++
    if (then) this.waiting.set(ask, then)
    this.port.post({ ...request, ask })
    return ask
  }

  private receive(reply: EngineReply): void {
    if (reply.type === 'changed') {
      this.latest = reply.version
      this.status = { held: reply.held, complete: reply.complete, kept: reply.kept === true }
      if (reply.version !== this.version && this.asked !== null) this.askAsGrown(reply.complete)
      else this.notify()
      return
    }
    const then = this.waiting.get(reply.ask)
    // A `matching` question is answered in batches: it waits for the last.
    if (reply.type !== 'matching' || reply.last) this.waiting.delete(reply.ask)
    if (then) {
      then(reply)
      return
    }
    if (reply.type === 'answer') {
      // Only the latest query's answer is shown: an earlier one still on its way is out of date.
      if (reply.ask !== this.queryAsk) return
      this.shownQuery = this.asked
      // For the listing benchmark and the tests: the first answer came from the kept library.
      if (reply.kept === true) performance.mark('library:kept-answer')
      this.version = reply.version
      this.count = reply.count
      this.total = reply.total
      this.rowsAt.clear()
      this.blocksAsked.clear()
      this.keep(reply.from, reply.rows)
      this.publish(reply.ask === this.inputAsk)
    } else if (reply.type === 'rows' && reply.version === this.version) {
      this.keep(reply.from, reply.rows)
      this.publish()
    }
  }

  /**
   * Files the page already shows (the first page it drew itself): a row the worker sends as one of them
   * was keeps that object, so the cards drawn from the page's own first page are not drawn again when
   * the worker's first answer takes over (decision 0062).
   */
  remember(records: readonly MediaRecord[]): void {
    for (const record of records) if (!this.seen.has(record.id)) this.seen.set(record.id, record)
  }

  private keep(from: number, rows: readonly MediaRecord[]): void {
    rows.forEach((sent, offset) => {
      // A file sent again as it was keeps the object it had (each reply is a fresh copy): its card,
      // memoised on it, is not drawn again when only the count or the files around it changed.
      const before = this.seen.get(sent.id)
      const record = before !== undefined && sameValue(before, sent) ? before : sent
      this.rowsAt.set(from + offset, record)
      this.seen.set(record.id, record)
    })
  }

  private publish(answersInput = false): void {
    this.snapshot = this.results()
    this.publishedInput = answersInput
    this.notify()
    this.publishedInput = false
  }

  private notify(): void {
    for (const listener of this.listeners) listener()
  }

  /** Asks for the blocks of rows from `from` to `to` not in hand nor asked for yet. */
  want(from: number, to: number): void {
    this.window = { from: Math.max(0, from), to: Math.max(from, to) }
    const end = Math.min(to, this.count)
    for (let block = Math.floor(Math.max(0, from) / ROW_BLOCK); block * ROW_BLOCK < end; block++) {
      if (this.blocksAsked.has(block)) continue
      const start = block * ROW_BLOCK
      const stop = Math.min(start + ROW_BLOCK, this.count)
      let missing = false
      for (let place = start; place < stop && !missing; place++) missing = !this.rowsAt.has(place)
      if (!missing) continue
      this.blocksAsked.add(block)
      this.ask({ type: 'rows', from: start, to: stop })
    }
  }

  private idsFromRows(from: number, to: number): number[] | null {
    const ids: number[] = []
    for (let place = from; place < to; place++) {
      const record = this.rowsAt.get(place)
      if (record === undefined) return null
      ids.push(record.id)
    }
    return ids
  }

  /** The ids from `from` to `to`: from the rows in hand, else asked for in batches of ID_BATCH. */
  ids(from: number, to: number): Answer<readonly number[]> {
    const start = Math.max(0, from)
    const end = Math.min(to, this.count)
    const inHand = this.idsFromRows(start, end)
    if (inHand !== null) return inHand
    const batches: Promise<number[]>[] = []
    for (let batch = start; batch < end; batch += ID_BATCH)
      batches.push(
        new Promise((resolve) => {
          this.ask({ type: 'ids', from: batch, to: Math.min(batch + ID_BATCH, end) }, (reply) => {
            resolve(reply.type === 'ids' ? reply.ids : [])
          })
        }),
      )
    return Promise.all(batches).then((parts) => parts.flat())
  }

  placeOf(id: number): Answer<number> {
    for (const [place, record] of this.rowsAt) if (record.id === id) return place
    return new Promise((resolve) => {
      this.ask({ type: 'place', id }, (reply) => {
        resolve(reply.type === 'place' ? reply.place : -1)
      })
    })
  }

  recordsOf(ids: readonly number[]): Answer<readonly MediaRecord[]> {
    const batches: Promise<MediaRecord[]>[] = []
    for (let batch = 0; batch < ids.length; batch += ID_BATCH)
      batches.push(
        new Promise((resolve) => {
          this.ask({ type: 'records', ids: ids.slice(batch, batch + ID_BATCH) }, (reply) => {
            if (reply.type !== 'records') {
              resolve([])
              return
            }
            for (const record of reply.records) this.seen.set(record.id, record)
            resolve(reply.records)
          })
        }),
      )
    return Promise.all(batches).then((parts) => parts.flat())
  }

  /**
   * The files matching `query` now, but `except`, gathered by the engine in batches of ID_BATCH
   * (`progress` hears each): their ids, or the files themselves when `records`.
   */
  matching(query: ShownQuery, except: ReadonlySet<number>, progress?: Progress): Promise<number[]>
  matching(
    query: ShownQuery,
    except: ReadonlySet<number>,
    progress: Progress | undefined,
    records: true,
  ): Promise<MediaRecord[]>
  matching(
    query: ShownQuery,
    except: ReadonlySet<number>,
    progress?: Progress,
    records = false,
  ): Promise<number[] | MediaRecord[]> {
    const { filters, sort } = query
    return new Promise((resolve) => {
      const ids: number[] = []
      const found: MediaRecord[] = []
      this.ask({ type: 'matching', filters, sort, except: [...except], records }, (reply) => {
        if (reply.type !== 'matching') {
          resolve([])
          return
        }
        for (const id of reply.ids) ids.push(id)
        for (const record of reply.records) found.push(record)
        progress?.(reply.done, reply.total)
        if (reply.last) resolve(records ? found : ids)
      })
    })
  }

  private results(): LibraryResults {
    const { count, total, shownQuery } = this
    return {
      count,
      total,
      query: shownQuery,
      idsMatching: (query, except) => this.matching(query, except),
      recordsMatching: (query, except, progress) => this.matching(query, except, progress, true),
      recordAt: (place) => this.rowsAt.get(place),
      idAt: (place) => this.rowsAt.get(place)?.id,
      record: (id) => this.seen.get(id),
      recordsOf: (ids) => this.recordsOf(ids),
      placeOf: (id) => this.placeOf(id),
      ids: (from, to) => this.ids(from, to),
      want: (from, to) => {
        this.want(from, to)
      },
    }
  }
}

/** Omit over each member of a union (a plain Omit would merge them). */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** Whether two JSON-like values (records as a worker sends them) hold the same data. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  return keys.every(
    (key) =>
      Object.hasOwn(b, key) &&
      sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  )
}

/** The engine's host run on the page itself: each request handled after the current task, as a message is. */
export function engineOnPage(handle: (request: EngineRequest) => void): EnginePort {
  let closed = false
  return {
    post: (request) => {
      queueMicrotask(() => {
        if (!closed) handle(request)
      })
    },
    close: () => {
      closed = true
    },
  }
}
