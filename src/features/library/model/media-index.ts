import { ROOT_PATH } from '../../../contract/folder'
import type { MediaRecord } from '../../../contract/record'
import { categoryOf, type FileCategory } from './categories'
import { endOfDay, normaliseFolderPath, startOfDay, type Filters, type Sort, type SortKey } from './filters'

/** What filtering and sorting read from one record, derived once per record object. */
interface RecordKeys {
  /** Title, description, author and tags, lower-cased and joined by newlines (a query never holds one). */
  haystack: string
  titleKey: string
  category: FileCategory
  /** Milliseconds; NaN for an unreadable date, which no date range includes. */
  created: number
  folder: string
}

// Keyed by record identity: a change to one file re-derives that file only, not the whole list.
const KEYS = new WeakMap<MediaRecord, RecordKeys>()

/** Anything outside printable ASCII may carry accents to fold. */
const NON_ASCII = /[^ -~]/
const DIACRITICS = /\p{M}+/gu
const ZEROS = '000000000000'

/**
 * A key whose plain `<` order reads like a locale-aware, numeric-aware title order: case and accents
 * folded, digit runs padded so 'Clip 2' sorts before 'Clip 10'. Comparing precomputed keys costs a
 * fraction of `Intl.Collator#compare` or `localeCompare` per comparison (docs/architecture.md, Screen).
 */
export function titleSortKey(title: string): string {
  let key = title.toLowerCase()
  if (NON_ASCII.test(key)) key = key.normalize('NFKD').replace(DIACRITICS, '')
  // A hand loop: a regex replace with a callback costs twice as much over 50,000 titles.
  let padded = ''
  let copied = 0
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i)
    if (code < 48 || code > 57) continue
    let end = i
    while (end < key.length && key.charCodeAt(end) >= 48 && key.charCodeAt(end) <= 57) end++
    let run = key.slice(i, end)
    while (run.length > 1 && run.startsWith('0')) run = run.slice(1)
    padded += key.slice(copied, i) + (run.length >= ZEROS.length ? run : ZEROS.slice(run.length) + run)
    copied = end
    i = end - 1
  }
  return copied === 0 ? key : padded + key.slice(copied)
}

function keysOf(record: MediaRecord): RecordKeys {
  let keys = KEYS.get(record)
  if (keys === undefined) {
    const parts = [record.title, record.description, record.author, ...record.tags]
    keys = {
      haystack: parts.join('\n').toLowerCase(),
      titleKey: titleSortKey(record.title),
      category: categoryOf(record.category),
      created: Date.parse(record.created_at),
      folder: normaliseFolderPath(record.folder_path),
    }
    KEYS.set(record, keys)
  }
  return keys
}

function identity(from: number, to: number): Uint32Array {
  const order = new Uint32Array(to - from)
  for (let i = 0; i < order.length; i++) order[i] = from + i
  return order
}

/** Merges two orders that are each sorted by `compare`. */
function merge(
  left: Uint32Array,
  right: Uint32Array,
  compare: (a: number, b: number) => number,
): Uint32Array {
  const merged = new Uint32Array(left.length + right.length)
  let l = 0
  let r = 0
  let out = 0
  while (l < left.length && r < right.length) {
    const a = left[l] ?? 0
    const b = right[r] ?? 0
    if (compare(a, b) <= 0) {
      merged[out++] = a
      l++
    } else {
      merged[out++] = b
      r++
    }
  }
  merged.set(left.subarray(l), out)
  merged.set(right.subarray(r), out + left.length - l)
  return merged
}

/**
 * The file list prepared for fast queries: per-record keys in flat columns, and one ascending order per
 * sort key, made the first time that key is used. A query is one pass over a precomputed order, so
 * neither a keystroke nor a sort toggle ever sorts.
 */
export class MediaIndex {
  readonly haystacks: string[]
  readonly titleKeys: string[]
  readonly categories: FileCategory[]
  readonly folders: string[]
  readonly created: Float64Array
  private readonly orders = new Map<SortKey, Uint32Array>()

  /**
   * `previous` is the index of an earlier version of the list. When the list only grew at the end (the
   * next page arriving), its work is kept: the new records are sorted alone and merged in.
   */
  constructor(
    readonly records: readonly MediaRecord[],
    previous?: MediaIndex,
  ) {
    const keys = records.map(keysOf)
    this.haystacks = keys.map((each) => each.haystack)
    this.titleKeys = keys.map((each) => each.titleKey)
    this.categories = keys.map((each) => each.category)
    this.folders = keys.map((each) => each.folder)
    this.created = Float64Array.from(keys, (each) => each.created)
    if (previous !== undefined && previous.isPrefixOf(records)) {
      const known = previous.records.length
      const title = previous.orders.get('title')
      if (title !== undefined) {
        const compare = this.titleCompare()
        this.orders.set('title', merge(title, identity(known, records.length).sort(compare), compare))
      }
    }
  }

  private isPrefixOf(records: readonly MediaRecord[]): boolean {
    if (this.records.length === 0 || this.records.length > records.length) return false
    return this.records.every((record, i) => records[i] === record)
  }

  /** Positions of the records in ascending `key` order; ties fall back to title, then list order. */
  order(key: SortKey): Uint32Array {
    let order = this.orders.get(key)
    if (order === undefined) {
      order = key === 'title' ? identity(0, this.records.length).sort(this.titleCompare()) : this.orderBy(key)
      this.orders.set(key, order)
    }
    return order
  }

  private titleCompare(): (a: number, b: number) => number {
    const titles = this.titleKeys
    return (a, b) => {
      const left = titles[a] ?? ''
      const right = titles[b] ?? ''
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
      const types = this.records.map((record) => record.file_type)
      return identity(0, types.length).sort((a, b) => {
        const left = types[a] ?? ''
        const right = types[b] ?? ''
        return left === right ? byRank(a, b) : left < right ? -1 : 1
      })
    }
    // An unreadable date sorts first, as the oldest.
    const values =
      key === 'size'
        ? Float64Array.from(this.records, (record) => record.file_size)
        : this.created.map((time) => (Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time))
    return identity(0, values.length).sort((a, b) => {
      const difference = (values[a] ?? 0) - (values[b] ?? 0)
      return difference === 0 || Number.isNaN(difference) ? byRank(a, b) : difference
    })
  }
}

/** Positions of the records that pass `filters`, in `sort` order: one pass over a precomputed order. */
export function queryIndex(index: MediaIndex, filters: Filters, sort: Sort): Uint32Array {
  const order = index.order(sort.key)
  const count = order.length
  const query = filters.query.trim().toLowerCase()
  const folder = filters.folder === null ? null : normaliseFolderPath(filters.folder)
  const { category, type } = filters
  const from = startOfDay(filters.from)
  const to = endOfDay(filters.to)
  const { haystacks, folders, categories, created, records } = index
  const ascending = sort.direction === 'asc'
  const matches = new Uint32Array(count)
  let found = 0
  for (let step = 0; step < count; step++) {
    const position = order[ascending ? step : count - 1 - step] ?? 0
    if (folder !== null && folders[position] !== folder) continue
    if (category !== 'all' && categories[position] !== category) continue
    if (type !== null && records[position]?.file_type !== type) continue
    const time = created[position] ?? Number.NaN
    if (from !== null && !(time >= from)) continue
    if (to !== null && !(time <= to)) continue
    if (query !== '' && !(haystacks[position] ?? '').includes(query)) continue
    matches[found++] = position
  }
  return matches.subarray(0, found)
}

/** Every distinct `file_type`, for the type filter. */
export function fileTypesOf(records: readonly MediaRecord[]): string[] {
  return [...new Set(records.map((record) => record.file_type))].sort()
}

/** Spec section 2: with no folders loaded, the folder selector offers the folder paths found on files. */
export function folderPathsOf(records: readonly MediaRecord[]): string[] {
  const paths = new Set(records.map((record) => normaliseFolderPath(record.folder_path)))
  paths.delete(ROOT_PATH)
  return [...paths].sort()
}
