import type { MediaRecord } from '../../../contract/record'
import { applyChange, type RecordsChange } from '../../../lib/record-changes'

/** How many files the page keeps by id: every row a screen shows many times over. */
export const SEEN_MOST = 10_000

/**
 * The files the page was sent, by id, for Details and the context menu, and so that a file sent again
 * as it was keeps its object (its memoised card is not drawn again). The most recently sent `most` are
 * kept: scrolling through a large library does not keep every file it passed on the page. This page's
 * own changes are made on them as they are made and settled, so a file deleted here is not answered as
 * if it were still in the library (by a link to it, or Back to its Details).
 */
export class SeenFiles {
  private readonly byId = new Map<number, MediaRecord>()

  constructor(private readonly most = SEEN_MOST) {}

  get(id: number): MediaRecord | undefined {
    return this.byId.get(id)
  }

  has(id: number): boolean {
    return this.byId.has(id)
  }

  /** Lets the file go: it is not in the library now. */
  forget(id: number): void {
    this.byId.delete(id)
  }

  /** Keeps `record` as the newest seen, letting the oldest go past `most`. */
  set(record: MediaRecord): void {
    this.byId.delete(record.id)
    this.byId.set(record.id, record)
    if (this.byId.size <= this.most) return
    const oldest = this.byId.keys().next()
    if (oldest.done !== true) this.byId.delete(oldest.value)
  }

  /**
   * A change of this page's made on the files (a delete drops them); `undone`, a change rolled back,
   * whose files are forgotten instead: what they are again comes with the next rows sent, or from the
   * engine when asked. One pass over at most `most` files.
   */
  change(change: RecordsChange, undone = false): void {
    const before = [...this.byId.values()]
    const after = applyChange(before, change)
    if (after === before) return
    const kept = new Set(after)
    for (const record of before) if (!kept.has(record)) this.byId.delete(record.id)
    if (undone) return
    const had = new Set(before)
    for (const record of after) if (!had.has(record)) this.set(record)
  }
}
