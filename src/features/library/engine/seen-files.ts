import type { MediaRecord } from '../../../contract/record'
import { applyChange, changedIds, type RecordsChange } from '../../../lib/record-changes'

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

  /** Keeps `record` as the newest seen, letting the oldest go past `most`. */
  set(record: MediaRecord): void {
    this.byId.delete(record.id)
    this.byId.set(record.id, record)
    if (this.byId.size <= this.most) return
    const oldest = this.byId.keys().next()
    if (oldest.done !== true) this.byId.delete(oldest.value)
  }

  /** A change of this page's, made on the files it touches (a delete drops them). */
  change(change: RecordsChange): void {
    const { before, after } = this.touchedBy(change)
    if (after === before) return
    this.forgetLeft(before, after)
    for (const record of after) this.set(record)
  }

  /**
   * A change rolled back: the files it touched are forgotten, and what they are again comes with the
   * next rows sent, or from the engine when asked.
   */
  forget(change: RecordsChange): void {
    const { before, after } = this.touchedBy(change)
    this.forgetLeft(before, after)
  }

  /**
   * The seen files a change touches, and what it makes of them: those it names by id (a change of a few
   * files costs a few lookups however many were seen), else every one.
   */
  private touchedBy(change: RecordsChange): { before: MediaRecord[]; after: readonly MediaRecord[] } {
    const ids = changedIds(change)
    const before = ids === null ? [...this.byId.values()] : ids.flatMap((id) => this.byId.get(id) ?? [])
    return { before, after: applyChange(before, change) }
  }

  /** Drops the files of `before` the change did not keep as they were. */
  private forgetLeft(before: readonly MediaRecord[], after: readonly MediaRecord[]): void {
    const kept = new Set(after)
    for (const record of before) if (!kept.has(record)) this.byId.delete(record.id)
  }
}
