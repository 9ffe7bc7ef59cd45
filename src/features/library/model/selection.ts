import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

import { whenAnswered, type Answer } from '../../../lib/answer'

interface SelectionState {
  ids: ReadonlySet<number>
  /** Where the next shift-click range starts: the file last toggled on its own. */
  anchor: number | null
}

const EMPTY: SelectionState = { ids: new Set(), anchor: null }

export interface Selection {
  ids: ReadonlySet<number>
  toggle: (id: number) => void
  /** Makes `id` the whole selection (a plain click). */
  only: (id: number) => void
  /**
   * Adds every file shown between the anchor and `id` (shift-click): `between` gives those ids
   * (`rangeIn` over the results).
   */
  extendTo: (id: number, between: (anchor: number | null, id: number) => Answer<readonly number[]>) => void
  selectAll: (ids: readonly number[]) => void
  /** Leaves these files out of the selection (they are no longer in the list). */
  remove: (ids: ReadonlySet<number>) => void
  clear: () => void
}

export function useSelection(): Selection {
  const [state, setState] = useState<SelectionState>(EMPTY)
  // The anchor as last set, for a range whose ids are asked for before the state changes.
  const anchorNow = useRef<number | null>(null)
  const setAnchored = useCallback((next: (current: SelectionState) => SelectionState) => {
    setState((current) => {
      const changed = next(current)
      anchorNow.current = changed.anchor
      return changed
    })
  }, [])

  const toggle = useCallback(
    (id: number) => {
      setAnchored(({ ids }) => {
        const next = new Set(ids)
        if (!next.delete(id)) next.add(id)
        return { ids: next, anchor: id }
      })
    },
    [setAnchored],
  )

  const only = useCallback(
    (id: number) => {
      setAnchored(() => ({ ids: new Set([id]), anchor: id }))
    },
    [setAnchored],
  )

  const extendTo = useCallback(
    (id: number, between: (anchor: number | null, id: number) => Answer<readonly number[]>) => {
      const anchor = anchorNow.current
      whenAnswered(between(anchor, id), (range) => {
        setAnchored(({ ids }) => {
          const next = new Set(ids)
          for (const each of range) next.add(each)
          return { ids: next, anchor: anchor ?? id }
        })
      })
    },
    [setAnchored],
  )

  const selectAll = useCallback(
    (ids: readonly number[]) => {
      setAnchored(() => ({ ids: new Set(ids), anchor: null }))
    },
    [setAnchored],
  )

  const remove = useCallback(
    (gone: ReadonlySet<number>) => {
      setAnchored((current) => {
        if (![...gone].some((id) => current.ids.has(id))) return current
        const ids = new Set([...current.ids].filter((id) => !gone.has(id)))
        return { ids, anchor: current.anchor !== null && gone.has(current.anchor) ? null : current.anchor }
      })
    },
    [setAnchored],
  )

  const clear = useCallback(() => {
    setAnchored((current) => (current.ids.size === 0 ? current : EMPTY))
  }, [setAnchored])

  return useMemo(
    () => ({ ids: state.ids, toggle, only, extendTo, selectAll, remove, clear }),
    [state.ids, toggle, only, extendTo, selectAll, remove, clear],
  )
}

/** The selection limited to files still in the list: a file deleted here or elsewhere is no longer selected. */
export function useSelectionWithin(
  selection: Selection,
  existing: { has: (id: number) => boolean } | null,
): Selection {
  const ids = useMemo(() => {
    if (existing === null) return selection.ids
    const kept = [...selection.ids].filter((id) => existing.has(id))
    return kept.length === selection.ids.size ? selection.ids : new Set(kept)
  }, [selection.ids, existing])
  return useMemo(() => ({ ...selection, ids }), [selection, ids])
}

/**
 * Where the library lives in a worker: the selection loses the files the library no longer holds (a
 * file deleted here or elsewhere), asked of it each time the results change.
 */
export function useSelectionKept(
  selection: Selection,
  results: { recordsOf: (ids: readonly number[]) => Answer<readonly { id: number }[]> },
  enabled: boolean,
): void {
  const { ids, remove } = selection
  useEffect(() => {
    if (!enabled || ids.size === 0) return
    const asked = [...ids]
    whenAnswered(results.recordsOf(asked), (records) => {
      if (records.length === asked.length) return
      const held = new Set(records.map((record) => record.id))
      remove(new Set(asked.filter((id) => !held.has(id))))
    })
  }, [enabled, ids, results, remove])
}
