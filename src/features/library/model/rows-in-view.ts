/** What decides which rows of a list are drawn: all its rows have one height. */
export interface RowLayout {
  count: number
  rowHeight: number
  /** Rows drawn beyond each edge of the view. */
  overscan: number
  /** Space above the first row (the list's header). */
  paddingStart?: number
}

/**
 * The first and last row to draw for a view of `viewport` pixels scrolled to `offset` (in the list's
 * coordinates), with the overscan, or null when there is none. A view past either end still draws the
 * rows at that end, so a list that shrank under the view is never blank.
 */
export function rowsInView(layout: RowLayout, offset: number, viewport: number): [number, number] | null {
  const { count, rowHeight, overscan, paddingStart = 0 } = layout
  if (count === 0 || rowHeight <= 0) return null
  const first = Math.floor((offset - paddingStart) / rowHeight)
  const last = Math.ceil((offset + viewport - paddingStart) / rowHeight) - 1
  const from = Math.max(0, Math.min(first, count - 1) - overscan)
  const to = Math.min(count - 1, Math.max(last, 0) + overscan)
  return from > to ? null : [from, to]
}
