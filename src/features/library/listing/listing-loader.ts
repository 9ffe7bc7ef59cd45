import { errorBodySchema } from '../../../contract/api'
import { firstPageIsWhole, PAGE_SHARDS, pageCountOf } from '../../../contract/media-pages'
import type { MediaRecord } from '../../../contract/record'
import { answerError, ApiError, unreadableAnswer } from '../../../lib/api-call'
import type {
  EarlyStart,
  KeptPages,
  ListingReply,
  ListingRequest,
  PageAnswer,
  PageAsked,
} from './listing-protocol'
import { fetchChanges, fetchPage, fetchRange } from './page-request'
import { readChangesText, readJson, readPageText, type ChangesText, type PageText } from './page-text'

/**
 * Records per message to the page. Receiving a message is one task on the page's main thread; 2,000
 * records take a few milliseconds to arrive there, where 25,000 took a long task of their own.
 */
export const SLICE_RECORDS = 2_000

/** A page as the server sent it. */
interface SentPage {
  page: number
  etag: string
  records: MediaRecord[]
  /** Shards in the store when the page was sent (the first page's gives the layout). */
  shardCount: number
}

type Fetched = { fresh: false } | { fresh: true; sent: SentPage }

/** The page's answer as the Response the loader would have had (null: none the loader can use). */
function responseOf(answer: PageAnswer | null): Response | null {
  if (answer === null || answer.status < 200 || answer.status > 599) return null
  const noBody = [204, 205, 304].includes(answer.status)
  const headers: Record<string, string> = answer.etag === null ? {} : { etag: answer.etag }
  return new Response(noBody ? null : answer.text, { status: answer.status, headers })
}

/** The page's answer to the request it made for the loader (EarlyStart.answerFromPage), as a Response. */
interface Handed {
  asked: PageAsked
  response: Response | null
}

export interface ListingLoaderOptions {
  /** What the transport (page-request.ts) sends its requests with: fetch, unless a test stands in. */
  fetch?: typeof fetch
  /**
   * The library kept from the last visit as pages (the kept library's, decision 0077); null when none
   * is kept or it does not read. Without it (no worker, no private file system) nothing is kept.
   */
  readKept?: () => Promise<KeptPages | null>
  post: (reply: ListingReply) => void
}

/**
 * The file list, page by page (`GET /api/media-pages`): shows the pages kept from the last visit at
 * once, then asks the server what changed since in one request (`?changes=`, decision 0083), which
 * answers every page's ETag and the pages that changed, and sends on only those. A changed page that the
 * answer had no room for is asked for on its own. Without pages shown, or when the server cannot answer
 * that request, every page is asked for at the same time, each with its ETag. Runs in the listing worker (or, where there is no worker, on the page); keeps nothing itself:
 * the kept library is written by the worker's host once the listing settles whole, with the ETags it
 * gives (`settled`).
 */
export class ListingLoader {
  /** ETag and size of each page the page now shows, as the server last sent it. */
  private readonly shown = new Map<number, { etag: string; count: number }>()
  private pageCount: number | null = null
  private keptShown = false
  private running: Promise<unknown> = Promise.resolve()
  /** The page's answer to its own request (EarlyStart.answerFromPage), until the first load takes it. */
  private handed: Promise<Handed | null> | null = null
  private hand: ((handed: Handed | null) => void) | null = null

  constructor(private readonly options: ListingLoaderOptions) {}

  /** Carries out a request from the page, as the worker and the loader run on the page both receive it. */
  receive(request: ListingRequest): void {
    if (request.type === 'load') void this.load(request.request, request)
    else if (request.type === 'page-answer') this.takePageAnswer(request.asked, request.answer)
    else void this.revalidate(request.request)
  }

  load(request: number, early: EarlyStart = {}): Promise<void> {
    if (early.answerFromPage === true && !this.keptShown) {
      this.handed = new Promise((resolve) => {
        this.hand = resolve
      })
    }
    return this.queue(async () => {
      if (!this.keptShown) {
        this.keptShown = true
        await this.showKept()
      }
      await this.revalidateNow(request)
    })
  }

  /**
   * The page's answer to its own request, for the first page or for what changed since the kept
   * library: the first load uses it as its own.
   */
  takePageAnswer(asked: PageAsked, answer: PageAnswer | null): void {
    this.hand?.({ asked, response: responseOf(answer) })
    this.hand = null
  }

  revalidate(request: number): Promise<void> {
    return this.queue(() => this.revalidateNow(request))
  }

  /** One load or revalidation at a time, in the order asked. */
  private queue(task: () => Promise<void>): Promise<void> {
    const next = this.running.then(task)
    this.running = next.catch(() => undefined)
    return next
  }

  /**
   * The kept library's pages, each sent as read from disk (`kept`), with the count they make as what the
   * progress line counts to. The page shows the kept library's own answers meanwhile (decision 0052);
   * these are what the engine starts from.
   */
  private async showKept(): Promise<void> {
    const kept = await (this.options.readKept?.() ?? Promise.resolve(null)).catch(() => null)
    performance.mark('listing:kept-read')
    if (kept === null || kept.pages.length === 0) return
    const count = kept.pages.length
    this.pageCount = count
    const expected = kept.pages.reduce((sum, { records }) => sum + records.length, 0)
    this.options.post({ type: 'layout', pages: count, expected })
    kept.pages.forEach(({ etag, records }, page) => {
      this.show(page, etag, records, true)
    })
    performance.mark('listing:kept-posted')
  }

  private show(page: number, etag: string, records: readonly MediaRecord[], fromKept = false): void {
    this.shown.set(page, { etag, count: records.length })
    const { post } = this.options
    const source = fromKept ? { kept: true as const } : {}
    if (records.length === 0) post({ type: 'records', page, records: [], first: true, last: true, ...source })
    for (let start = 0; start < records.length; start += SLICE_RECORDS) {
      const end = Math.min(records.length, start + SLICE_RECORDS)
      post({
        type: 'records',
        page,
        records: records.slice(start, end),
        first: start === 0,
        last: end === records.length,
        ...source,
      })
    }
  }

  /**
   * The first page's answer holds the whole library: the other pages, on a first visit not shown yet,
   * are empty, and shown so at once; their own answers, which give their ETags, follow as usual.
   */
  private showEmptyUnshown(): void {
    for (let page = 1; page < (this.pageCount ?? 2); page++) {
      if (!this.shown.has(page))
        this.options.post({ type: 'records', page, records: [], first: true, last: true })
    }
  }

  private async revalidateNow(request: number): Promise<void> {
    const { post } = this.options
    // The page's own answer, handed once: it stands for the request it answers.
    const handed = await this.takeHanded()
    const handedFirst = handed?.asked === 'first' ? handed.response : null
    const asked = new Map<number, Promise<Fetched>>()
    const ask = (page: number, onAnswer?: () => void) => {
      if (!asked.has(page)) {
        const answer = this.fetchPage(page, page === 0 ? handedFirst : null, onAnswer)
        // Each answer is awaited in page order below; one that fails first must not go unhandled.
        answer.catch(() => undefined)
        asked.set(page, answer)
      }
    }
    try {
      // With pages shown, one request says what changed and brings the changed pages that fit; without
      // its answer, every page is asked for with its ETag. With nothing shown (a first visit), the first
      // page goes alone, so that no other answer shares the server with it: the second page is asked for
      // as its answer arrives, the rest as soon as it says how many there are (decision 0055).
      const changes = await this.askChanges(handed?.asked === 'changes' ? handed.response : null)
      if (this.shown.size === 0) {
        ask(0, () => {
          ask(1)
        })
      } else {
        // The page's own answer for the first page is taken whatever changed: it is asked for already.
        if (handedFirst !== null) ask(0)
        for (let page = 0; page < (this.pageCount ?? 2); page++)
          if (changes === null || this.changedNotSent(changes, page)) ask(page)
      }
      for (let page = 0; page < (this.pageCount ?? 2); page++) {
        const sent = await this.sentPage(page, changes, asked)
        if (sent === null) continue
        if (page === 0) this.learnLayout(sent.shardCount, ask, changes === null)
        this.show(page, sent.etag, sent.records)
        if (page === 0 && firstPageIsWhole(sent.shardCount)) this.showEmptyUnshown()
        performance.mark('listing:page-posted', { detail: page })
      }
      this.dropPagesPast(this.pageCount ?? 2)
      const etags = Array.from({ length: this.pageCount ?? 2 }, (_, page) => this.shown.get(page)?.etag ?? '')
      post({ type: 'settled', request, ok: true, etags })
    } catch (error) {
      // No answer at all (fetch's TypeError) is status 0: the page says it in its own words.
      const failure =
        error instanceof ApiError ? error : new ApiError(0, error instanceof Error ? error.message : '')
      post({ type: 'failed', status: failure.status, message: failure.message, wordless: failure.wordless })
      // Refused: what was shown belongs to a sign-in that no longer holds (the worker's host drops the
      // kept library on the same reply).
      if (failure.status === 401) {
        this.shown.clear()
        this.pageCount = null
      }
      post({ type: 'settled', request, ok: false })
    }
  }

  /** Whether page `page` changed (its ETag is not the one shown) and the changes' answer left it out. */
  private changedNotSent(changes: ChangesText, page: number): boolean {
    return !changes.pages.has(page) && changes.etags[page] !== this.shown.get(page)?.etag
  }

  /** Page `page` as the server sent it this time: in the changes' answer, or asked for; null: unchanged. */
  private async sentPage(
    page: number,
    changes: ChangesText | null,
    asked: ReadonlyMap<number, Promise<Fetched>>,
  ): Promise<SentPage | null> {
    const inChanges = changes?.pages.get(page)
    const answer = asked.get(page)
    // The page's own answer for the first page comes first: it may be newer than the changes'.
    if (answer !== undefined) {
      const fetched = await answer
      if (fetched.fresh) return fetched.sent
    }
    if (inChanges === undefined || changes === null) return null
    const etag = changes.etags[page] ?? ''
    if (this.shown.get(page)?.etag === etag) return null
    return this.whole(page, etag, inChanges)
  }

  /**
   * What changed since the pages shown, in one request (decision 0083): null when nothing is shown, or
   * the server cannot say (a server older than the query, which refuses it with 400, or an answer that
   * is not the contract's): the caller then asks for every page, as before. Any other error is the
   * listing's failure. Takes the page count the answer gives.
   */
  private async askChanges(handed: Response | null): Promise<ChangesText | null> {
    // A kept library the worker could not read shows nothing: the page's answer is of no use then.
    if (this.shown.size === 0) return null
    const held = Array.from({ length: this.pageCount ?? 0 }, (_, page) => this.shown.get(page)?.etag ?? '')
    const response = handed ?? (await fetchChanges(held, this.options.fetch))
    if (response.status === 400) return null
    // Any other refusal is the listing's failure, said once rather than by every page asked again.
    if (!response.ok) await this.readAnswer(response)
    const changes = readChangesText(await response.text())
    const pageCount = changes?.etags.length
    if (pageCount !== undefined && pageCount !== this.pageCount) {
      this.pageCount = pageCount
      this.options.post({ type: 'layout', pages: pageCount, expected: null })
    }
    return changes
  }

  /**
   * The first page says how many shards there are: every other page is asked for at once, unless the
   * answer of what changed said which changed (`everyPage` false) and the layout has not moved since.
   */
  private learnLayout(shardCount: number, ask: (page: number) => void, everyPage: boolean): void {
    const count = pageCountOf(shardCount)
    if (count !== this.pageCount) {
      this.pageCount = count
      this.options.post({ type: 'layout', pages: count, expected: null })
    } else if (!everyPage) return
    for (let page = 1; page < count; page++) ask(page)
  }

  private dropPagesPast(count: number): void {
    for (const page of [...this.shown.keys()]) {
      if (page < count) continue
      this.shown.delete(page)
      this.options.post({ type: 'records', page, records: [], first: true, last: true })
    }
  }

  /**
   * Page `page`, from the page's own answer `handed` when there is one. `onAnswer` runs once the answer
   * has begun to arrive, before its body is read.
   */
  private async fetchPage(page: number, handed: Response | null, onAnswer?: () => void): Promise<Fetched> {
    const shown = this.shown.get(page)
    const response = handed ?? (await fetchPage(page, shown?.etag, this.options.fetch))
    if (response.ok) onAnswer?.()
    if (response.status === 304 && shown) return { fresh: false }
    const etag = response.headers.get('etag') ?? ''
    // The page's own request (asked with no ETag) answered the page as shown: nothing changed.
    if (handed !== null && response.ok && shown?.etag === etag && etag !== '') return { fresh: false }
    const { read } = await this.readAnswer(response)
    return { fresh: true, sent: await this.whole(page, etag, read) }
  }

  /**
   * Page `page` whole from its first answer `read`: when that answer stopped short at its byte budget,
   * the rest of the page follows, and the page is shown whole under the first answer's ETag (which
   * covers the whole range).
   */
  private async whole(page: number, etag: string, read: PageText): Promise<SentPage> {
    const records = [...read.records]
    let next: string | null = read.nextShards
    for (let parts = 1; next !== null; parts++) {
      if (parts > PAGE_SHARDS) throw unreadableAnswer(200)
      const rest = await this.readAnswer(await fetchRange(next, undefined, this.options.fetch))
      records.push(...rest.read.records)
      next = rest.read.nextShards
    }
    return { page, etag, records, shardCount: read.shardCount }
  }

  /** A page's answer, read; the API's error (api-call.ts) when it is an error or not a page. */
  private async readAnswer(response: Response): Promise<{ read: PageText }> {
    const text = await response.text()
    if (!response.ok) {
      const payload = readJson(text)
      const body = errorBodySchema.safeParse(payload)
      throw answerError(response.status, body.success ? body.data : null, payload)
    }
    const read = readPageText(text)
    if (read === null) throw unreadableAnswer(response.status)
    return { read }
  }

  /** The page's answer to its own request, once: later loads ask the server themselves. */
  private async takeHanded(): Promise<Handed | null> {
    const handed = this.handed
    this.handed = null
    return handed === null ? null : await handed
  }
}
