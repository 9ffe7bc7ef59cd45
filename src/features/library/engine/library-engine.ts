import type { MediaRecord } from '../../../contract/record'
import { DEFAULT_SORT, NO_FILTERS, type Filters, type Sort } from '../model/filters'
import { sameQuery } from '../model/library-results'
import { fileTypesOf, folderPathsOf, MediaIndex, queryIndex } from './media-index'
import { inSlices, nextTask } from '../model/sliced-work'
import {
  ID_BATCH,
  MOST_ROWS,
  type EngineQuestion,
  type EngineReply,
  type MatchingQuestion,
} from './library-protocol'

/** At most this many files asked by id are found by one pass over the library rather than a map. */
const FEW_IDS = 16

/**
 * The library and every query on it, where the listing worker runs it: the records, their `MediaIndex`,
 * the current query's results, and the answers the page asks for (library-protocol.ts). The page holds
 * only the rows it shows.
 */
export class LibraryEngine {
  private index = new MediaIndex([])
  private filters: Filters = NO_FILTERS
  private sort: Sort = DEFAULT_SORT
  private positions: Uint32Array = new Uint32Array(0)
  private places: Map<number, number> | null = null
  private byId: Map<number, MediaRecord> | null = null
  private version = 0
  private complete = false
  /** The index being prepared in slices (prepareWhole), or prepared; null before the library is whole. */
  private preparing: MediaIndex | null = null
  private stopPreparing: () => void = () => undefined

  /** `changed` hears of each new version of the library (for the page to ask again). */
  constructor(private readonly changed: (reply: EngineReply) => void = () => undefined) {}

  get records(): readonly MediaRecord[] {
    return this.index.records
  }

  /**
   * The library as it now is: indexed (the last index edited when a few records changed, extended when
   * it only grew) and queried again.
   * `complete`: every page of it has arrived.
   */
  setRecords(records: readonly MediaRecord[], complete = true): void {
    if (records === this.index.records && complete === this.complete) return
    const same = records === this.index.records
    this.complete = complete
    if (!same) {
      this.index = this.index.edited(records) ?? new MediaIndex(records, this.index)
      this.stopPreparing()
      this.byId = null
      this.run()
    }
    this.changed(this.status())
    this.prepareWhole()
  }

  /**
   * Once the library is whole, makes its search text and filter columns in slices between the page's
   * questions, so the first keystroke finds them made (an edit keeps them: MediaIndex.edited). A newer
   * index, or the first search (which finishes the join itself), ends the slices of an older one.
   */
  private prepareWhole(): void {
    if (!this.complete || this.preparing === this.index || this.index.records.length === 0) return
    const index = (this.preparing = this.index)
    const started = performance.now()
    this.stopPreparing = inSlices((more) => {
      if (!index.prepare(more)) return false
      performance.measure('listing:prepared', { start: started, detail: index.records.length })
      return true
    }, nextTask)
  }

  /** How much of the library the engine holds, as its `changed` reply says it. */
  status(): EngineReply {
    return {
      type: 'changed',
      version: this.version,
      held: this.index.records.length,
      complete: this.complete,
    }
  }

  /** Answers one question of the page (changes to the library are the host's: library-host.ts). */
  receive(request: EngineQuestion): EngineReply {
    const { version } = this
    switch (request.type) {
      case 'query': {
        this.filters = request.filters
        this.sort = request.sort
        this.run()
        const from = Math.max(0, request.from)
        return {
          type: 'answer',
          ask: request.ask,
          version: this.version,
          count: this.positions.length,
          total: this.index.records.length,
          from,
          rows: this.rows(from, request.to),
        }
      }
      case 'rows': {
        const from = Math.max(0, request.from)
        return { type: 'rows', ask: request.ask, version, from, rows: this.rows(from, request.to) }
      }
      case 'ids':
        return { type: 'ids', ask: request.ask, version, ids: this.ids(request.from, request.to) }
      case 'place':
        return { type: 'place', ask: request.ask, version, place: this.placeOf(request.id) }
      case 'records':
        return { type: 'records', ask: request.ask, records: this.recordsOf(request.ids) }
      case 'by-fingerprint': {
        const { sha256 } = request
        const records = this.index.records.filter((record) => record.sha256 === sha256)
        return { type: 'records', ask: request.ask, records }
      }
      case 'facts':
        return { type: 'facts', ask: request.ask, ...this.facts() }
    }
  }

  private run(): void {
    this.positions = queryIndex(this.index, this.filters, this.sort)
    this.places = null
    this.version += 1
  }

  /** The rows from `from` to `to`, at most MOST_ROWS of them. */
  rows(from: number, to: number): MediaRecord[] {
    const end = Math.min(this.positions.length, to, from + MOST_ROWS)
    const rows: MediaRecord[] = []
    for (let place = Math.max(0, from); place < end; place++) {
      const record = this.index.records[this.positions[place] ?? -1]
      if (record !== undefined) rows.push(record)
    }
    return rows
  }

  ids(from: number, to: number): number[] {
    const end = Math.min(this.positions.length, to)
    const ids: number[] = []
    for (let place = Math.max(0, from); place < end; place++)
      ids.push(this.index.records[this.positions[place] ?? -1]?.id ?? -1)
    return ids
  }

  placeOf(id: number): number {
    if (this.places === null) {
      this.places = new Map()
      const { records } = this.index
      this.positions.forEach((position, place) => {
        const record = records[position]
        if (record !== undefined) this.places?.set(record.id, place)
      })
    }
    return this.places.get(id) ?? -1
  }

  /**
   * The files matching a query now, but the exceptions, in batches of ID_BATCH: the shown query's
   * results when it is that query, else that query run once.
   */
  *matching(request: MatchingQuestion): Generator<EngineReply> {
    const same = sameQuery(request, { filters: this.filters, sort: this.sort })
    const positions = same ? this.positions : queryIndex(this.index, request.filters, request.sort)
    const { records } = this.index
    const except = new Set(request.except)
    let excepted = 0
    if (except.size > 0)
      for (const position of positions) if (except.has(records[position]?.id ?? -1)) excepted += 1
    const total = positions.length - excepted
    let done = 0
    let place = 0
    do {
      const ids: number[] = []
      const batch: MediaRecord[] = []
      for (; place < positions.length && ids.length < ID_BATCH; place++) {
        const record = records[positions[place] ?? -1]
        if (record === undefined || except.has(record.id)) continue
        ids.push(record.id)
        if (request.records) batch.push(record)
      }
      done += ids.length
      const last = place >= positions.length
      yield { type: 'matching', ask: request.ask, ids, records: batch, done, total, last }
    } while (place < positions.length)
  }

  private facts(): { fileTypes: string[]; folderPaths: string[]; folderCounts: [string, number][] } {
    const { records } = this.index
    const counts = new Map<string, number>()
    for (const record of records) counts.set(record.folder_path, (counts.get(record.folder_path) ?? 0) + 1)
    return { fileTypes: fileTypesOf(records), folderPaths: folderPathsOf(records), folderCounts: [...counts] }
  }

  recordsOf(ids: readonly number[]): MediaRecord[] {
    // A few files (those Details or a menu shows, asked again at each change) are found in one pass:
    // the map by id, dropped at every change, costs 100 ms and more to make again at a million.
    if (this.byId === null && ids.length <= FEW_IDS) {
      const wanted = new Set(ids)
      const found = new Map<number, MediaRecord>()
      for (const record of this.index.records) if (wanted.has(record.id)) found.set(record.id, record)
      return ids.flatMap((id) => found.get(id) ?? [])
    }
    if (this.byId === null) {
      this.byId = new Map()
      for (const record of this.index.records) this.byId.set(record.id, record)
    }
    return ids.flatMap((id) => this.byId?.get(id) ?? [])
  }
}
