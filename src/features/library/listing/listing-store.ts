/**
 * The page's snapshot of the file list: the first list the page drew itself (the kept first rows, or a
 * first visit's first page: early-start.ts), the listing's layout, failures and the loads the screen
 * waits on. The library's worker keeps every other record (library-host.ts): the screen's results are
 * the engine's. Which worker it talks to is early-start.ts's business (connectListing).
 */
import type { MediaRecord } from '../../../contract/record'
import { ApiError, reportAnswer } from '../../../lib/api-client'
import { ERROR_WORDS } from '../../../lib/error-words'
import { applyChange, type RecordsChange } from '../../../lib/record-changes'
import type { ListingReply, ListingRequest } from './listing-protocol'

/** How far the list has come while its pages arrive: `expected` is the count last time, if known. */
export interface ListingProgress {
  loaded: number
  expected: number | null
}

export interface ListingSnapshot {
  /** Undefined until the first records arrive (kept from the last visit, or from the server). */
  records: readonly MediaRecord[] | undefined
  /** Set while pages are still to come: search, sort and select-all cover only what has arrived. */
  progress: ListingProgress | null
  error: Error | undefined
  /** Counts the lists sent to the screen, so a caller can wait for the screen to draw one (ShownVersion). */
  version: number
}

/** The listing worker, or the library run on the page where there are no workers (tests, old browsers). */
export interface ListingPort {
  post(request: ListingRequest): void
  close(): void
}

const NO_RECORDS: readonly MediaRecord[] = []

/** The user Timing mark set when the first records are in hand, where the screen benchmark starts. */
export const MEDIA_PAGE_MARK = 'media-page-ready'

/**
 * The file list on the main thread: the first list the page drew itself, with the changes the server
 * confirmed laid over it, and how much of the library it is. The worker keeps every page (library-host.ts).
 */
export class ListingStore {
  /** The first list, as drawn and changed since; undefined before it is drawn. */
  private first: readonly MediaRecord[] | undefined
  /** The library's pages, as last said; null before anything said it. */
  private pageCount: number | null = null
  /** How many of those pages the first list stands for: the first, or all when it is the whole library. */
  private covered = 0
  private expected: number | null = null
  private error: Error | undefined
  private snapshot: ListingSnapshot = { records: undefined, progress: null, error: undefined, version: 0 }
  private readonly listeners = new Set<() => void>()
  private readonly waiting = new Map<number, () => void>()
  private nextRequest = 0
  /** Whether a list was shown (an empty library's too) since the load began or the sign-in's reset. */
  private known = false
  private readonly port: ListingPort

  constructor(connect: (receive: (reply: ListingReply) => void) => ListingPort) {
    this.port = connect((reply) => {
      this.receive(reply)
    })
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getSnapshot = (): ListingSnapshot => this.snapshot

  /** Shows what was kept from the last visit, then asks the server for every page. */
  load(): Promise<void> {
    return this.ask('load')
  }

  /** Asks the server for every page again; resolves once every answer is in (or one failed). */
  revalidate(): Promise<void> {
    return this.ask('revalidate')
  }

  close(): void {
    this.port.close()
    for (const resolve of this.waiting.values()) resolve()
    this.waiting.clear()
  }

  /** Applies a confirmed change (the server's answer to an edit) to the first list. */
  apply(change: RecordsChange): void {
    if (this.snapshot.records === undefined || this.first === undefined) return
    const changed = applyChange(this.first, change)
    if (changed === this.first) return
    this.first = changed
    this.show()
  }

  private ask(type: 'load' | 'revalidate'): Promise<void> {
    const request = this.nextRequest++
    return new Promise((resolve) => {
      this.waiting.set(request, resolve)
      this.port.post({ type, request })
    })
  }

  private receive(reply: ListingReply): void {
    const started = performance.now()
    this.receiveNow(reply)
    performance.measure(`listing:receive-${reply.type}`, { start: started })
  }

  private receiveNow(reply: ListingReply): void {
    if (reply.type === 'layout') {
      this.pageCount = reply.pages
      this.expected = reply.expected ?? this.expected
    } else if (reply.type === 'first-list') {
      this.first = reply.records
      this.pageCount = reply.pages
      this.covered = reply.whole ? reply.pages : 1
    } else if (reply.type === 'records') {
      // The worker's pages stay in the worker: none comes here.
      return
    } else if (reply.type === 'failed') {
      const failure = failureOf(reply)
      if (reply.status === 401) {
        // A refused listing is not a failed load but the sign-in's (lib/access.ts): nothing it showed
        // stays, and after a sign-in the list loads as on a first visit, from 'Loading files...'.
        this.first = undefined
        this.pageCount = null
        this.covered = 0
        this.known = false
        this.error = undefined
      } else this.error = failure
    } else {
      if (reply.ok) this.error = undefined
      this.waiting.get(reply.request)?.()
      this.waiting.delete(reply.request)
    }
    this.show()
  }

  /**
   * Sends the screen the list as it now is, unless nothing it shows changed: most of the worker's
   * replies (its layout, a load's end) change nothing here, and drawing the same list again would come
   * between a reload and its first cards.
   */
  private show(): void {
    const started = performance.now()
    const before = this.snapshot
    const records = this.first ?? NO_RECORDS
    const complete = this.first !== undefined && this.pageCount !== null && this.pageCount <= this.covered
    if (!this.known && (records.length > 0 || complete)) {
      this.known = true
      performance.mark(MEDIA_PAGE_MARK, { detail: records.length })
    }
    const shown = this.known ? records : undefined
    // A load stopped by a failed page is still partial: the count says what is in (SelectionBar).
    const progress = complete ? null : { loaded: records.length, expected: this.expected }
    if (shown === before.records && this.error === before.error && sameProgress(progress, before.progress))
      return
    this.snapshot = { records: shown, progress, error: this.error, version: before.version + 1 }
    for (const listener of this.listeners) listener()
    performance.measure('listing:show', { start: started, detail: records.length })
  }
}

function sameProgress(left: ListingProgress | null, right: ListingProgress | null): boolean {
  return left === right || (left?.loaded === right?.loaded && left?.expected === right?.expected)
}

/** The listing's failure as the screen's calls meet theirs: reported in the same place, the same error. */
function failureOf({ status, message, wordless }: Extract<ListingReply, { type: 'failed' }>): Error {
  reportAnswer(status, !wordless)
  if (status === 0) return new ApiError(0, navigator.onLine ? ERROR_WORDS.unreachable : ERROR_WORDS.offline)
  return new ApiError(status, message, undefined, wordless)
}
