import type { MediaRecord } from '../../../contract/record'

/** The files as the list shows them: `records[positions[0]]` first. */
export interface VisibleOrder {
  records: readonly MediaRecord[]
  positions: ArrayLike<number>
}

export interface Neighbours {
  previous: MediaRecord | null
  next: MediaRecord | null
}

/** The files before and after `id` in the list's order; none when the file is not shown there. */
export function neighboursOf(order: VisibleOrder, id: number): Neighbours {
  const at = (place: number) => {
    const position = order.positions[place]
    return position === undefined ? null : (order.records[position] ?? null)
  }
  for (let place = 0; place < order.positions.length; place++) {
    if (at(place)?.id === id) return { previous: at(place - 1), next: at(place + 1) }
  }
  return { previous: null, next: null }
}
