import { pageOfId } from '../../../contract/media-pages'
import type { MediaRecord } from '../../../contract/record'
import { applyChange, type RecordsChange } from '../../../lib/record-changes'
import type { ListingReply } from './listing-protocol'

/**
 * The file list's pages as the listing sends them, in id order: a page seen for the first time is shown
 * slice by slice as it arrives (so the first cards paint early); a newer version of a page held already
 * replaces it whole once it has fully arrived (so a changed page never shows half-sent). Held by the
 * library's host, where the worker owns the library (the page's store holds only its first list).
 */
export class ListingPages {
  private readonly pages = new Map<number, MediaRecord[]>()
  private readonly arriving = new Map<number, MediaRecord[]>()
  private pageCount: number | null = null

  /** The library has `pages` pages: any page past them is gone. True when that dropped a page held. */
  layout(pages: number): boolean {
    this.pageCount = pages
    let dropped = false
    for (const page of [...this.pages.keys()]) if (page >= pages) dropped = this.pages.delete(page)
    return dropped
  }

  receive({ page, records, first, last }: Extract<ListingReply, { type: 'records' }>): void {
    const arriving = first ? [] : (this.arriving.get(page) ?? [])
    for (const record of records) arriving.push(record)
    if (last) {
      this.arriving.delete(page)
      this.pages.set(page, arriving)
    } else this.arriving.set(page, arriving)
  }

  /** Forgets every page (the listing was refused: nothing it showed stays). */
  clear(): void {
    this.pages.clear()
    this.arriving.clear()
    this.pageCount = null
  }

  /** Applies a confirmed change to every record in hand; false when it changed none. */
  apply(change: RecordsChange): boolean {
    const current = this.compose()
    const changed = applyChange(current, change)
    if (changed === current) return false
    for (const page of this.pages.keys()) this.pages.set(page, [])
    this.arriving.clear()
    for (const record of changed) {
      const page = record.id > 0 ? pageOfId(record.id) : 0
      const list = this.pages.get(page)
      if (list) list.push(record)
      else this.pages.set(page, [record])
    }
    return true
  }

  /** How many records are in hand: whole pages, and the arrived slices of pages new to it. */
  count(): number {
    let count = 0
    for (const list of this.pages.values()) count += list.length
    for (const [page, list] of this.arriving) if (!this.pages.has(page)) count += list.length
    return count
  }

  /** Whether every page of the layout is in hand, whole. */
  complete(): boolean {
    const { pageCount } = this
    return (
      pageCount !== null &&
      this.arriving.size === 0 &&
      Array.from({ length: pageCount }, (_, page) => page).every((page) => this.pages.has(page))
    )
  }

  /**
   * The records in hand, in page order (a new page's arrived slices, a replaced page until its end), up to
   * `limit` of them.
   */
  compose(limit = Number.POSITIVE_INFINITY): MediaRecord[] {
    const pages = new Set([...this.pages.keys(), ...this.arriving.keys()])
    const records: MediaRecord[] = []
    for (const page of [...pages].sort((a, b) => a - b)) {
      const list = this.pages.get(page) ?? this.arriving.get(page) ?? []
      const room = limit - records.length
      if (room <= 0) break
      for (const record of list.length > room ? list.slice(0, room) : list) records.push(record)
    }
    return records
  }
}
