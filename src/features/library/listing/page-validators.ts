import type { MediaPageValidators } from '../../../contract/media-pages'
import { mediaPageValidatorsSchema } from '../../../contract/media-pages-schema'
import { fetchValidators } from './page-request'
import { readJson } from './page-text'

/**
 * What a revalidation asks the server for, from one request for every page's ETag (decision 0049):
 * only the pages whose ETag differs from the one shown. With nothing changed, a revalidation of any size
 * is that one request, a 304 once an answer is held.
 */
export interface RevalidationPlan {
  /** How many pages the library now has (`pageCountOf(shard_count)`). */
  pageCount: number
  /** The pages to ask for again, in page order: new ones, and those whose ETag moved. */
  changed: number[]
}

export class PageValidators {
  /** The last answer and its ETag, so that an unchanged library answers 304 to the whole question. */
  private last: { etag: string; answer: MediaPageValidators } | null = null

  constructor(private readonly send?: typeof fetch) {}

  /**
   * The plan for the pages `shown` (page, ETag): null when the server could not say, for whatever
   * reason (no answer, an error, a server older than the query, which refuses it with 400, or an answer
   * that is not the contract's): the caller then asks for every page, as before.
   */
  async plan(shown: ReadonlyMap<number, { etag: string }>): Promise<RevalidationPlan | null> {
    const validators = await this.current()
    if (validators === null) return null
    const changed = validators.etags.flatMap((etag, page) => (shown.get(page)?.etag === etag ? [] : [page]))
    return { pageCount: validators.etags.length, changed }
  }

  private async current(): Promise<MediaPageValidators | null> {
    try {
      const response = await fetchValidators(this.last?.etag, this.send)
      if (response.status === 304) return this.last?.answer ?? null
      if (!response.ok) return null
      const parsed = mediaPageValidatorsSchema.safeParse(readJson(await response.text()))
      if (!parsed.success) return null
      const etag = response.headers.get('etag')
      this.last = etag === null ? null : { etag, answer: parsed.data }
      return parsed.data
    } catch {
      return null
    }
  }
}
