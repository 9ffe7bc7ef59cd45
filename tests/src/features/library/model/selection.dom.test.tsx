import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import type { MediaRecord } from '../../../../../src/contract/record'
import { DEFAULT_SORT, NO_FILTERS, type Filters } from '../../../../../src/features/library/model/filters'
import {
  ListResults,
  type LibraryResults,
  type Progress,
  type ShownQuery,
} from '../../../../../src/features/library/model/library-results'
import { MediaIndex, queryIndex } from '../../../../../src/features/library/engine/media-index'
import {
  resolveSelection,
  useSelection,
  useSelectionOver,
  withTicked,
  without,
  type Picked,
} from '../../../../../src/features/library/model/selection'
import { listedRecord } from '../../../../support/listed-record'

/** Files 1..count, the odd ones tagged 'odd'; titled so that the title order is the id order. */
const library = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    listedRecord(i + 1, {
      title: `File ${String(i + 1).padStart(6, '0')}`,
      tags: i % 2 === 0 ? ['odd'] : [],
    }),
  )

const ODD: Filters = { ...NO_FILTERS, tag: 'odd' }

/** The files matching `query` in `index`, in its order. */
function answer(index: MediaIndex, query: ShownQuery): MediaRecord[] {
  return [...queryIndex(index, query.filters, query.sort)].flatMap(
    (position) => index.records[position] ?? [],
  )
}

/** Results of one query over an index, answering any other query over it too, as the engine does. */
class IndexedResults extends ListResults {
  constructor(
    private readonly index: MediaIndex,
    query: ShownQuery,
  ) {
    super(answer(index, query), query)
  }

  override idsMatching(query: ShownQuery, except: ReadonlySet<number>): readonly number[] {
    return this.recordsMatching(query, except).map((record) => record.id)
  }

  override recordsMatching(
    query: ShownQuery,
    except: ReadonlySet<number>,
    progress?: Progress,
  ): readonly MediaRecord[] {
    const records = answer(this.index, query).filter((record) => !except.has(record.id))
    progress?.(records.length, records.length)
    return records
  }
}

/** The results for a query of these files. */
function shown(index: MediaIndex, filters: Filters): IndexedResults {
  return new IndexedResults(index, { filters, sort: DEFAULT_SORT })
}

describe('a selection of ids or of a query less exceptions', () => {
  it('ticks and unticks files: ids are added and removed, a select-all gains and loses exceptions', () => {
    const ids: Picked = { kind: 'ids', ids: new Set([1]) }
    expect(withTicked(ids, [2, 3], true)).toEqual({ kind: 'ids', ids: new Set([1, 2, 3]) })
    expect(withTicked(ids, [1], false)).toEqual({ kind: 'ids', ids: new Set() })
    const all: Picked = {
      kind: 'all',
      query: { filters: ODD, sort: DEFAULT_SORT },
      count: 5,
      except: new Set(),
    }
    const unticked = withTicked(all, [3], false)
    expect(unticked).toMatchObject({ kind: 'all', except: new Set([3]) })
    expect(withTicked(unticked, [3, 5], true)).toMatchObject({ kind: 'all', except: new Set() })
    expect(without(unticked, new Set([3]))).toMatchObject({ kind: 'all', except: new Set() })
    expect(without(unticked, new Set([7]))).toBe(unticked)
  })

  it('holds no ids after Select all: counts the results less the exceptions, and resolves to exactly those files', () => {
    const index = new MediaIndex(library(10))
    const results = shown(index, ODD)
    const { result } = renderHook(() => useSelectionOver(useSelection(), results))
    act(() => {
      result.current.selectMatching({ filters: ODD, sort: DEFAULT_SORT }, results.count)
    })
    expect(result.current.ids.size).toBe(5)
    act(() => {
      result.current.toggle(3)
    })
    const { picked } = result.current.ids
    expect(picked).toMatchObject({ kind: 'all', except: new Set([3]) })
    expect(result.current.ids.size).toBe(4)
    expect(result.current.ids.has(3)).toBe(false)
    expect(result.current.ids.has(5)).toBe(true)
    const heard: [number, number][] = []
    const files = resolveSelection(picked, results, (done, total) => heard.push([done, total]))
    // The page's results answer at once.
    if (files instanceof Promise) throw new Error('the page answers at once')
    expect(files.map((record) => record.id)).toEqual([1, 5, 7, 9])
    expect(heard).toEqual([[4, 4]])
    act(() => {
      result.current.toggle(3)
    })
    expect(result.current.ids.size).toBe(5)
    act(() => {
      result.current.clear()
    })
    expect(result.current.ids.size).toBe(0)
    expect(result.current.ids.has(1)).toBe(false)
  })

  it('shift-click ranges tick the files between, a plain click makes one file the selection', () => {
    const index = new MediaIndex(library(6))
    const results = shown(index, NO_FILTERS)
    const { result } = renderHook(() => useSelectionOver(useSelection(), results))
    act(() => {
      result.current.selectMatching({ filters: NO_FILTERS, sort: DEFAULT_SORT }, 6)
    })
    act(() => {
      result.current.toggle(2)
    })
    act(() => {
      result.current.toggle(4)
    })
    expect(result.current.ids.size).toBe(4)
    act(() => {
      result.current.extendTo(5, () => [2, 3, 4, 5])
    })
    expect(result.current.ids.size).toBe(6)
    act(() => {
      result.current.only(1)
    })
    expect(result.current.ids.picked).toEqual({ kind: 'ids', ids: new Set([1]) })
  })

  it('counts only exceptions still shown, and becomes ids when the results show another query', () => {
    const index = new MediaIndex(library(10))
    const odd = shown(index, ODD)
    const { result, rerender } = renderHook(
      ({ results }: { results: LibraryResults }) => useSelectionOver(useSelection(), results),
      { initialProps: { results: odd } },
    )
    act(() => {
      result.current.selectMatching({ filters: ODD, sort: DEFAULT_SORT }, odd.count)
      result.current.toggle(3)
    })
    // File 3 loses its tag: no longer shown, no longer an exception.
    const edited = new MediaIndex(
      index.records.map((record) => (record.id === 3 ? { ...record, tags: [] } : record)),
    )
    rerender({ results: shown(edited, ODD) })
    expect(result.current.ids.picked).toMatchObject({ kind: 'all', except: new Set() })
    expect(result.current.ids.size).toBe(4)
    // The search changes: the files selected stay selected, now by id.
    rerender({ results: shown(edited, NO_FILTERS) })
    expect(result.current.ids.picked).toEqual({ kind: 'ids', ids: new Set([1, 5, 7, 9]) })
    expect(result.current.ids.has(2)).toBe(false)
    expect(result.current.ids.has(5)).toBe(true)
  })
})
