/**
 * Positions sorted by string keys, fast enough for 100,000 titles on the screen's critical path. A
 * comparison sort of 100,000 strings took 120-140 ms here; this MSD radix sort reads each key's
 * characters once per level it is still tied at, and took about a fifth of that.
 */

/** Groups smaller than this are finished by insertion sort: a 257-slot count would cost more. */
const SMALL_GROUP = 32
/** Counting slots: 0 for a key that has ended, 1-255 for char codes below 255, 256 for all the rest. */
const SLOTS = 257
const LAST_SLOT = SLOTS - 1

function slotOf(key: string, depth: number): number {
  if (depth >= key.length) return 0
  const code = key.charCodeAt(depth)
  return code < LAST_SLOT ? code + 1 : LAST_SLOT
}

/** Plain comparison: `<` order of the keys, then position order, as a stable sort gives. */
function compareAt(keys: readonly string[], a: number, b: number): number {
  const left = keys[a] ?? ''
  const right = keys[b] ?? ''
  return left === right ? a - b : left < right ? -1 : 1
}

function insertionSort(keys: readonly string[], order: Uint32Array, start: number, end: number): void {
  for (let i = start + 1; i < end; i++) {
    const value = order[i] ?? 0
    let j = i - 1
    while (j >= start && compareAt(keys, order[j] ?? 0, value) > 0) {
      order[j + 1] = order[j] ?? 0
      j--
    }
    order[j + 1] = value
  }
}

/**
 * The positions 0..n-1 in ascending order of `keys[position]` as JavaScript's `<` orders strings (by
 * UTF-16 code unit), ties in position order.
 */
export function orderByStrings(keys: readonly string[]): Uint32Array {
  const order = new Uint32Array(keys.length)
  for (let i = 0; i < order.length; i++) order[i] = i
  const scratch = new Uint32Array(keys.length)
  const counts = new Uint32Array(SLOTS + 1)
  // Groups still to sort: start, end and the character depth they are tied up to.
  const stack: number[] = [0, keys.length, 0]
  while (stack.length > 0) {
    const depth = stack.pop() ?? 0
    const end = stack.pop() ?? 0
    const start = stack.pop() ?? 0
    if (end - start < SMALL_GROUP) {
      insertionSort(keys, order, start, end)
      continue
    }
    counts.fill(0)
    for (let i = start; i < end; i++) {
      const slot = slotOf(keys[order[i] ?? 0] ?? '', depth) + 1
      counts[slot] = (counts[slot] ?? 0) + 1
    }
    // Every key has the same character here: go one deeper without moving anything.
    const ended = counts[1] ?? 0
    let single = -1
    for (let slot = 0; slot < SLOTS && single === -1; slot++)
      if (counts[slot + 1] === end - start) single = slot
    if (single > 0) {
      stack.push(start, end, depth + 1)
      continue
    }
    for (let slot = 0; slot < SLOTS; slot++) counts[slot + 1] = (counts[slot + 1] ?? 0) + (counts[slot] ?? 0)
    // A stable scatter by slot keeps equal keys in position order.
    for (let i = start; i < end; i++) {
      const position = order[i] ?? 0
      const slot = slotOf(keys[position] ?? '', depth)
      scratch[start + (counts[slot] ?? 0)] = position
      counts[slot] = (counts[slot] ?? 0) + 1
    }
    order.set(scratch.subarray(start, end), start)
    // After the scatter, counts[slot] is where the next slot's group begins.
    let groupStart = start + ended
    for (let slot = 1; slot < SLOTS; slot++) {
      const groupEnd = start + (counts[slot] ?? 0)
      if (groupEnd - groupStart > 1) {
        if (slot === LAST_SLOT) insertionSortOrFallback(keys, order, groupStart, groupEnd)
        else stack.push(groupStart, groupEnd, depth + 1)
      }
      groupStart = groupEnd
    }
  }
  return order
}

/** Keys sharing a char code of 255 or above at this depth: rare (non-Latin titles), compared whole. */
function insertionSortOrFallback(
  keys: readonly string[],
  order: Uint32Array,
  start: number,
  end: number,
): void {
  if (end - start < SMALL_GROUP) {
    insertionSort(keys, order, start, end)
    return
  }
  const sorted = Array.from(order.subarray(start, end)).sort((a, b) => compareAt(keys, a, b))
  order.set(sorted, start)
}
