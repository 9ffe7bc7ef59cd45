import { useCallback, useMemo, useSyncExternalStore } from 'react'

import {
  DEFAULT_SORT,
  isCategoryFilter,
  NO_FILTERS,
  UNUSED_DAY_CHOICES,
  type Filters,
  type Sort,
  type SortKey,
  type ViewMode,
} from '../features/library'

/**
 * Everything a bookmark restores: filters, sort, view, the file open in the Details dialog, and whether
 * the Trash view is open in place of the file list.
 */
export interface ViewState {
  filters: Filters
  sort: Sort
  view: ViewMode
  file: number | null
  trash: boolean
}

export type ViewPatch = Partial<Omit<ViewState, 'filters'>> & { filters?: Partial<Filters> }

const SORT_KEYS: readonly SortKey[] = ['title', 'type', 'size', 'date']
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** `unused=N`: one of the toolbar's choices, else no filter. */
function unusedDays(raw: string | null): number | null {
  const days = Number(raw)
  return (UNUSED_DAY_CHOICES as readonly number[]).includes(days) ? days : null
}

export function parseViewState(search: string): ViewState {
  const params = new URLSearchParams(search)
  const text = (name: string) => params.get(name) ?? null
  const day = (name: string) => {
    const value = text(name)
    return value !== null && DAY.test(value) ? value : null
  }
  const category = text('category')
  const sortKey = SORT_KEYS.find((key) => key === text('sort')) ?? DEFAULT_SORT.key
  const file = Number(text('file'))
  return {
    filters: {
      query: text('q') ?? '',
      folder: text('folder'),
      category: isCategoryFilter(category) ? category : NO_FILTERS.category,
      type: text('type'),
      from: day('from'),
      to: day('to'),
      tag: text('tag'),
      author: text('author'),
      unused: unusedDays(text('unused')),
    },
    sort: { key: sortKey, direction: text('dir') === 'desc' ? 'desc' : 'asc' },
    view: text('view') === 'list' ? 'list' : 'grid',
    file: Number.isSafeInteger(file) && file !== 0 ? file : null,
    trash: params.has('trash'),
  }
}

/** The query string of a view state; defaults are left out, so the plain URL is the default view. */
export function serializeViewState({ filters, sort, view, file, trash }: ViewState): string {
  const entries: [string, string | null][] = [
    ['q', filters.query || null],
    ['folder', filters.folder],
    ['category', filters.category === 'all' ? null : filters.category],
    ['type', filters.type],
    ['from', filters.from],
    ['to', filters.to],
    ['tag', filters.tag],
    ['author', filters.author],
    ['unused', filters.unused === null ? null : String(filters.unused)],
    ['sort', sort.key === DEFAULT_SORT.key ? null : sort.key],
    ['dir', sort.direction === DEFAULT_SORT.direction ? null : sort.direction],
    ['view', view === 'grid' ? null : view],
    ['file', file === null ? null : String(file)],
    ['trash', trash ? '1' : null],
  ]
  const params = new URLSearchParams()
  for (const [name, value] of entries) if (value !== null) params.set(name, value)
  const query = params.toString()
  return query === '' ? '' : `?${query}`
}

export function applyPatch(state: ViewState, patch: ViewPatch): ViewState {
  return { ...state, ...patch, filters: { ...state.filters, ...patch.filters } }
}

const CHANGE = 'viewstatechange'

function subscribe(notify: () => void): () => void {
  window.addEventListener('popstate', notify)
  window.addEventListener(CHANGE, notify)
  return () => {
    window.removeEventListener('popstate', notify)
    window.removeEventListener(CHANGE, notify)
  }
}

const currentSearch = () => window.location.search

/** Marks a history entry made by opening the Details dialog, so closing it can go Back instead of piling up entries. */
export const OPENED_DETAILS = 'opened-details'

/**
 * The view state lives in the URL: bookmarkable, and Back and Forward step through it. `push` makes a
 * history entry; `replace` rewrites the current one (for typing).
 */
export function useViewState() {
  const search = useSyncExternalStore(subscribe, currentSearch, () => '')
  const state = useMemo(() => parseViewState(search), [search])
  const update = useCallback(
    (patch: ViewPatch, mode: 'push' | 'replace' = 'push', marker: string | null = null) => {
      const next = applyPatch(parseViewState(window.location.search), patch)
      const url = `${window.location.pathname}${serializeViewState(next)}${window.location.hash}`
      if (mode === 'push') window.history.pushState(marker, '', url)
      else window.history.replaceState(marker, '', url)
      window.dispatchEvent(new Event(CHANGE))
    },
    [],
  )
  return { state, update }
}
