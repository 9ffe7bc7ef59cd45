/**
 * Where the keyboard goes after files leave the list (a delete): to the file that takes the first
 * removed one's place in the shown order, else, when the removed files ran to the end, to the one before
 * them. `null` when no file is left to take it; `undefined` when none of the removed files was shown.
 */
export function fileAfterRemoval(
  shown: readonly number[],
  removed: ReadonlySet<number>,
): number | null | undefined {
  const first = shown.findIndex((id) => removed.has(id))
  if (first < 0) return undefined
  const after = shown.slice(first).find((id) => !removed.has(id))
  if (after !== undefined) return after
  return shown.slice(0, first).at(-1) ?? null
}

/**
 * A one-time request to the file list to focus a file, scrolling it into view first: the list takes it
 * on the first render that shows the file, and a list drawn later (the other view) finds it taken. A
 * request for `null` is for the empty state, taken on the first render that shows no file: the files
 * just removed were the last ones, and the focus must not stay on one of them as it goes.
 */
export interface FocusRequest {
  readonly id: number | null
  /** True the first time only. */
  take: () => boolean
}

export function focusRequest(id: number | null): FocusRequest {
  let taken = false
  return {
    id,
    take: () => {
      if (taken) return false
      taken = true
      return true
    },
  }
}
