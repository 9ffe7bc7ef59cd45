/**
 * The grid or the list alone (`?view=list`), over `?count=` files (a million by default) that take no
 * memory: `records` makes each record when it is read, and the order is 4 bytes a file.
 */
import { useEffect, useMemo, useState } from 'react'
import { createRoot } from 'react-dom/client'

import { fileIdSchema } from '../../../../src/contract/ids'
import type { MediaRecord } from '../../../../src/contract/record'
import { DEFAULT_SORT } from '../../../../src/features/library/model/filters'
import { ListResults } from '../../../../src/features/library/model/library-results'
import {
  ItemHandlersContext,
  type ItemHandlers,
} from '../../../../src/features/library/components/item-handlers'
import { MediaGrid } from '../../../../src/features/library/components/media-grid'
import { MediaList } from '../../../../src/features/library/components/media-list'
import '../../../../src/app/styles.css'

const params = new URLSearchParams(window.location.search)
const count = Number(params.get('count') ?? 1_000_000)

const made = new Map<number, MediaRecord>()
function recordAt(index: number): MediaRecord {
  const kept = made.get(index)
  if (kept) return kept
  // Kept while it may be on screen, so memoised cards see the same object from one render to the next.
  if (made.size > 4_000) made.clear()
  const record = {
    id: fileIdSchema.parse(index + 1),
    title: `File ${String(index + 1)}`,
    description: '',
    alt_text: '',
    category: 'Files',
    file_type: 'application/zip',
    media_url: '',
    thumbnail: null,
    file_size: 1024,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    tags: [],
    notes: '',
    station: '',
    author: 'Unknown',
    folder_path: '',
    public_id: null,
    resource_type: null,
    format: null,
    width: null,
    height: null,
    duration: null,
    sha256: null,
  } satisfies MediaRecord
  made.set(index, record)
  return record
}

const records = new Proxy<MediaRecord[]>([], {
  get(target, key, receiver) {
    if (key === 'length') return count
    if (typeof key === 'string' && /^\d+$/.test(key)) {
      const index = Number(key)
      return index < count ? recordAt(index) : undefined
    }
    return Reflect.get(target, key, receiver) as unknown
  },
})

/** The first `shown` files, each made when read: ids are places plus one. */
class FirstOf extends ListResults {
  constructor(private readonly shown: number) {
    super(records)
  }

  override get count(): number {
    return this.shown
  }

  override record(id: number): MediaRecord | undefined {
    return id >= 1 && id <= count ? recordAt(id - 1) : undefined
  }
}

const handlers: ItemHandlers = {
  select: () => undefined,
  activate: () => undefined,
  view: () => undefined,
  filterBy: () => undefined,
  dragIds: (record) => [record.id],
  contextActions: [],
  cardActions: [],
}

/**
 * The files shown are the first `?shown=` (all by default); `window.showFiles(n)` shows the first n, as
 * a library growing while it loads.
 */
function Results() {
  const [shown, setShown] = useState(Number(params.get('shown') ?? count))
  useEffect(() => {
    Object.assign(window, { showFiles: setShown })
  }, [])
  // Ids are places plus one: looked up without a map of a million entries (nor walking the proxy, whose
  // indices `map` would skip as holes).
  const shownResults = useMemo(() => new FirstOf(shown), [shown])
  const results = {
    results: shownResults,
    selected: new Set<number>(),
    stale: false,
    onToggle: () => undefined,
    onOpen: () => undefined,
  }
  return params.get('view') === 'list' ? (
    <MediaList {...results} sort={DEFAULT_SORT} onSort={() => undefined} />
  ) : (
    <MediaGrid {...results} />
  )
}

const root = document.getElementById('root')
if (root)
  createRoot(root).render(
    <ItemHandlersContext.Provider value={handlers}>
      <Results />
    </ItemHandlersContext.Provider>,
  )
