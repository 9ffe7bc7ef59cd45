import type { MediaRecord } from '../contract/record'
import type { KeptPage } from './listing-cache'

/**
 * The messages between the page and the listing worker, which fetches, decodes, checks and keeps the
 * file list's pages (`GET /api/media-pages`) off the main thread.
 */
export type ListingRequest =
  /**
   * Shows the pages kept from the last visit (once), then asks the server for every page again.
   * `shownFirst` is the digest of the kept first page when the page has already read and shown it
   * itself (readKeptFirstPage): the worker then sends the rest only.
   */
  | { type: 'load'; request: number; shownFirst?: string }
  /** Asks the server for every page again; unchanged pages answer 304 and cost nothing more. */
  | { type: 'revalidate'; request: number }
  /** Drops the kept pages (the sign-in changed): the next load starts from the server. */
  | { type: 'forget' }

export type ListingReply =
  /** How many pages the library has, and how many files it held when last counted (null: not known). */
  | { type: 'layout'; pages: number; expected: number | null }
  /**
   * A slice of page `page`, in id order. `first` starts the page over (its earlier records are gone);
   * `last` ends it. Slices are small, so no single message costs the page a long task to receive.
   */
  | { type: 'records'; page: number; records: MediaRecord[]; first: boolean; last: boolean }
  /**
   * A request to the server failed; `status` 0 means no answer at all, `fromServer` that the answer
   * carried the API's own `{ error }` (so it came from the function, not a gateway in front of it).
   */
  | { type: 'failed'; status: number; message: string; fromServer: boolean }
  /**
   * The first page as kept, for the page to keep a copy it reads at once on the next visit
   * (kept-first-page.ts): sent whenever a first page other than the one the page showed itself is shown.
   */
  | { type: 'kept-first'; page: KeptPage }
  /** The `load` or `revalidate` numbered `request` is done (`ok`: every page is as the server has it). */
  | { type: 'settled'; request: number; ok: boolean }
