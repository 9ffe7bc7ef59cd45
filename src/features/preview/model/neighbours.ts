import type { MediaRecord } from '../../../contract/record'

/**
 * The files as the list shows them (the library's results): where a file is, and the file at a place.
 * A file not in hand yet is undefined; its neighbour then shows no arrow until it is.
 */
export interface VisibleOrder {
  placeOf: (id: number) => number | Promise<number>
  recordAt: (place: number) => MediaRecord | undefined
}

export interface Neighbours {
  previous: MediaRecord | null
  next: MediaRecord | null
}

const NONE: Neighbours = { previous: null, next: null }

/** The files before and after `id` in the list's order; none when the file is not shown there. */
export function neighboursOf(order: VisibleOrder, id: number): Neighbours | Promise<Neighbours> {
  const around = (place: number): Neighbours =>
    place < 0
      ? NONE
      : { previous: order.recordAt(place - 1) ?? null, next: order.recordAt(place + 1) ?? null }
  const place = order.placeOf(id)
  return place instanceof Promise ? place.then(around) : around(place)
}
