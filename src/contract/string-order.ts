/**
 * Positions sorted by string keys, fast enough for 100,000 titles on the screen's critical path. A
 * comparison sort of 100,000 title keys took 120-140 ms in Chromium here; this MSD radix sort reads each
 * key's characters once per level it is still tied at, and took about a third of that.
 */

/** Groups smaller than this are finished by insertion sort: counting would cost more. */
const SMALL_GROUP = 32
/** Counting slots: 0 for a key that has ended, 1-255 for char codes below 255, 256 for all the rest. */
const SLOTS = 257
const LAST_SLOT = SLOTS - 1

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

/** Keys sharing a char code of 255 or above at one depth (non-Latin titles): compared whole. */
function comparisonSort(keys: readonly string[], order: Uint32Array, start: number, end: number): void {
  if (end - start < SMALL_GROUP) {
    insertionSort(keys, order, start, end)
    return
  }
  const sorted = Array.from(order.subarray(start, end)).sort((a, b) => compareAt(keys, a, b))
  order.set(sorted, start)
}

/**
 * The positions 0..n-1 in ascending order of `keys[position]` as JavaScript's `<` orders strings (by
 * UTF-16 code unit), ties in position order.
 */
export function orderByStrings(keys: readonly string[]): Uint32Array {
  const count = keys.length
  const order = new Uint32Array(count)
  for (let i = 0; i < count; i++) order[i] = i
  const scratch = new Uint32Array(count)
  /** Each position's slot at the depth being sorted, read once per level. */
  const slots = new Uint16Array(count)
  /** Per slot: its count, then where its group starts, then where it ends; back to 0 after each group. */
  const counts = new Uint32Array(SLOTS)
  const used: number[] = []
  // Groups still to sort: start, end and the character depth they are tied up to.
  const stack: number[] = [0, count, 0]
  while (stack.length > 0) {
    const depth = stack.pop() ?? 0
    const end = stack.pop() ?? 0
    const start = stack.pop() ?? 0
    if (end - start < SMALL_GROUP) {
      insertionSort(keys, order, start, end)
      continue
    }
    used.length = 0
    for (let i = start; i < end; i++) {
      const key = keys[order[i] ?? 0] ?? ''
      const code = depth < key.length ? key.charCodeAt(depth) : -1
      const slot = code < 0 ? 0 : code < LAST_SLOT ? code + 1 : LAST_SLOT
      slots[i] = slot
      const seen = counts[slot] ?? 0
      if (seen === 0) used.push(slot)
      counts[slot] = seen + 1
    }
    if (used.length === 1) {
      // Every key has the same character here: nothing moves. Keys that all ended are equal, and
      // already in position order.
      const only = used[0] ?? 0
      counts[only] = 0
      if (only === LAST_SLOT) comparisonSort(keys, order, start, end)
      else if (only !== 0) stack.push(start, end, depth + 1)
      continue
    }
    used.sort((a, b) => a - b)
    let next = start
    for (const slot of used) {
      const size = counts[slot] ?? 0
      counts[slot] = next
      next += size
    }
    // A stable scatter by slot keeps equal keys in position order.
    for (let i = start; i < end; i++) {
      const slot = slots[i] ?? 0
      const at = counts[slot] ?? 0
      scratch[at] = order[i] ?? 0
      counts[slot] = at + 1
    }
    order.set(scratch.subarray(start, end), start)
    let groupStart = start
    for (const slot of used) {
      const groupEnd = counts[slot] ?? 0
      counts[slot] = 0
      if (slot !== 0 && groupEnd - groupStart > 1) {
        if (slot === LAST_SLOT) comparisonSort(keys, order, groupStart, groupEnd)
        else stack.push(groupStart, groupEnd, depth + 1)
      }
      groupStart = groupEnd
    }
  }
  return order
}
