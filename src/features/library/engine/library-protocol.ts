import type { MediaRecord } from '../../../contract/record'
import type { RecordsChange } from '../../../lib/record-changes'
import type { ListingReply, ListingRequest } from '../listing/listing-protocol'
import type { Filters, Sort } from '../model/filters'

/**
 * What the page and the library's engine say to each other (library-engine.ts, run in the listing
 * worker where there are workers). The page asks for the files passing its filters in its sort and gets
 * their count and the rows in view; scrolling asks for more rows; ranges of ids, the place of a file and
 * files by id are asked for when the screen needs them (a shift-click range, select-all, Details).
 * Every answer about the shown files carries the `version` of the results it read: a reply to an older
 * version is dropped by the page, which has asked again.
 */
export type EngineQuestion =
  /** The files passing `filters` in `sort`: answered with the count and the rows from `from` to `to`. */
  | { type: 'query'; ask: number; filters: Filters; sort: Sort; from: number; to: number }
  /** More rows of the current results. */
  | { type: 'rows'; ask: number; from: number; to: number }
  /** The ids shown from `from` up to `to` (not included). */
  | { type: 'ids'; ask: number; from: number; to: number }
  /** Where file `id` is shown (-1: it is not). */
  | { type: 'place'; ask: number; id: number }
  /** Files of the library by id, shown or not (those gone are left out). */
  | { type: 'records'; ask: number; ids: readonly number[] }
  /** The files whose content has this SHA-256 (an upload's duplicate check): answered as `records`. */
  | { type: 'by-fingerprint'; ask: number; sha256: string }
  /** What the controls offer from the whole library: file types, folder paths, files per folder. */
  | { type: 'facts'; ask: number }

/**
 * The files matching `filters` in `sort` now, but `except` (a select-all resolved for a bulk action or
 * made into ids): answered in `matching` replies of ID_BATCH files each, the last one marked.
 */
export interface MatchingQuestion {
  type: 'matching'
  ask: number
  filters: Filters
  sort: Sort
  except: readonly number[]
  /** Whether the replies carry the files, or only their ids. */
  records: boolean
}

export type EngineRequest =
  | EngineQuestion
  | MatchingQuestion
  /** A change shown at once over the confirmed library, until settled (decision 0022). */
  | { type: 'change'; key: number; change: RecordsChange }
  /** The change `key` leaves the overlay: `confirmed` (the server's answer) is kept, or none (a rollback). */
  | { type: 'settle'; key: number; confirmed: RecordsChange | null }

export type EngineReply =
  | {
      type: 'answer'
      ask: number
      version: number
      count: number
      total: number
      from: number
      rows: MediaRecord[]
      /** Read from the kept library (decision 0052) before the worker holds the whole library. */
      kept?: true
    }
  | { type: 'rows'; ask: number; version: number; from: number; rows: MediaRecord[] }
  | { type: 'ids'; ask: number; version: number; ids: number[] }
  | { type: 'place'; ask: number; version: number; place: number }
  | { type: 'records'; ask: number; records: MediaRecord[] }
  /** One batch of a `matching` question: `done` of `total` files sent so far. */
  | {
      type: 'matching'
      ask: number
      ids: number[]
      records: MediaRecord[]
      done: number
      total: number
      last: boolean
    }
  | {
      type: 'facts'
      ask: number
      fileTypes: string[]
      folderPaths: string[]
      folderCounts: [string, number][]
    }
  /**
   * The library changed (files arrived, were edited or removed): the page asks its query again. `held`
   * is how many files it holds, `complete` whether every page has arrived. `kept`: the library as kept
   * from the last visit (decision 0052), whole as last seen, answering until the engine holds it.
   */
  | { type: 'changed'; version: number; held: number; complete: boolean; kept?: true }

/** Most rows one request may ask for: a window is a screen or two of cards. */
export const MOST_ROWS = 1_000
/** Ids sent at a time when a whole selection is resolved (as the bulk endpoints take them). */
export const ID_BATCH = 500

/** What the page sends the library's worker (library.worker.ts): the listing's requests, or the engine's. */
export type LibraryWorkerRequest = ListingRequest | { engine: EngineRequest }
/** What the worker sends back: what the listing still tells the page, or the engine's answers. */
export type LibraryWorkerReply = ListingReply | { engine: EngineReply }
