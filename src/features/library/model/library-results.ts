import type { MediaRecord } from '../../../contract/record'
import type { Answer } from '../../../lib/answer'
import type { Filters, Sort } from './filters'

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
 * Files in hand shown as they are, in the order given, with nothing filtered or sorted here: the first
 * page as the server sent it, before the engine's first answer, or the sample files after a failed load
 * (decision 0078). Every answer is immediate; a query's matches are these files.
 */
export class ListResults implements LibraryResults {
  private places: Map<number, number> | null = null
  private byId: Map<number, MediaRecord> | null = null

  /** `query`: the filters and sort this list stands for (a select-all selects it). */
  constructor(
    private readonly records: readonly MediaRecord[],
    readonly query: ShownQuery | null = null,
  ) {}

  private matching(except: ReadonlySet<number>): MediaRecord[] {
    return this.records.filter((record) => !except.has(record.id))
  }

  idsMatching(_query: ShownQuery, except: ReadonlySet<number>): readonly number[] {
    return this.matching(except).map((record) => record.id)
  }

  recordsMatching(
    _query: ShownQuery,
    except: ReadonlySet<number>,
    progress?: Progress,
  ): readonly MediaRecord[] {
    const records = this.matching(except)
    progress?.(records.length, records.length)
    return records
  }

  get count(): number {
    return this.records.length
  }

  get total(): number {
    return this.records.length
  }

  recordAt(place: number): MediaRecord | undefined {
    return this.records[place]
  }

  idAt(place: number): number | undefined {
    return this.records[place]?.id
  }

  record(id: number): MediaRecord | undefined {
    this.byId ??= new Map(this.records.map((record) => [record.id as number, record]))
    return this.byId.get(id)
  }

  recordsOf(ids: readonly number[]): readonly MediaRecord[] {
    return ids.flatMap((id) => this.record(id) ?? [])
  }

  placeOf(id: number): number {
    // Made on the first ask: most results are never asked where a file is.
    this.places ??= new Map(this.records.map((record, place) => [record.id as number, place]))
    return this.places.get(id) ?? -1
  }

  ids(from: number, to: number): readonly number[] {
    return this.records.slice(Math.max(0, from), Math.max(0, to)).map((record) => record.id)
  }

  want(): void {
    // Every row is in hand.
  }
}
