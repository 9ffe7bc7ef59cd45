import type { MediaRecord } from '../../../contract/record'
import type { Answer } from '../../../lib/answer'
import type { RecordsChange } from '../../../lib/record-changes'
import type { Filters, Sort } from '../model/filters'
import type { LibraryResults, Progress, ShownQuery } from '../model/library-results'
import {
  askedOf,
  INITIAL_STATE,
  nextState,
  reaskAfter,
  ROW_BLOCK,
  shownOf,
  type AnswerRows,
  type ClientState,
  type EngineStatus,
  type Shown,
} from './client-state'
import {
  ID_BATCH,
  type EngineQuestion,
  type EngineReply,
  type EngineRequest,
  type MatchingQuestion,
} from './library-protocol'
import { SeenFiles } from './seen-files'

/** The engine as the page reaches it: the listing worker, or the engine run on the page. */
export interface EnginePort {
  post(request: EngineRequest): void
  close(): void
}

type Waiting = (reply: EngineReply) => void

/** What the controls offer from the whole library (library-protocol.ts, `facts`). */
export interface LibraryFacts {
  fileTypes: readonly string[]
  folderPaths: readonly string[]
  folderCounts: ReadonlyMap<string, number>
}

/**
 * The page's side of the library engine: it asks the query, keeps the rows it was sent for the answer
 * it shows, asks for the rows a scroll reaches, and hands the screen a new `LibraryResults` each time
 * something arrives. Where its query is (asked, answered) and what the library is are one state, moved
 * on by `nextState` (client-state.ts); replies to an answer it no longer shows are dropped; when the
 * library changes it asks its query again.
 */
export class EngineClient {
  private readonly port: EnginePort
  private nextAsk = 0
  private readonly waiting = new Map<number, Waiting>()
  private state: ClientState = INITIAL_STATE
  /** The files sent by id, with this page's own changes made on them (seen-files.ts). */
  private readonly seen = new SeenFiles()
  /** This page's changes not settled yet, by key: a rolled back one's files are forgotten (asked again). */
  private readonly unsettled = new Map<number, RecordsChange>()
  /** The files the engine answered by id since the library last changed: read again, they are as it has them. */
  private readonly confirmed = new Set<number>()
  /** Files read by id and not answered since the library last changed: asked of the engine together. */
  private readonly toConfirm = new Set<number>()
  private readonly listeners = new Set<() => void>()
  /** The results made for the answer shown (one object per revision of it, as the screen compares them). */
  private made: { shown: Shown; results: LibraryResults } | null = null
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
  getSnapshot = (): LibraryResults | null => {
    const shown = shownOf(this.state)
    if (shown === null) return null
    if (this.made?.shown !== shown) this.made = { shown, results: this.results(shown) }
    return this.made.results
  }

  /** How much of the library the engine holds, as it last said. */
  getStatus = (): EngineStatus => this.state.status

  /** Whether the results last published are the answer to a query the person changed. */
  answersInput = (): boolean => this.state.answersInput

  /**
   * Whether the results last answered read the library as the engine last said it is: false from a
   * `changed` until the answer to the query it asks again (a reload is drawn only then: ShownVersion).
   */
  answersLatest(): boolean {
    return (shownOf(this.state)?.version ?? -1) >= this.state.latest
  }

  /** Changes to the list (decision 0022): shown over the library until settled. */
  change(key: number, change: RecordsChange): void {
    this.unsettled.set(key, change)
    this.seen.change(change)
    this.port.post({ type: 'change', key, change })
  }

  /** The change `key` leaves the overlay, `confirmed` (the server's answer) kept; null rolls it back. */
  settle(key: number, confirmed: RecordsChange | null): void {
    const change = this.unsettled.get(key)
    this.unsettled.delete(key)
    if (confirmed !== null) this.seen.change(confirmed)
    else if (change !== undefined) this.seen.change(change, true)
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
    const ask = this.nextAsk
    this.state = nextState(this.state, { type: 'asked', filters, sort, ask })
    this.ask({ type: 'query', filters, sort, ...this.state.window })
  }

  /** The library changed: its query is asked again, now or, while pages arrive, a little later. */
  private askAsGrown(): void {
    const wait = reaskAfter(this.state, this.grownAskedAt, performance.now())
    const asked = askedOf(this.state)
    if (wait === null || asked === null) {
      this.notify()
      return
    }
    const askNow = () => {
      this.grownAskedAt = performance.now()
      this.query(asked.filters, asked.sort)
    }
    if (wait === 0) {
      askNow()
      return
    }
    // The status (how much is in) is shown at once; the rows follow.
    this.notify()
    this.grownAsk ??= setTimeout(() => {
      this.grownAsk = undefined
      const again = askedOf(this.state)
      if (again !== null) {
        this.grownAskedAt = performance.now()
        this.query(again.filters, again.sort)
      }
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
      this.state = nextState(this.state, { type: 'changed', reply })
      this.confirmed.clear()
      this.askAsGrown()
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
      const rows: AnswerRows = { at: new Map(), blocksAsked: new Set() }
      const before = this.state
      this.state = nextState(before, { ...reply, type: 'answer', rows })
      if (this.state === before) return
      // For the listing benchmark and the tests: the first answer came from the kept library.
      if (reply.kept === true) performance.mark('library:kept-answer')
      this.keep(rows, reply.from, reply.rows)
      this.notify()
      this.state = nextState(this.state, { type: 'published' })
    } else if (reply.type === 'rows') {
      const shown = shownOf(this.state)
      if (shown?.version !== reply.version) return
      this.keep(shown.rows, reply.from, reply.rows)
      this.state = nextState(this.state, { type: 'rows', version: reply.version })
      this.notify()
    }
  }

  /**
   * A file by id, as the screen reads it (Details, a menu): from the files sent, and asked of the engine
   * when it has not answered for it since the library last changed, so that a file changed or gone since
   * it was sent (another tab's edit, a teammate's delete, a kept library out of date) is answered as it
   * now is once the engine says so.
   */
  private recordById(id: number): MediaRecord | undefined {
    if (!this.confirmed.has(id) && !this.toConfirm.has(id)) {
      this.toConfirm.add(id)
      // The reads of one render asked together, after it.
      if (this.toConfirm.size === 1)
        queueMicrotask(() => {
          this.confirmRead()
        })
    }
    return this.seen.get(id)
  }

  /**
   * Asks the engine for the files read by id: one changed is kept as it now is; one gone is forgotten
   * once the engine holds the whole library, which alone can say so. When either happened, the screen
   * gets new results, and reads them again.
   */
  private confirmRead(): void {
    const ids = [...this.toConfirm].slice(-ID_BATCH)
    this.toConfirm.clear()
    this.ask({ type: 'records', ids }, (reply) => {
      if (reply.type !== 'records') return
      const { complete, kept } = this.state.status
      const whole = complete && kept !== true
      const found = new Map(reply.records.map((record) => [record.id as number, record]))
      let differs = false
      for (const id of ids) {
        const before = this.seen.get(id)
        const now = found.get(id)
        if (now !== undefined || whole) this.confirmed.add(id)
        if (now !== undefined && (before === undefined || !sameValue(before, now))) this.seen.set(now)
        else if (now === undefined && before !== undefined && whole) this.seen.forget(id)
        else continue
        differs = true
      }
      if (!differs) return
      // New results, so the screen reads them again.
      this.made = null
      this.notify()
    })
  }

  /**
   * Files the page already shows (the first page it drew itself): a row the worker sends as one of them
   * was keeps that object, so the cards drawn from the page's own first page are not drawn again when
   * the worker's first answer takes over (decision 0062).
   */
  remember(records: readonly MediaRecord[]): void {
    for (const record of records) if (!this.seen.has(record.id)) this.seen.set(record)
  }

  private keep(into: AnswerRows, from: number, rows: readonly MediaRecord[]): void {
    rows.forEach((sent, offset) => {
      // A file sent again as it was keeps the object it had (each reply is a fresh copy): its card,
      // memoised on it, is not drawn again when only the count or the files around it changed.
      const before = this.seen.get(sent.id)
      const record = before !== undefined && sameValue(before, sent) ? before : sent
      into.at.set(from + offset, record)
      this.seen.set(record)
    })
  }

  private notify(): void {
    for (const listener of this.listeners) listener()
  }

  /** Asks for the blocks of rows from `from` to `to` not in hand nor asked for yet. */
  want(from: number, to: number): void {
    this.state = nextState(this.state, { type: 'window', from, to })
    const shown = shownOf(this.state)
    if (shown === null) return
    const { count, rows } = shown
    const end = Math.min(to, count)
    for (let block = Math.floor(Math.max(0, from) / ROW_BLOCK); block * ROW_BLOCK < end; block++) {
      if (rows.blocksAsked.has(block)) continue
      const start = block * ROW_BLOCK
      const stop = Math.min(start + ROW_BLOCK, count)
      let missing = false
      for (let place = start; place < stop && !missing; place++) missing = !rows.at.has(place)
      if (!missing) continue
      rows.blocksAsked.add(block)
      this.ask({ type: 'rows', from: start, to: stop })
    }
  }

  private idsFromRows(rows: AnswerRows, from: number, to: number): number[] | null {
    const ids: number[] = []
    for (let place = from; place < to; place++) {
      const record = rows.at.get(place)
      if (record === undefined) return null
      ids.push(record.id)
    }
    return ids
  }

  /** The ids from `from` to `to`: from the rows in hand, else asked for in batches of ID_BATCH. */
  ids(from: number, to: number): Answer<readonly number[]> {
    const shown = shownOf(this.state)
    const start = Math.max(0, from)
    const end = Math.min(to, shown?.count ?? 0)
    const inHand = this.idsFromRows(shown?.rows ?? NO_ROWS, start, end)
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
    const rows = shownOf(this.state)?.rows ?? NO_ROWS
    for (const [place, record] of rows.at) if (record.id === id) return place
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
            for (const record of reply.records) this.seen.set(record)
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

  private results({ count, total, query, rows }: Shown): LibraryResults {
    return {
      count,
      total,
      query,
      idsMatching: (query, except) => this.matching(query, except),
      recordsMatching: (query, except, progress) => this.matching(query, except, progress, true),
      recordAt: (place) => rows.at.get(place),
      idAt: (place) => rows.at.get(place)?.id,
      record: (id) => this.recordById(id),
      recordsOf: (ids) => this.recordsOf(ids),
      placeOf: (id) => this.placeOf(id),
      ids: (from, to) => this.ids(from, to),
      want: (from, to) => {
        this.want(from, to)
      },
    }
  }
}

/** No rows in hand: before the first answer. */
const NO_ROWS: AnswerRows = { at: new Map(), blocksAsked: new Set() }

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
