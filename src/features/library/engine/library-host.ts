import type { MediaRecord } from '../../../contract/record'
import { applyChange, type RecordsChange } from '../../../lib/record-changes'
import { ListingPages } from '../listing/listing-pages'
import type { KeptPages, ListingReply } from '../listing/listing-protocol'
import { KeptFront, type KeptStoreOptions } from './kept-store/kept-front'
import { LibraryEngine } from './library-engine'
import type { EngineReply, EngineRequest } from './library-protocol'

/**
 * The library where the worker owns it: the listing's pages as they arrive (ListingPages), the
 * changes in flight laid over them (decision 0022), and the engine answering the page's questions on
 * the result. The listing's replies pass through it: the records stay here, and the page hears only
 * that the library changed (`changed`, with how many files it holds).
 */
export class LibraryHost {
  private readonly pages = new ListingPages()
  private pending: { key: number; change: RecordsChange }[] = []
  /** The pages' records as last composed; null once the pages changed since. */
  private confirmed: readonly MediaRecord[] | null = null
  private readonly engine: LibraryEngine
  /** The library kept from the last visit, answering the first query until this one is whole (0052). */
  private readonly kept: KeptFront | null

  constructor(
    private readonly post: (reply: EngineReply) => void,
    kept: KeptStoreOptions | null = null,
  ) {
    this.kept =
      kept &&
      new KeptFront(
        kept,
        post,
        (question) => this.engine.receive(question),
        () => this.engine.status(),
      )
    this.engine = new LibraryEngine((reply) => {
      const onward = this.kept ? this.kept.relay(reply) : reply
      if (onward !== null) post(onward)
    })
  }

  get records(): readonly MediaRecord[] {
    return this.engine.records
  }

  /** The library kept from the last visit as the listing's pages, for its loader (null: none kept). */
  keptPages(): Promise<KeptPages | null> {
    return this.kept?.pages() ?? Promise.resolve(null)
  }

  /**
   * A reply of the listing's loader: records and the layout are kept here; what the page still needs
   * (the layout, failures, the end of a load) is returned to pass on.
   */
  listing(reply: ListingReply): ListingReply | null {
    if (reply.type === 'records') {
      if (reply.kept !== true) this.kept?.changed()
      this.pages.receive(reply)
      this.confirmed = null
      // The first slice of a page new to the library and a page's end change what is shown.
      if (reply.first || reply.last) this.show()
      return null
    }
    if (reply.type === 'layout') {
      this.pages.layout(reply.pages)
      this.confirmed = null
      this.show()
      return reply
    }
    if (reply.type === 'settled') {
      const whole = reply.ok && this.pending.length === 0 && this.pages.complete()
      void this.kept?.settled(reply.ok, whole ? this.engine.records : null, reply.etags)
    }
    if (reply.type === 'failed' && reply.status === 401) {
      void this.kept?.drop()
      this.pages.clear()
      this.confirmed = null
      this.pending = []
      this.show()
    }
    return reply
  }

  /** A request of the page: a question for the engine, or a change in flight. */
  receive(request: EngineRequest): void {
    if (request.type === 'change') {
      this.pending.push({ key: request.key, change: request.change })
      // Over what is shown when the pages have not changed since: the one change is made, not all again.
      if (this.confirmed === null) this.show()
      else this.engine.setRecords(applyChange(this.engine.records, request.change), this.pages.complete())
      // Shown over what the engine holds: the page hears the engine's status, and asks again.
      this.kept?.retire()
    } else if (request.type === 'settle') {
      this.pending = this.pending.filter((each) => each.key !== request.key)
      if (request.confirmed !== null && this.pages.apply(request.confirmed)) {
        this.confirmed = null
        this.kept?.changed()
      }
      this.show()
    } else if (request.type === 'matching') {
      // A select-all resolved covers the whole library: it waits for the engine to hold it.
      const run = () => {
        for (const reply of this.engine.matching(request)) this.post(reply)
      }
      if (this.kept) this.kept.whenRetired(run)
      else run()
    } else if (this.kept) this.kept.ask(request)
    else this.post(this.engine.receive(request))
  }

  /**
   * The pages with the changes in flight made over them, to the engine, which edits its index when a
   * few records changed (MediaIndex.edited) and rebuilds it otherwise.
   */
  private show(): void {
    this.confirmed ??= this.pages.compose()
    let shown = this.confirmed
    for (const { change } of this.pending) shown = applyChange(shown, change)
    this.engine.setRecords(shown, this.pages.complete())
    // The whole library is the engine's from here on: the page hears so and asks it again.
    if (this.pages.complete()) this.kept?.retire()
  }
}
