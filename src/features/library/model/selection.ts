import { useCallback, useMemo, useState } from 'react'

interface SelectionState {
  ids: ReadonlySet<number>
  /** Where the next shift-click range starts: the file last toggled on its own. */
  anchor: number | null
}

const EMPTY: SelectionState = { ids: new Set(), anchor: null }

/** The ids from `anchor` to `target` inclusive, in the order shown; just `target` when the anchor is not shown. */
export function rangeBetween(shown: readonly number[], anchor: number | null, target: number): number[] {
  const end = shown.indexOf(target)
  const start = anchor === null ? -1 : shown.indexOf(anchor)
  if (end === -1) return []
  if (start === -1) return [target]
  return shown.slice(Math.min(start, end), Math.max(start, end) + 1)
}

export interface Selection {
  ids: ReadonlySet<number>
  toggle: (id: number) => void
  /** Makes `id` the whole selection (a plain click). */
  only: (id: number) => void
  /** Adds every file shown between the anchor and `id` (shift-click). */
  extendTo: (id: number, shown: readonly number[]) => void
  selectAll: (ids: readonly number[]) => void
  clear: () => void
}

export function useSelection(): Selection {
  const [state, setState] = useState<SelectionState>(EMPTY)

  const toggle = useCallback((id: number) => {
    setState(({ ids }) => {
      const next = new Set(ids)
      if (!next.delete(id)) next.add(id)
      return { ids: next, anchor: id }
    })
  }, [])

  const only = useCallback((id: number) => {
    setState({ ids: new Set([id]), anchor: id })
  }, [])

  const extendTo = useCallback((id: number, shown: readonly number[]) => {
    setState(({ ids, anchor }) => {
      const next = new Set(ids)
      for (const each of rangeBetween(shown, anchor, id)) next.add(each)
      return { ids: next, anchor: anchor ?? id }
    })
  }, [])

  const selectAll = useCallback((ids: readonly number[]) => {
    setState({ ids: new Set(ids), anchor: null })
  }, [])

  const clear = useCallback(() => {
    setState((current) => (current.ids.size === 0 ? current : EMPTY))
  }, [])

  return useMemo(
    () => ({ ids: state.ids, toggle, only, extendTo, selectAll, clear }),
    [state.ids, toggle, only, extendTo, selectAll, clear],
  )
}

/** The selection limited to files still in the list: a file deleted here or elsewhere is no longer selected. */
export function useSelectionWithin(
  selection: Selection,
  existing: { has: (id: number) => boolean },
): Selection {
  const ids = useMemo(() => {
    const kept = [...selection.ids].filter((id) => existing.has(id))
    return kept.length === selection.ids.size ? selection.ids : new Set(kept)
  }, [selection.ids, existing])
  return useMemo(() => ({ ...selection, ids }), [selection, ids])
}
