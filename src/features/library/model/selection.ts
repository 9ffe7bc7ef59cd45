import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

import type { MediaRecord } from '../../../contract/record'
import { whenAnswered, type Answer } from '../../../lib/answer'
import { sameQuery, type LibraryResults, type Progress, type ShownQuery } from './library-results'

/**
 * What is selected: files by id, or every file matching `query` but the `except`ions (files unticked
 * after Select all). `count` is how many matched when it was made, until the results count them.
 */
export type Picked =
  | { kind: 'ids'; ids: ReadonlySet<number> }
  | { kind: 'all'; query: ShownQuery; count: number; except: ReadonlySet<number> }

/** The selection as the screen reads it: whether a file is ticked, and how many are. */
export interface SelectedIds {
  has: (id: number) => boolean
  readonly size: number
  readonly picked: Picked
}

interface SelectionState {
  picked: Picked
  /** Where the next shift-click range starts: the file last toggled on its own. */
  anchor: number | null
}

const NOTHING: Picked = { kind: 'ids', ids: new Set() }
const EMPTY: SelectionState = { picked: NOTHING, anchor: null }

/** Every file of `query` is selected but the exceptions (the page holds only those). */
function selectedIn(picked: Picked, count?: number): SelectedIds {
  if (picked.kind === 'ids') return { has: (id) => picked.ids.has(id), size: picked.ids.size, picked }
  const { except } = picked
  return {
    has: (id) => !except.has(id),
    size: Math.max(0, (count ?? picked.count) - except.size),
    picked,
  }
}

/** `picked` with `id` ticked (`on`) or unticked. */
export function withTicked(picked: Picked, ids: readonly number[], on: boolean): Picked {
  if (picked.kind === 'ids') {
    const next = new Set(picked.ids)
    for (const id of ids) {
      if (on) next.add(id)
      else next.delete(id)
    }
    return { kind: 'ids', ids: next }
  }
  const except = new Set(picked.except)
  for (const id of ids) {
    if (on) except.delete(id)
    else except.add(id)
  }
  return { ...picked, except }
}

/** `picked` without these files (they left the list, or the query). */
export function without(picked: Picked, gone: ReadonlySet<number>): Picked {
  const held = picked.kind === 'ids' ? picked.ids : picked.except
  if (![...gone].some((id) => held.has(id))) return picked
  const kept = new Set([...held].filter((id) => !gone.has(id)))
  return picked.kind === 'ids' ? { kind: 'ids', ids: kept } : { ...picked, except: kept }
}

export interface Selection {
  ids: SelectedIds
  toggle: (id: number) => void
  /** Makes `id` the whole selection (a plain click). */
  only: (id: number) => void
  /**
   * Adds every file shown between the anchor and `id` (shift-click): `between` gives those ids
   * (`rangeIn` over the results).
   */
  extendTo: (id: number, between: (anchor: number | null, id: number) => Answer<readonly number[]>) => void
  /** Selects these files. */
  selectAll: (ids: readonly number[]) => void
  /** Selects every file matching `query` (`count` of them now), without asking for their ids. */
  selectMatching: (query: ShownQuery, count: number) => void
  /** The selection `from` becomes these ids, unless it changed meanwhile. */
  settle: (from: Picked, ids: readonly number[]) => void
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
      setAnchored(({ picked }) => ({
        picked: withTicked(picked, [id], !selectedIn(picked).has(id)),
        anchor: id,
      }))
    },
    [setAnchored],
  )

  const only = useCallback(
    (id: number) => {
      setAnchored(() => ({ picked: { kind: 'ids', ids: new Set([id]) }, anchor: id }))
    },
    [setAnchored],
  )

  const extendTo = useCallback(
    (id: number, between: (anchor: number | null, id: number) => Answer<readonly number[]>) => {
      const anchor = anchorNow.current
      whenAnswered(between(anchor, id), (range) => {
        setAnchored(({ picked }) => ({ picked: withTicked(picked, range, true), anchor: anchor ?? id }))
      })
    },
    [setAnchored],
  )

  const selectAll = useCallback(
    (ids: readonly number[]) => {
      setAnchored(() => ({ picked: { kind: 'ids', ids: new Set(ids) }, anchor: null }))
    },
    [setAnchored],
  )

  const selectMatching = useCallback(
    (query: ShownQuery, count: number) => {
      setAnchored(() => ({ picked: { kind: 'all', query, count, except: new Set() }, anchor: null }))
    },
    [setAnchored],
  )

  const settle = useCallback(
    (from: Picked, ids: readonly number[]) => {
      setAnchored((current) =>
        current.picked === from
          ? { picked: { kind: 'ids', ids: new Set(ids) }, anchor: current.anchor }
          : current,
      )
    },
    [setAnchored],
  )

  const remove = useCallback(
    (gone: ReadonlySet<number>) => {
      setAnchored((current) => {
        const picked = without(current.picked, gone)
        if (picked === current.picked) return current
        const anchor = current.anchor !== null && gone.has(current.anchor) ? null : current.anchor
        return { picked, anchor }
      })
    },
    [setAnchored],
  )

  const clear = useCallback(() => {
    setAnchored((current) => (current.picked === NOTHING ? current : EMPTY))
  }, [setAnchored])

  const ids = useMemo(() => selectedIn(state.picked), [state.picked])
  return useMemo(
    () => ({ ids, toggle, only, extendTo, selectAll, selectMatching, settle, remove, clear }),
    [ids, toggle, only, extendTo, selectAll, selectMatching, settle, remove, clear],
  )
}

/**
 * The selection loses the files the library no longer holds (a file deleted here or elsewhere), asked
 * of the engine each time the results change.
 */
export function useSelectionKept(
  selection: Selection,
  results: { recordsOf: (ids: readonly number[]) => Answer<readonly { id: number }[]> },
): void {
  const { picked } = selection.ids
  const { remove } = selection
  useEffect(() => {
    if (picked.kind !== 'ids' || picked.ids.size === 0) return
    const asked = [...picked.ids]
    whenAnswered(results.recordsOf(asked), (records) => {
      if (records.length === asked.length) return
      const held = new Set(records.map((record) => record.id))
      remove(new Set(asked.filter((id) => !held.has(id))))
    })
  }, [picked, results, remove])
}

/**
 * A select-all over the results shown: counted as the results' count less the exceptions still shown
 * (an exception no longer shown is dropped). When the results show another query (the filters or the
 * sort changed), the files it matched are asked for once and become the selection's ids, so the files
 * stay selected as they always did.
 */
export function useSelectionOver(selection: Selection, results: LibraryResults): Selection {
  const { picked } = selection.ids
  const { remove, settle } = selection
  const shown = results.query
  const same = picked.kind === 'all' && shown !== null && sameQuery(picked.query, shown)
  useEffect(() => {
    if (picked.kind !== 'all' || shown === null) return
    if (!same) {
      whenAnswered(results.idsMatching(picked.query, picked.except), (ids) => {
        settle(picked, ids)
      })
      return
    }
    if (picked.except.size === 0) return
    const asked = [...picked.except]
    const places = asked.map((id) => results.placeOf(id))
    const found = places.every((place) => typeof place === 'number')
      ? places
      : Promise.all(places.map((place) => Promise.resolve(place)))
    whenAnswered(found, (found) => {
      const gone = new Set(asked.filter((_, at) => found[at] === -1))
      if (gone.size > 0) remove(gone)
    })
  }, [picked, shown, same, results, remove, settle])
  const count = results.count
  const ids = useMemo((): SelectedIds => {
    if (picked.kind === 'ids') return selection.ids
    // Until the other query's files are in hand, nothing shown is marked selected.
    if (!same) return { has: () => false, size: selection.ids.size, picked }
    return selectedIn(picked, count)
  }, [selection.ids, picked, same, count])
  return useMemo(() => ({ ...selection, ids }), [selection, ids])
}

/**
 * The selected files, for a bulk action: a select-all is resolved where the library lives (the worker,
 * in batches, `progress` hearing how far), files gone from the library left out.
 */
export function resolveSelection(
  picked: Picked,
  results: LibraryResults,
  progress?: Progress,
): Answer<readonly MediaRecord[]> {
  if (picked.kind === 'ids') return results.recordsOf([...picked.ids])
  return results.recordsMatching(picked.query, picked.except, progress)
}
