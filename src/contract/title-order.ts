import type { MediaRecord } from './record'
import { orderByStrings } from './string-order'
import { titleSortKey } from './title-key'

/**
 * The positions of `records` in the default order, titles ascending: their sort keys as JavaScript's `<`
 * compares strings, ties in position order, exactly as the library's engine orders them. The server
 * sends it with the first page (`title_order`), which the screen draws its first cards in (decision 0078).
 */
export function titleOrderOf(records: readonly MediaRecord[]): number[] {
  return Array.from(orderByStrings(records.map((record) => titleSortKey(record.title))))
}
