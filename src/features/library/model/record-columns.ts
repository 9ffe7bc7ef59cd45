import type { MediaRecord } from '../../../contract/record'
import { labelKey } from '../../../contract/labels'
import { categoryOf, type FileCategory } from './categories'
import { normaliseFolderPath } from './filters'
import { titleSortKey } from './title-key'
import { typeSortKey } from './type-options'

/** Title, description, author and tags, lower-cased and joined by newlines (a query never holds one). */
const haystackOf = (record: MediaRecord) =>
  [record.title, record.description, record.author, ...record.tags].join('\n').toLowerCase()
const titleKeyOf = (record: MediaRecord) => titleSortKey(record.title)
/** Milliseconds; NaN for an unreadable date, which no date range includes. */
const createdOf = (record: MediaRecord) => Date.parse(record.created_at)
const categoryOfRecord = (record: MediaRecord) => categoryOf(record.category)
const folderOf = (record: MediaRecord) => normaliseFolderPath(record.folder_path)
/** Tags and author as the tag and author filters compare them. */
const tagKeysOf = (record: MediaRecord): readonly string[] => record.tags.map(labelKey)
const authorKeyOf = (record: MediaRecord) => labelKey(record.author)

/** The Type sort's key per record; a list holds few distinct types, so each is worked out once. */
function typeKeyOf(): (record: MediaRecord) => string {
  const keys = new Map<string, string>()
  return (record) => {
    let key = keys.get(record.file_type)
    if (key === undefined) {
      key = typeSortKey(record.file_type)
      keys.set(record.file_type, key)
    }
    return key
  }
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
  private readonly values: T[] = []
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

/** Every column filtering and sorting read. */
export interface RecordColumns {
  haystacks: Column<string>
  titleKeys: Column<string>
  /** What the Type sort orders by (typeSortKey). */
  typeKeys: Column<string>
  categories: Column<FileCategory>
  folders: Column<string>
  created: Column<number>
  tagKeys: Column<readonly string[]>
  authorKeys: Column<string>
}

/** The columns of `records`, none made yet; `previous` are those of the list before. */
export function recordColumns(records: readonly MediaRecord[], previous?: RecordColumns): RecordColumns {
  return {
    haystacks: new Column(records, haystackOf, previous?.haystacks.made ?? null),
    titleKeys: new Column(records, titleKeyOf, previous?.titleKeys.made ?? null),
    typeKeys: new Column(records, typeKeyOf(), previous?.typeKeys.made ?? null),
    categories: new Column(records, categoryOfRecord, previous?.categories.made ?? null),
    folders: new Column(records, folderOf, previous?.folders.made ?? null),
    created: new Column(records, createdOf, previous?.created.made ?? null),
    tagKeys: new Column(records, tagKeysOf, previous?.tagKeys.made ?? null),
    authorKeys: new Column(records, authorKeyOf, previous?.authorKeys.made ?? null),
  }
}
