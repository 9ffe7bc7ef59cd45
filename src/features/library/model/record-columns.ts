import type { MediaRecord } from '../../../contract/record'
import { labelKey } from '../../../contract/labels'
import { categoryOf, type FileCategory } from './categories'
import { normaliseFolderPath } from './filters'
import { typeSortKey } from './type-options'
import { sameList } from '../../../contract/shared-values'

/** Title, description, author and tags, lower-cased and joined by newlines (a query never holds one). */
export const searchTextOf = (record: MediaRecord): string =>
  [record.title, record.description, record.author, ...record.tags].join('\n').toLowerCase()
/** Milliseconds; NaN for an unreadable date, which no date range includes. */
const createdOf = (record: MediaRecord) => Date.parse(record.created_at)
const categoryOfRecord = (record: MediaRecord) => categoryOf(record.category)

/**
 * `derive` worked out once for each distinct value: a library holds few types, folders, authors and
 * tag lists, each on many files. At a million files (Node), the first tag filter took 1.0 s and 100 MB
 * with keys made a file, 0.4 s and 12 MB made a value; the first author filter 0.56 s and 35 MB, 0.18 s
 * and 10 MB.
 */
function byValue<V>(derive: (value: string) => V): (value: string) => V {
  const made = new Map<string, V>()
  return (value) => {
    let result = made.get(value)
    if (result === undefined) {
      result = derive(value)
      made.set(value, result)
    }
    return result
  }
}

/** What the Type sort orders by (typeSortKey). */
function typeKeyOf(): (record: MediaRecord) => string {
  const key = byValue(typeSortKey)
  return (record) => key(record.file_type)
}

function folderOf(): (record: MediaRecord) => string {
  const folder = byValue(normaliseFolderPath)
  return (record) => folder(record.folder_path)
}

/** Tags as the tag filter compares them: one list of keys for every file with the same tags. */
function tagKeysOf(): (record: MediaRecord) => readonly string[] {
  const key = byValue(labelKey)
  const lists = new Map<string, { tags: readonly string[]; keys: readonly string[] }>()
  return ({ tags }) => {
    const joined = tags.join('\u0000')
    const known = lists.get(joined)
    if (known !== undefined && sameList(known.tags, tags)) return known.keys
    const keys = tags.map(key)
    lists.set(joined, { tags, keys })
    return keys
  }
}

/** The author as the author filter compares it. */
function authorKeyOf(): (record: MediaRecord) => string {
  const key = byValue(labelKey)
  return (record) => key(record.author)
}

/** Records derived per step of an idle fill: well under a millisecond of work. */
const FILL_STEP = 256

/** What a column keeps of the one it replaces: the values it had made, and for which records. */
interface Earlier<T> {
  records: readonly MediaRecord[]
  values: readonly T[]
}

/**
 * One derived value per record, in list order, made on first use. `fill` makes it ahead of use, a step
 * at a time, for as long as the caller has time. A record that was in the previous version of the list
 * keeps the value made for it there, so an edit derives one record again and the next page only its
 * own records. (A WeakMap per record did the same but cost more than deriving, at 100,000 records.)
 */
export class Column<T> {
  private values: T[] = []
  /** Where the record now at `values.length` sat in the earlier list, minus `values.length`. */
  private shift = 0

  constructor(
    private readonly records: readonly MediaRecord[],
    private readonly derive: (record: MediaRecord) => T,
    private earlier: Earlier<T> | null,
  ) {}

  /** What the next version of this column may reuse. */
  get made(): Earlier<T> {
    return { records: this.records, values: this.values }
  }

  /**
   * The column of `records`, which `edit` made of this column's records. A column made whole gives its
   * values over (this one is not read again): the unchanged records keep theirs and only the changed and
   * new ones are derived. One not made whole yet is made as a next version is (`made`).
   */
  edited(records: readonly MediaRecord[], edit: RecordEdit): Column<T> {
    if (!this.whole) return new Column(records, this.derive, this.made)
    const next = new Column(records, this.derive, null)
    next.values = spliced(this.values, edit, records.length, (position) =>
      this.derive(records[position] as MediaRecord),
    )
    return next
  }

  /** Whether every record has its value. */
  get whole(): boolean {
    return this.values.length === this.records.length
  }

  all(): readonly T[] {
    this.fill(() => true)
    return this.values
  }

  /** Derives values while `more()` allows; true once every record has its value. */
  fill(more: () => boolean): boolean {
    const { values, records } = this
    while (values.length < records.length) {
      const stop = Math.min(records.length, values.length + FILL_STEP)
      for (let i = values.length; i < stop; i++) values.push(this.valueFor(i, records[i] as MediaRecord))
      if (!more()) break
    }
    if (values.length < records.length) return false
    this.earlier = null
    return true
  }

  private valueFor(place: number, record: MediaRecord): T {
    const earlier = this.earlier
    if (earlier !== null) {
      let at = place + this.shift
      // One record fewer before this one (a delete): follow the earlier list one further along.
      if (earlier.records[at] !== record && earlier.records[at + 1] === record) at = place + ++this.shift
      if (earlier.records[at] === record && at < earlier.values.length) return earlier.values[at] as T
    }
    return this.derive(record)
  }
}

/**
 * How a list of records became the next: `removed` are the places in the earlier list (ascending) of
 * the records that left it or changed, `added` the places in the new list (ascending) of the records
 * new to it or changed. Every other record is the same object in both, in the same order.
 */
export interface RecordEdit {
  removed: readonly number[]
  added: readonly number[]
}

/**
 * How `before` became `after`, one pass comparing the records by identity and id (a list is in id
 * order; a record out of it only makes the edit larger). Null when more than `most` records left or
 * arrived: a list rebuilt is then cheaper.
 */
export function recordEdit(
  before: readonly MediaRecord[],
  after: readonly MediaRecord[],
  most: number,
): RecordEdit | null {
  const removed: number[] = []
  const added: number[] = []
  let i = 0
  let j = 0
  while (i < before.length && j < after.length) {
    const earlier = before[i] as MediaRecord
    const later = after[j] as MediaRecord
    if (earlier === later) {
      i++
      j++
      continue
    }
    if (earlier.id === later.id) {
      removed.push(i++)
      added.push(j++)
    } else if (earlier.id < later.id) removed.push(i++)
    else added.push(j++)
    if (removed.length > most || added.length > most) return null
  }
  while (i < before.length) removed.push(i++)
  while (j < after.length) added.push(j++)
  return removed.length > most || added.length > most ? null : { removed, added }
}

/** Whether every changed record kept its place and none left or arrived: no other record moved. */
export function inPlace({ removed, added }: RecordEdit): boolean {
  return removed.length === added.length && removed.every((place, i) => added[i] === place)
}

/** Where each record of the earlier list sits in the new one; -1 for one that left or changed. */
export function newPlaces(count: number, { removed, added }: RecordEdit): Int32Array {
  const places = new Int32Array(count)
  let r = 0
  let a = 0
  let place = 0
  for (let i = 0; i < count; i++) {
    if (r < removed.length && removed[r] === i) {
      places[i] = -1
      r++
      continue
    }
    while (a < added.length && added[a] === place) {
      a++
      place++
    }
    places[i] = place++
  }
  return places
}

/** Edits at most this many changed places by splicing; more, by one pass copying the rest. */
const FEW_SPLICES = 32

/** `values` with `edit` made: the values of the records that left dropped, the added ones derived. */
function spliced<T>(values: T[], edit: RecordEdit, count: number, valueAt: (place: number) => T): T[] {
  const { removed, added } = edit
  if (inPlace(edit)) {
    for (const place of added) values[place] = valueAt(place)
    return values
  }
  if (removed.length + added.length <= FEW_SPLICES) {
    for (let r = removed.length - 1; r >= 0; r--) values.splice(removed[r] ?? 0, 1)
    for (const place of added) values.splice(place, 0, valueAt(place))
    return values
  }
  const out: T[] = []
  let r = 0
  let a = 0
  let i = 0
  for (let place = 0; place < count; place++) {
    if (a < added.length && added[a] === place) {
      out.push(valueAt(place))
      a++
      continue
    }
    while (r < removed.length && removed[r] === i) {
      r++
      i++
    }
    out.push(values[i++] as T)
  }
  return out
}

/**
 * Every column filtering and sorting read. The search texts are not one: the joined search text
 * (search-text.ts) holds them, made from the records; nor are the title keys, which the title order is
 * made with (MediaIndex).
 */
export interface RecordColumns {
  /** What the Type sort orders by (typeSortKey). */
  typeKeys: Column<string>
  categories: Column<FileCategory>
  folders: Column<string>
  created: Column<number>
  tagKeys: Column<readonly string[]>
  authorKeys: Column<string>
}

/** The columns of `records` after `edit` of those of the list before (Column.edited). */
export function editedColumns(
  columns: RecordColumns,
  records: readonly MediaRecord[],
  edit: RecordEdit,
): RecordColumns {
  return {
    typeKeys: columns.typeKeys.edited(records, edit),
    categories: columns.categories.edited(records, edit),
    folders: columns.folders.edited(records, edit),
    created: columns.created.edited(records, edit),
    tagKeys: columns.tagKeys.edited(records, edit),
    authorKeys: columns.authorKeys.edited(records, edit),
  }
}

/** The columns of `records`, none made yet; `previous` are those of the list before. */
export function recordColumns(records: readonly MediaRecord[], previous?: RecordColumns): RecordColumns {
  return {
    typeKeys: new Column(records, typeKeyOf(), previous?.typeKeys.made ?? null),
    categories: new Column(records, categoryOfRecord, previous?.categories.made ?? null),
    folders: new Column(records, folderOf(), previous?.folders.made ?? null),
    created: new Column(records, createdOf, previous?.created.made ?? null),
    tagKeys: new Column(records, tagKeysOf(), previous?.tagKeys.made ?? null),
    authorKeys: new Column(records, authorKeyOf(), previous?.authorKeys.made ?? null),
  }
}
