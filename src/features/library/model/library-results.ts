import type { MediaRecord } from '../../../contract/record'
import type { Answer } from '../../../lib/answer'
import type { Filters, Sort } from './filters'
import { queryIndex, type MediaIndex } from './media-index'

/** The filters and sort a list is shown with: what a select-all selects (decision 0050). */
export interface ShownQuery {
  filters: Filters
  sort: Sort
}

/** Whether two queries show the same files in the same order. */
export function sameQuery(a: ShownQuery, b: ShownQuery): boolean {
  if (a === b) return true
  if (a.sort.key !== b.sort.key || a.sort.direction !== b.sort.direction) return false
  const keys = Object.keys(a.filters) as (keyof Filters)[]
  return keys.every((key) => a.filters[key] === b.filters[key])
}

/** Hears how far a select-all's files have been gathered: `done` of `total`. */
export type Progress = (done: number, total: number) => void

/**
 * The files the screen shows for the current filters and sort, as the grid, the list, the selection,
 * the keyboard and Details read them. Places count from 0 in the shown order. Reads by place or id are
 * of what is in hand: a row not in hand yet is undefined (drawn as a placeholder) and `want` asks for it.
 * Whole ranges (a shift-click range, select-all, where the focus goes after a delete) are answered
 * through `Answer`, so an implementation may fetch them.
 */
export interface LibraryResults {
  /** How many files pass the filters. */
  readonly count: number
  /** How many files the library holds. */
  readonly total: number
  /** The file shown at `place`, when in hand. */
  recordAt(place: number): MediaRecord | undefined
  /** The id of the file shown at `place`, when in hand. */
  idAt(place: number): number | undefined
  /** A file of the library by id, when in hand (Details, the context menu). */
  record(id: number): MediaRecord | undefined
  /** Files of the library by id, shown or not, in hand or not (a bulk action's files); gone ones left out. */
  recordsOf(ids: readonly number[]): Answer<readonly MediaRecord[]>
  /** Where file `id` is shown; -1 when it is not. */
  placeOf(id: number): Answer<number>
  /** The ids shown from place `from` up to `to` (not included), in order. */
  ids(from: number, to: number): Answer<readonly number[]>
  /** Asks for the rows from `from` up to `to` to be in hand (the grid's and list's window). */
  want(from: number, to: number): void
  /** The filters and sort these results answer; null when not known. */
  readonly query: ShownQuery | null
  /** The ids of the files matching `query` now, but `except`, in its order (a select-all made into ids). */
  idsMatching(query: ShownQuery, except: ReadonlySet<number>): Answer<readonly number[]>
  /**
   * The files matching `query` now, but `except`, in its order (a select-all's files for a bulk
   * action), gathered in batches: `progress` hears how many so far.
   */
  recordsMatching(
    query: ShownQuery,
    except: ReadonlySet<number>,
    progress?: Progress,
  ): Answer<readonly MediaRecord[]>
}

/** The ids from `anchor` to `target` inclusive, in the order shown; just `target` when the anchor is not shown. */
export function rangeIn(
  results: LibraryResults,
  anchor: number | null,
  target: number,
): Answer<readonly number[]> {
  const range = ([end, start]: readonly [number, number]): Answer<readonly number[]> => {
    if (end === -1) return []
    if (start === -1) return [target]
    return results.ids(Math.min(start, end), Math.max(start, end) + 1)
  }
  const end = results.placeOf(target)
  const start = anchor === null ? -1 : results.placeOf(anchor)
  if (end instanceof Promise || start instanceof Promise) return Promise.all([end, start]).then(range)
  return range([end, start])
}

/** Every id shown, in order. */
export const allIds = (results: LibraryResults): Answer<readonly number[]> => results.ids(0, results.count)

/**
 * The results over records the page holds (a query of its own `MediaIndex`: `positions` into
 * `records`, in the order shown): every answer is immediate. Used where the library lives on the page
 * (no workers: the component tests, old browsers).
 */
export class IndexResults implements LibraryResults {
  private places: Map<number, number> | null = null
  private readonly byId: { get: (id: number) => MediaRecord | undefined }

  /**
   * `shown`: the index these positions were queried from and the query, so another query (or this one
   * in full, when `positions` is only a first screen) can be answered too.
   */
  constructor(
    private readonly records: readonly MediaRecord[],
    private readonly positions: ArrayLike<number>,
    byId?: { get: (id: number) => MediaRecord | undefined },
    private readonly shown?: { index: MediaIndex; query: ShownQuery; full: boolean },
  ) {
    this.byId = byId ?? new Map(records.map((record) => [record.id as number, record]))
  }

  get query(): ShownQuery | null {
    return this.shown?.query ?? null
  }

  private matching(query: ShownQuery, except: ReadonlySet<number>): MediaRecord[] {
    const { shown } = this
    const positions =
      shown === undefined || (shown.full && sameQuery(query, shown.query))
        ? this.positions
        : queryIndex(shown.index, query.filters, query.sort)
    const records: MediaRecord[] = []
    for (let place = 0; place < positions.length; place++) {
      const record = this.records[positions[place] ?? -1]
      if (record !== undefined && !except.has(record.id)) records.push(record)
    }
    return records
  }

  idsMatching(query: ShownQuery, except: ReadonlySet<number>): readonly number[] {
    return this.matching(query, except).map((record) => record.id)
  }

  recordsMatching(
    query: ShownQuery,
    except: ReadonlySet<number>,
    progress?: Progress,
  ): readonly MediaRecord[] {
    const records = this.matching(query, except)
    progress?.(records.length, records.length)
    return records
  }

  get count(): number {
    return this.positions.length
  }

  get total(): number {
    return this.records.length
  }

  recordAt(place: number): MediaRecord | undefined {
    const position = this.positions[place]
    return position === undefined ? undefined : this.records[position]
  }

  idAt(place: number): number | undefined {
    return this.recordAt(place)?.id
  }

  record(id: number): MediaRecord | undefined {
    return this.byId.get(id)
  }

  recordsOf(ids: readonly number[]): readonly MediaRecord[] {
    return ids.flatMap((id) => this.byId.get(id) ?? [])
  }

  placeOf(id: number): number {
    // Made on the first ask: most results are never asked where a file is.
    if (this.places === null) {
      this.places = new Map()
      for (let place = 0; place < this.positions.length; place++) {
        const id = this.idAt(place)
        if (id !== undefined) this.places.set(id, place)
      }
    }
    return this.places.get(id) ?? -1
  }

  ids(from: number, to: number): readonly number[] {
    const start = Math.max(0, from)
    const end = Math.min(this.positions.length, to)
    const ids = new Array<number>(Math.max(0, end - start))
    for (let place = start; place < end; place++) ids[place - start] = this.idAt(place) ?? -1
    return ids
  }

  want(): void {
    // Every row is in hand.
  }
}
