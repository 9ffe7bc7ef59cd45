import type { Filters, Sort } from './filters'
import { matching, type MediaIndex } from './media-index'

/** How many positions a first screen puts in order: more cards than the largest screen shows. */
export const FIRST_SCREEN = 500

/** The `size` first of `candidates` under `compare`, in order: one pass and a small sorted buffer. */
export function smallest(
  candidates: Uint32Array,
  size: number,
  compare: (a: number, b: number) => number,
): number[] {
  const best: number[] = []
  for (const position of candidates) {
    const worst = best[best.length - 1]
    if (best.length === size && worst !== undefined && compare(position, worst) >= 0) continue
    let low = 0
    let high = best.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (compare(best[middle] ?? 0, position) <= 0) low = middle + 1
      else high = middle
    }
    best.splice(low, 0, position)
    if (best.length > size) best.pop()
  }
  return best
}

/**
 * The query's results with only the first `size` in order, and the rest in list order behind them: what
 * the first screen of a large list needs, without sorting it all. Sorting 100,000 titles took longer
 * than the rest of mounting the grid; the full order is made after the first paint (useMediaQuery).
 * The count is exact: every match is there.
 */
export function firstScreen(
  index: MediaIndex,
  filters: Filters,
  sort: Sort,
  size = FIRST_SCREEN,
): Uint32Array {
  const started = performance.now()
  const candidates = matching(index, filters, null)
  const ascending = index.compareFor(sort.key)
  const compare = sort.direction === 'asc' ? ascending : (a: number, b: number) => ascending(b, a)
  const first = smallest(candidates, size, compare)
  const chosen = new Set(first)
  const positions = new Uint32Array(candidates.length)
  positions.set(first)
  let next = first.length
  for (const position of candidates) if (!chosen.has(position)) positions[next++] = position
  performance.measure('listing:first-screen', { start: started })
  return positions
}
