import { ROOT_PATH } from '../../../contract/folder-paths'
import type { MediaRecord } from '../../../contract/record'
import { labelKey } from '../../../contract/labels'
import type { FileCategory } from '../model/categories'
import {
  endOfDay,
  normaliseFolderPath,
  startOfDay,
  type Filters,
  type Sort,
  type SortKey,
} from '../model/filters'
import { RecentQueries } from '../model/recent-queries'
import {
  editedColumns,
  inPlace,
  newPlaces,
  recordColumns,
  recordEdit,
  searchTextOf,
  type RecordColumns,
} from '../model/record-columns'
import { SearchText, type Haystacks } from '../model/search-text'
import { orderByStrings } from '../../../contract/string-order'
import { titleSortKey } from '../../../contract/title-key'
import { isUnused, unusedCutoff } from '../model/unused'

/**
 * The first place at or after `from` in `order` whose position `compare` puts after `position`: a
 * galloping search, so a run of places before it costs a few comparisons rather than one each.
 */
function placeAfter(
  order: Uint32Array,
  from: number,
  position: number,
  compare: (a: number, b: number) => number,
): number {
  let low = from
  let high = from
  let step = 1
  while (high < order.length && compare(order[high] ?? 0, position) <= 0) {
    low = high + 1
    high = from + step
    step *= 2
  }
  high = Math.min(high, order.length)
  while (low < high) {
    const middle = (low + high) >>> 1
    if (compare(order[middle] ?? 0, position) <= 0) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * Merges `added` into `order`, both sorted by `compare` (the next records of a list that grew, or the
 * records an edit changed). The places of `order` between two added ones are copied as a block: a few
 * thousand added records cost a few thousand searches, not a comparison per record of the whole list.
 */
function mergeAdded(
  order: Uint32Array,
  added: Uint32Array,
  compare: (a: number, b: number) => number,
): Uint32Array {
  const merged = new Uint32Array(order.length + added.length)
  let from = 0
  let out = 0
  for (const position of added) {
    const at = placeAfter(order, from, position, compare)
    merged.set(order.subarray(from, at), out)
    out += at - from
    from = at
    merged[out++] = position
  }
  merged.set(order.subarray(from), out)
  return merged
}

/**
 * `order` without the positions `removed`, each found by a binary search with `compare` (the one the
 * order is sorted by, a total order), then the places between them copied as blocks.
 */
function withoutPositions(
  order: Uint32Array,
  removed: readonly number[],
  compare: (a: number, b: number) => number,
): Uint32Array {
  if (removed.length === 0) return order
  const places = removed.map((position) => {
    let low = 0
    let high = order.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (compare(order[middle] ?? 0, position) < 0) low = middle + 1
      else high = middle
    }
    return order[low] === position ? low : order.indexOf(position)
  })
  places.sort((a, b) => a - b)
  const kept = new Uint32Array(order.length - places.length)
  let from = 0
  let out = 0
  for (const place of places) {
    kept.set(order.subarray(from, place), out)
    out += place - from
    from = place + 1
  }
  kept.set(order.subarray(from), out)
  return kept
}

/** Records changed by one edit (left, arrived, or changed) up to which the index is edited, not rebuilt. */
const MOST_EDITED = 1_000
/** ...or up to this share of the list, when that is more. */
const MOST_EDITED_SHARE = 1 / 50

/** Title key order, ties in list order. */
function compareKeys(keys: readonly string[]): (a: number, b: number) => number {
  return (a, b) => {
    const left = keys[a] ?? ''
    const right = keys[b] ?? ''
    return left === right ? a - b : left < right ? -1 : 1
  }
}

/**
 * Buffers every query on an index writes its working into, handed on to the index's next versions
 * (grown or edited), so a keystroke allocates only its answer. Fresh buffers for each query cost 5 MB a
 * keystroke at 1,000,000 files; as memory outside the heap, every 64 MB of them set off a collection of
 * the worker's whole heap (hundreds of milliseconds at that size) on every seventh or eighth keystroke.
 */
class QueryScratch {
  private hits = new Uint8Array(0)
  private matches = new Uint32Array(0)

  /** A byte a record, for which records' search texts hold the query: read before the next query. */
  hitsFor(count: number): Uint8Array {
    if (this.hits.length < count) this.hits = new Uint8Array(count)
    return this.hits
  }

  /** Room for every record's position, for the positions a query keeps (copied out at its end). */
  matchesFor(count: number): Uint32Array {
    if (this.matches.length < count) this.matches = new Uint32Array(count)
    return this.matches
  }
}

const titleKeyOf = (record: MediaRecord | undefined): string => titleSortKey(record?.title ?? '')

function identity(from: number, to: number): Uint32Array {
  const order = new Uint32Array(to - from)
  for (let i = 0; i < order.length; i++) order[i] = from + i
  return order
}

/**
 * The file list prepared for fast queries: per-record keys in flat columns, each made the first time a
 * filter or sort reads it, and one ascending order per sort key, made the first time that key is used.
 * A query is one pass over a precomputed order, so neither a keystroke nor a sort toggle ever sorts.
 * Only the title order is needed for the first screen (the default sort); the search text is made
 * while the page is idle after it (`prepare`), so mounting 100,000 files does not wait for it.
 */
export class MediaIndex {
  private columns: RecordColumns
  private readonly orders = new Map<SortKey, Uint32Array>()
  /**
   * The title keys the title order was made or merged with, while the list is loading: the next page
   * is merged into the order with them. Shared with the versions before and after, each reading only
   * its own length. Let go once the list is whole (`prepare`), as a million of them take 50 MB: an edit
   * then makes the keys it compares (`titleKeyAt`).
   */
  private orderKeys: string[] | null = null
  /** The keys of the records an edit added, made once for the edit's sorts and merges. */
  private addedKeys: ReadonlyMap<number, string> | null = null
  /** Whether `prepare` is done: the list was whole, its title keys let go. */
  private prepared = false
  /** Every search text joined, made on the first search (or while idle) and kept through edits. */
  private joinedText: SearchText | null = null
  /** The join under way, a piece at a time (prepare), taken on by the first search. */
  private joining: ReturnType<typeof SearchText.joining> | null = null
  /** The joined text of the list this one grew from (the page before), for its records to be kept. */
  private grownFrom: SearchText | null = null
  /** Results of the latest queries on this index (queryIndex). */
  readonly recentQueries = new RecentQueries()
  /** What queries write their working into: this index's own, or that of the one it follows. */
  readonly scratch: QueryScratch
  /**
   * Each record's search text made from the record when asked for: the joined text is made from them a
   * piece at a time and holds them alone, where a string a record beside it took as much again.
   */
  private readonly searchTexts: Haystacks

  /**
   * `previous` is the index of an earlier version of the list. The records it shares keep their column
   * values. When the list only grew at the end (the next page arriving), its title order is kept too: the
   * new records are sorted alone and merged in.
   */
  constructor(
    readonly records: readonly MediaRecord[],
    previous?: MediaIndex,
    scratch = previous?.scratch ?? new QueryScratch(),
  ) {
    const started = performance.now()
    this.scratch = scratch
    this.searchTexts = {
      length: records.length,
      at: (position) => {
        const record = records[position]
        return record === undefined ? undefined : searchTextOf(record)
      },
    }
    this.columns = recordColumns(records, previous?.columns)
    const title = previous?.orders.get('title')
    const grew = previous !== undefined && previous.isPrefixOf(records)
    // The text joined before is joined on from its last record on the next search (a load's next page).
    if (grew) this.grownFrom = previous.joinedText ?? previous.grownFrom
    if (title !== undefined && grew) {
      // Only the new records' keys are made here.
      const known = previous.records.length
      const keys = previous.keysForMerge()
      keys.length = known
      for (let i = known; i < records.length; i++) keys.push(titleSortKey(records[i]?.title ?? ''))
      this.orderKeys = keys
      const added = orderByStrings(keys.slice(known)).map((place) => known + place)
      this.orders.set('title', mergeAdded(title, added, compareKeys(keys)))
    }
    performance.measure('listing:index', { start: started, detail: records.length })
  }

  /**
   * The index of `records`, made from this one when they are this index's records with a few changed,
   * removed or added (an edit, a move, a delete, an upload, an undo): the changed records are derived
   * again and moved in each sorted order by a binary search, the others keep their values and places.
   * It answers every query exactly as `new MediaIndex(records)` would. This index gives its columns
   * over and is not to be read again. Null when the lists differ by more, or `records` only grew while
   * the list is loading (the next page: the constructor merges it with the keys it holds).
   */
  edited(records: readonly MediaRecord[]): MediaIndex | null {
    const started = performance.now()
    const before = this.records
    const most = Math.max(MOST_EDITED, Math.floor(before.length * MOST_EDITED_SHARE))
    const edit = before.length === 0 ? null : recordEdit(before, records, most)
    if (edit === null) return null
    const grew = edit.removed.length === 0 && edit.added[0] === before.length
    if (grew && this.orderKeys !== null) return null
    // The changed records leave each order while this index's columns still hold their old keys.
    const kept = new Map<SortKey, Uint32Array>()
    for (const [key, order] of this.orders)
      kept.set(key, withoutPositions(order, edit.removed, this.compareFor(key)))
    const next = new MediaIndex(records, undefined, this.scratch)
    next.addedKeys = new Map(edit.added.map((position) => [position, titleKeyOf(records[position])]))
    next.columns = editedColumns(this.columns, records, edit)
    const places = inPlace(edit) ? null : newPlaces(before.length, edit)
    next.joinedText = this.joinedText?.edited(edit, records.length, places) ?? null
    for (const [key, order] of kept) {
      if (places !== null) for (let i = 0; i < order.length; i++) order[i] = places[order[i] ?? 0] ?? 0
      const compare = next.compareFor(key)
      const added = Uint32Array.from(edit.added).sort(compare)
      next.orders.set(key, added.length === 0 ? order : mergeAdded(order, added, compare))
    }
    next.addedKeys = null
    performance.measure('listing:index-edit', { start: started, detail: edit.added.length })
    return next
  }

  /** The search text of the record at `position`: as the joined text holds it, or made from the record. */
  searchTextAt(position: number): string {
    return this.joinedText?.textAt(position) ?? this.searchTexts.at(position) ?? ''
  }

  /**
   * Whether each record's search text holds `query` (lower-cased, not empty), one byte a record in list
   * order: one scan of the joined search texts. The bytes are the index's scratch: read them before the
   * next query.
   */
  searchMatches(query: string): Uint8Array {
    this.joinedText ??= this.joinedSearchText(() => true)
    const hits = this.scratch.hitsFor(this.records.length)
    return (this.joinedText as SearchText).matches(query, this.searchTexts, hits)
  }

  get categories(): readonly FileCategory[] {
    return this.columns.categories.all()
  }

  get folders(): readonly string[] {
    return this.columns.folders.all()
  }

  get created(): readonly number[] {
    return this.columns.created.all()
  }

  /** Made on the first tag filter only: most visits never use one. */
  get tagKeys(): readonly (readonly string[])[] {
    return this.columns.tagKeys.all()
  }

  get authorKeys(): readonly string[] {
    return this.columns.authorKeys.all()
  }

  /** The joined search text, made on from where `prepare` left it while `more()` allows; null until whole. */
  private joinedSearchText(more: () => boolean): SearchText | null {
    const grown = this.grownFrom?.grown(this.searchTexts) ?? null
    this.grownFrom = null
    if (grown !== null) return grown
    this.joining ??= SearchText.joining(this.searchTexts)
    const text = this.joining.fill(more)
    if (text !== null) this.joining = null
    return text
  }

  /**
   * Makes the search text (first: a search needs it whole) and the filter columns ahead of their first
   * use, while `more()` allows; true once done. The page calls it while idle, the worker once the
   * library is whole, in slices between the page's questions.
   */
  prepare(more: () => boolean): boolean {
    const { categories, folders, created } = this.columns
    if (this.joinedText === null) {
      this.joinedText = this.joinedSearchText(more)
      if (this.joinedText === null) return false
    }
    const columns: { fill: (more: () => boolean) => boolean }[] = [categories, folders, created]
    if (!columns.every((column) => column.fill(more))) return false
    this.orderKeys = null
    this.prepared = true
    return true
  }

  /** Every record's title key, in list order: those held, or made (and held while the list loads). */
  private keysForMerge(): string[] {
    const keys = this.orderKeys ?? this.records.map(titleKeyOf)
    if (!this.prepared) this.orderKeys = keys
    return keys
  }

  /** The title key of the record at `position`: held, made for an edit, or made now. */
  private titleKeyAt(position: number): string {
    return this.orderKeys?.[position] ?? this.addedKeys?.get(position) ?? titleKeyOf(this.records[position])
  }

  private isPrefixOf(records: readonly MediaRecord[]): boolean {
    if (this.records.length === 0 || this.records.length > records.length) return false
    return this.records.every((record, i) => records[i] === record)
  }

  /** Whether the `key` order is made: `order(key)` then costs nothing. */
  hasOrder(key: SortKey): boolean {
    return this.orders.has(key)
  }

  /**
   * The comparison `order(key)` sorts by, without needing any order made: ties fall back to the title
   * key, then list order, which is what the title order's rank gives the full sorts.
   */
  compareFor(key: SortKey): (a: number, b: number) => number {
    const byTitle = this.titleCompare()
    if (key === 'title') return byTitle
    if (key === 'type') {
      const types = this.columns.typeKeys.all()
      return (a, b) => {
        const left = types[a] ?? ''
        const right = types[b] ?? ''
        return left === right ? byTitle(a, b) : left < right ? -1 : 1
      }
    }
    const value = this.sortValue(key)
    return (a, b) => {
      const difference = value(a) - value(b)
      return difference === 0 || Number.isNaN(difference) ? byTitle(a, b) : difference
    }
  }

  /** A record's size, or its date with an unreadable one first, as the oldest. */
  private sortValue(key: 'size' | 'date'): (position: number) => number {
    if (key === 'size') return (position) => this.records[position]?.file_size ?? 0
    const created = this.created
    return (position) => {
      const time = created[position] ?? Number.NaN
      return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time
    }
  }

  /** Positions of the records in ascending `key` order; ties fall back to title, then list order. */
  order(key: SortKey): Uint32Array {
    let order = this.orders.get(key)
    if (order === undefined) {
      const started = performance.now()
      order = key === 'title' ? orderByStrings(this.keysForMerge()) : this.orderBy(key)
      this.orders.set(key, order)
      performance.measure(`listing:order-${key}`, { start: started })
    }
    return order
  }

  private titleCompare(): (a: number, b: number) => number {
    if (this.orderKeys !== null) return compareKeys(this.orderKeys)
    return (a, b) => {
      const left = this.titleKeyAt(a)
      const right = this.titleKeyAt(b)
      return left === right ? a - b : left < right ? -1 : 1
    }
  }

  private orderBy(key: Exclude<SortKey, 'title'>): Uint32Array {
    const rank = new Uint32Array(this.records.length)
    this.order('title').forEach((position, place) => {
      rank[position] = place
    })
    const byRank = (a: number, b: number) => (rank[a] ?? 0) - (rank[b] ?? 0)
    if (key === 'type') {
      const types = this.columns.typeKeys.all()
      return identity(0, types.length).sort((a, b) => {
        const left = types[a] ?? ''
        const right = types[b] ?? ''
        return left === right ? byRank(a, b) : left < right ? -1 : 1
      })
    }
    const value = this.sortValue(key)
    const values = Float64Array.from(this.records, (_, position) => value(position))
    return identity(0, values.length).sort((a, b) => {
      const difference = (values[a] ?? 0) - (values[b] ?? 0)
      return difference === 0 || Number.isNaN(difference) ? byRank(a, b) : difference
    })
  }
}

/**
 * Positions of the records that pass `filters`, in `sort` order: one pass over a precomputed order, or
 * over the results of an earlier query this one narrows (RecentQueries).
 */
export function queryIndex(index: MediaIndex, filters: Filters, sort: Sort): Uint32Array {
  const query = searchText(filters)
  const { folder, category, type, from, to, tag, author, unused } = filters
  const scope = JSON.stringify([
    folder,
    category,
    type,
    from,
    to,
    tag,
    author,
    unused,
    sort.key,
    sort.direction,
  ])
  const started = performance.now()
  const answer = index.recentQueries.answer(scope, query, (within) =>
    within === null
      ? matching(index, filters, index.order(sort.key), sort.direction === 'asc')
      : narrow(index, within, query),
  )
  performance.measure('listing:query', {
    start: started,
    detail: `${scope} ${query} ${String(answer.length)}`,
  })
  return answer
}

export const searchText = (filters: Filters): string => filters.query.trim().toLowerCase()

/**
 * Results narrowed by testing each record alone up to this share of the list; more, by one scan of the
 * joined search text.
 */
const NARROW_ALONE_SHARE = 1 / 8

/** The positions among `within` (already filtered and ordered) whose search text holds `query`. */
function narrow(index: MediaIndex, within: Uint32Array, query: string): Uint32Array {
  if (query === '') return within
  const kept = index.scratch.matchesFor(within.length)
  let found = 0
  // Loops rather than `within.filter`, whose callback a record costs several times the test at 1M.
  if (within.length > index.records.length * NARROW_ALONE_SHARE) {
    const hits = index.searchMatches(query)
    for (let i = 0; i < within.length; i++) {
      const position = within[i] ?? 0
      if (hits[position] === 1) kept[found++] = position
    }
  } else {
    for (let i = 0; i < within.length; i++) {
      const position = within[i] ?? 0
      if (index.searchTextAt(position).includes(query)) kept[found++] = position
    }
  }
  return kept.slice(0, found)
}

/**
 * The positions that pass `filters`, walking `order` forwards or backwards; in list order when `order`
 * is null.
 */
export function matching(
  index: MediaIndex,
  filters: Filters,
  order: Uint32Array | null,
  ascending = true,
): Uint32Array {
  const { records } = index
  const count = records.length
  const query = searchText(filters)
  const folder = filters.folder === null ? null : normaliseFolderPath(filters.folder)
  const { category, type } = filters
  const from = startOfDay(filters.from)
  const to = endOfDay(filters.to)
  // Only the columns a filter reads: the others may not be made yet.
  const hits = query === '' ? null : index.searchMatches(query)
  const folders = folder === null ? null : index.folders
  const categories = category === 'all' ? null : index.categories
  const unused = filters.unused === null ? null : unusedCutoff(filters.unused)
  const created = from === null && to === null && unused === null ? null : index.created
  const tag = filters.tag === null ? null : labelKey(filters.tag)
  const tagKeys = tag === null ? null : index.tagKeys
  const author = filters.author === null ? null : labelKey(filters.author)
  const authorKeys = author === null ? null : index.authorKeys
  const matches = index.scratch.matchesFor(count)
  let found = 0
  for (let step = 0; step < count; step++) {
    const place = ascending ? step : count - 1 - step
    const position = order === null ? place : (order[place] ?? 0)
    if (folders !== null && folders[position] !== folder) continue
    if (categories !== null && categories[position] !== category) continue
    if (type !== null && records[position]?.file_type !== type) continue
    if (created !== null) {
      const time = created[position] ?? Number.NaN
      if (from !== null && !(time >= from)) continue
      if (to !== null && !(time <= to)) continue
      if (unused !== null && !isUnused(records[position] as MediaRecord, time, unused)) continue
    }
    if (tagKeys !== null && !tagKeys[position]?.includes(tag ?? '')) continue
    if (authorKeys !== null && authorKeys[position] !== author) continue
    if (hits !== null && hits[position] === 0) continue
    matches[found++] = position
  }
  return matches.slice(0, found)
}

/** Every distinct `file_type`, for the type filter. */
export function fileTypesOf(records: readonly MediaRecord[]): string[] {
  const started = performance.now()
  const types = new Set<string>()
  for (const record of records) types.add(record.file_type)
  performance.measure('listing:file-types', { start: started })
  return [...types].sort()
}

/** Spec section 2: with no folders loaded, the folder selector offers the folder paths found on files. */
export function folderPathsOf(records: readonly MediaRecord[]): string[] {
  const started = performance.now()
  // Few distinct paths among many files: each is normalised once.
  const raw = new Set<string>()
  for (const record of records) raw.add(record.folder_path)
  const paths = new Set([...raw].map(normaliseFolderPath))
  paths.delete(ROOT_PATH)
  performance.measure('listing:folder-paths', { start: started })
  return [...paths].sort()
}
