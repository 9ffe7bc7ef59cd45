import { errorBodySchema } from '../../../contract/api'
import {
  encodeMediaPage,
  firstPageIsWhole,
  PAGE_SHARDS,
  pageCountOf,
  pageRange,
} from '../../../contract/media-pages'
import type { MediaRecord } from '../../../contract/record'
import { answerError, ApiError, unreadableAnswer } from '../../../lib/api-call'
import { keptDigest, keptRecords, type KeptPage, type ListingCache } from './listing-cache'
import type { EarlyStart, FirstAnswer, ListingReply, ListingRequest } from './listing-protocol'
import { fetchPage, fetchRange } from './page-request'
import { PageValidators, type RevalidationPlan } from './page-validators'
import { readJson, readPageText, type PageText } from './page-text'

/**
 * Records per message to the page. Receiving a message is one task on the page's main thread; 2,000
 * records take a few milliseconds to arrive there, where 25,000 took a long task of their own.
 */
export const SLICE_RECORDS = 2_000

type Fetched = { fresh: false } | { fresh: true; kept: KeptPage; records: MediaRecord[] }

/** The page's answer as the Response the loader would have had (null: none the loader can use). */
function responseOf(answer: FirstAnswer | null): Response | null {
  if (answer === null || answer.status < 200 || answer.status > 599) return null
  const noBody = [204, 205, 304].includes(answer.status)
  const headers: Record<string, string> = answer.etag === null ? {} : { etag: answer.etag }
  return new Response(noBody ? null : answer.text, { status: answer.status, headers })
}

export interface ListingLoaderOptions {
  /** What the transport (page-request.ts) sends its requests with: fetch, unless a test stands in. */
  fetch?: typeof fetch
  cache: ListingCache
  post: (reply: ListingReply) => void
}

/**
 * The file list, page by page (`GET /api/media-pages`): shows the pages kept from the last visit at
 * once, then asks the server for every page's ETag in one request (`?validators`, decision 0049) and
 * only for the pages whose ETag moved, and sends on only the pages that changed. Without pages shown, or
 * when the server cannot answer the validators, every page is asked for at the same time, each with its
 * ETag. Runs in the listing worker (or, where there is no worker, on the page).
 */
export class ListingLoader {
  /** ETag and size of each page the page now shows, as the server last sent it. */
  private readonly shown = new Map<number, { etag: string; count: number }>()
  private pageCount: number | null = null
  private keptShown = false
  private running: Promise<unknown> = Promise.resolve()
  /** The page's own answer for the first page (EarlyStart.firstFromPage), until the first load takes it. */
  private handedFirst: Promise<Response | null> | null = null
  private handFirst: ((handed: Response | null) => void) | null = null

  /** Every page's ETag in one request, which a revalidation of pages already shown starts with. */
  private readonly validators: PageValidators

  constructor(private readonly options: ListingLoaderOptions) {
    this.validators = new PageValidators(options.fetch)
  }

  /** Carries out a request from the page, as the worker and the loader run on the page both receive it. */
  receive(request: ListingRequest): void {
    if (request.type === 'load') void this.load(request.request, request)
    else if (request.type === 'first-answer') this.takeFirstAnswer(request.answer)
    else void this.revalidate(request.request)
  }

  load(request: number, early: EarlyStart = {}): Promise<void> {
    if (early.firstFromPage === true && !this.keptShown) {
      this.handedFirst = new Promise((resolve) => {
        this.handFirst = resolve
      })
    }
    return this.queue(async () => {
      if (!this.keptShown) {
        this.keptShown = true
        await this.showKept(early)
      }
      await this.revalidateNow(request)
    })
  }

  /** The page's answer to its own request for the first page: the first load uses it as its own. */
  takeFirstAnswer(answer: FirstAnswer | null): void {
    this.handFirst?.(responseOf(answer))
    this.handFirst = null
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
   * The small first page is read and shown alone, so the first cards wait for none of the rest; then
   * each other page, the next read from disk while one is decoded.
   */
  private async showKept({ firstFromPage }: EarlyStart): Promise<void> {
    const { cache, post } = this.options
    const counting = cache.counts().catch(() => new Map<number, number>())
    const first = await cache.readPage(0).catch(() => undefined)
    performance.mark('listing:kept-read')
    if (first === undefined) return
    const count = pageCountOf(first.shardCount)
    this.pageCount = count
    post({ type: 'layout', pages: count, expected: null })
    // The kept first page is sent unless the page had none and asked the server for it itself: a kept
    // one sent then could land after the server's and stand in for it.
    if (firstFromPage !== true) {
      if (!(await this.showKeptPage(first))) return
      post({ type: 'kept-first', page: first })
    }
    const counts = await counting
    const rest = [...counts.keys()].filter((page) => page > 0 && page < count).sort((a, b) => a - b)
    const expected = rest.reduce((sum, page) => sum + (counts.get(page) ?? 0), first.count)
    post({ type: 'layout', pages: count, expected })
    const read = (page: number | undefined) =>
      page === undefined ? Promise.resolve(undefined) : cache.readPage(page).catch(() => undefined)
    let reading = read(rest[0])
    for (let at = 0; at < rest.length; at++) {
      const page = await reading
      reading = read(rest[at + 1])
      // A page gone since it was counted (trimmed by another tab) is simply asked of the server.
      if (page !== undefined && !(await this.showKeptPage(page))) return
    }
    performance.mark('listing:kept-posted')
  }

  /**
   * False when the kept page is not the text that passed the schema, or no longer decodes: everything
   * kept is dropped, and the server sends it again.
   */
  private async showKeptPage(page: KeptPage): Promise<boolean> {
    let records: MediaRecord[]
    const started = performance.now()
    try {
      records = keptRecords(page)
      performance.measure('listing:kept-decode', { start: started, detail: page.page })
    } catch {
      // What was shown from the cache is no longer kept: the server must send it again, not a 304.
      this.shown.clear()
      await this.options.cache.clear().catch(() => undefined)
      return false
    }
    this.show(page, records, true)
    performance.measure('listing:kept-page', { start: started, detail: page.page })
    return true
  }

  private show(kept: KeptPage, records: readonly MediaRecord[], fromKept = false): void {
    this.shown.set(kept.page, { etag: kept.etag, count: records.length })
    const { post } = this.options
    const source = fromKept ? { kept: true as const } : {}
    if (records.length === 0)
      post({ type: 'records', page: kept.page, records: [], first: true, last: true, ...source })
    for (let start = 0; start < records.length; start += SLICE_RECORDS) {
      const end = Math.min(records.length, start + SLICE_RECORDS)
      post({
        type: 'records',
        page: kept.page,
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
    const asked = new Map<number, Promise<Fetched>>()
    const ask = (page: number, onAnswer?: () => void) => {
      if (!asked.has(page)) {
        const answer = this.fetchPage(page, onAnswer)
        // Each answer is awaited in page order below; one that fails first must not go unhandled.
        answer.catch(() => undefined)
        asked.set(page, answer)
      }
    }
    try {
      // With pages shown, one request says which of them changed; without its answer, every page is
      // asked for with its ETag. With nothing shown (a first visit), the first page goes alone, so
      // that no other answer shares the server with it: the second page is asked for as its answer
      // arrives, the rest as soon as it says how many there are (decision 0055).
      const plan = await this.planRevalidation()
      const wanted = plan === null ? null : new Set(plan.changed)
      if (this.shown.size === 0) {
        ask(0, () => {
          ask(1)
        })
      } else {
        for (let page = 0; page < (this.pageCount ?? 2); page++) if (wanted?.has(page) ?? true) ask(page)
      }
      for (let page = 0; page < (this.pageCount ?? 2); page++) {
        const answer = asked.get(page)
        if (answer === undefined) continue
        const fetched = await answer
        if (!fetched.fresh) continue
        if (page === 0) this.learnLayout(fetched.kept.shardCount, ask, plan === null)
        this.show(fetched.kept, fetched.records)
        if (page === 0 && firstPageIsWhole(fetched.kept.shardCount)) this.showEmptyUnshown()
        performance.mark('listing:page-posted', { detail: page })
        const kept = await this.options.cache.write(fetched.kept).then(
          () => true,
          () => false,
        )
        // The page's copy is never newer than the kept pages it stands in front of.
        if (page === 0 && kept) post({ type: 'kept-first', page: fetched.kept })
      }
      this.dropPagesPast(this.pageCount ?? 2)
      post({ type: 'settled', request, ok: true })
    } catch (error) {
      // No answer at all (fetch's TypeError) is status 0: the page says it in its own words.
      const failure =
        error instanceof ApiError ? error : new ApiError(0, error instanceof Error ? error.message : '')
      post({ type: 'failed', status: failure.status, message: failure.message, wordless: failure.wordless })
      // Refused: whatever is kept belongs to a sign-in that no longer holds.
      if (failure.status === 401) {
        this.shown.clear()
        this.pageCount = null
        await this.options.cache.clear().catch(() => undefined)
      }
      post({ type: 'settled', request, ok: false })
    }
  }

  /**
   * Which pages to ask for (decision 0049), when pages are shown and the first is not the page's own
   * request: null asks for every page. Takes the page count the answer gives.
   */
  private async planRevalidation(): Promise<RevalidationPlan | null> {
    if (this.shown.size === 0 || this.handedFirst !== null) return null
    const plan = await this.validators.plan(this.shown)
    if (plan !== null && plan.pageCount !== this.pageCount) {
      this.pageCount = plan.pageCount
      this.options.post({ type: 'layout', pages: plan.pageCount, expected: null })
    }
    return plan
  }

  /**
   * The first page says how many shards there are: every other page is asked for at once, unless the
   * validators already said which changed (`everyPage` false) and the layout has not moved since.
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
    void this.options.cache.trim(count).catch(() => undefined)
  }

  /** `onAnswer` runs once the answer has begun to arrive, before its body is read. */
  private async fetchPage(page: number, onAnswer?: () => void): Promise<Fetched> {
    const shown = this.shown.get(page)
    const handed = page === 0 ? await this.takeHandedFirst() : null
    const response = handed ?? (await fetchPage(page, shown?.etag, this.options.fetch))
    if (response.ok) onAnswer?.()
    if (response.status === 304 && shown) return { fresh: false }
    const { text, read } = await this.readAnswer(response)
    const etag = response.headers.get('etag') ?? ''
    if (read.nextShards === null) {
      const kept = {
        page,
        etag,
        text,
        digest: keptDigest(text),
        count: read.count,
        shardCount: read.shardCount,
      }
      return { fresh: true, kept, records: read.records }
    }
    // The answer stopped short at its byte budget: the rest of the page follows, and the page is kept
    // whole, under the first answer's ETag (which covers the whole range).
    const records = [...read.records]
    let next: string | null = read.nextShards
    for (let parts = 1; next !== null; parts++) {
      if (parts > PAGE_SHARDS) throw unreadableAnswer(response.status)
      const rest = await this.readAnswer(await fetchRange(next, undefined, this.options.fetch))
      records.push(...rest.read.records)
      next = rest.read.nextShards
    }
    const whole = JSON.stringify(
      encodeMediaPage(records, { ...pageRange(page), shardCount: read.shardCount }),
    )
    const kept = {
      page,
      etag,
      text: whole,
      digest: keptDigest(whole),
      count: records.length,
      shardCount: read.shardCount,
    }
    return { fresh: true, kept, records }
  }

  /** A page's answer, read; the API's error (api-call.ts) when it is an error or not a page. */
  private async readAnswer(response: Response): Promise<{ text: string; read: PageText }> {
    const text = await response.text()
    if (!response.ok) {
      const payload = readJson(text)
      const body = errorBodySchema.safeParse(payload)
      throw answerError(response.status, body.success ? body.data : null, payload)
    }
    const read = readPageText(text)
    if (read === null) throw unreadableAnswer(response.status)
    return { text, read }
  }

  /** The page's answer for the first page, once: later loads ask the server themselves. */
  private takeHandedFirst(): Promise<Response | null> | null {
    const handed = this.handedFirst
    this.handedFirst = null
    return handed
  }
}
