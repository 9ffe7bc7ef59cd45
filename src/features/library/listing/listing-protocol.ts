import type { MediaRecord } from '../../../contract/record'

/**
 * The messages between the page and the listing worker, which fetches, decodes and checks the file
 * list's pages (`GET /api/media-pages`) off the main thread.
 */
/** What the page did about the first page before the worker started (startListingEarly). */
export interface EarlyStart {
  /**
   * The page is asking the server itself (every visit with workers): for the first page with no library
   * kept, or what changed since the library kept (decision 0083). The worker's first load waits for
   * that answer (`page-answer`) instead of asking again.
   */
  answerFromPage?: boolean
}

/** What the page asked the server for the worker: the first page, or what changed since the kept library. */
export type PageAsked = 'first' | 'changes'

/**
 * The library kept from the last visit (the kept library, decision 0077) as the listing's pages: each
 * page's records in id order and the ETag the server sent the page under.
 */
export interface KeptPages {
  pages: { etag: string; records: MediaRecord[] }[]
}

/** The server's answer to a request the page made for the worker (EarlyStart), as text. */
export interface PageAnswer {
  status: number
  etag: string | null
  text: string
}

export type ListingRequest =
  /** Shows the pages kept from the last visit (once), then asks the server for every page again. */
  | ({ type: 'load'; request: number } & EarlyStart)
  /**
   * The answer the page had to its own request (null: no answer at all). The worker takes it as its
   * own: a first page's records are sent on, since its engine holds the library, the first page too.
   */
  | { type: 'page-answer'; asked: PageAsked; answer: PageAnswer | null }
  /** Asks the server for every page again; unchanged pages answer 304 and cost nothing more. */
  | { type: 'revalidate'; request: number }

export type ListingReply =
  /** How many pages the library has, and how many files it held when last counted (null: not known). */
  | { type: 'layout'; pages: number; expected: number | null }
  /**
   * A slice of page `page`, in id order. `first` starts the page over (its earlier records are gone);
   * `last` ends it. Slices are small, so no single message costs the page a long task to receive.
   */
  | {
      type: 'records'
      page: number
      records: MediaRecord[]
      first: boolean
      last: boolean
      /** Read from the pages kept from the last visit, not sent by the server this visit. */
      kept?: true
    }
  /**
   * The first list the page drew itself, made on the page for its store (early-start.ts), never by the
   * worker, which keeps the pages: the kept first rows, or a first visit's first page in title order.
   * `pages` is the library's layout; `whole`, that the list is the whole library.
   */
  | { type: 'first-list'; records: MediaRecord[]; pages: number; whole: boolean }
  /**
   * A request to the server failed, as the API's error (`ApiError`, api-call.ts) the answer was:
   * `status` 0 means no answer at all, `wordless` that the answer carried no `{ error }` of the API's
   * own (so `message` is 'HTTP error! status: N', and a 502/503/504 came from a gateway).
   */
  | { type: 'failed'; status: number; message: string; wordless: boolean }
  /**
   * The `load` or `revalidate` numbered `request` is done (`ok`: every page is as the server has it,
   * each under `etags[page]`, which the kept library keeps beside the records).
   */
  | { type: 'settled'; request: number; ok: boolean; etags?: string[] }
