import type { ActorSummary } from './actor-summary'
import type { MediaPagesAnswer } from './media-pages-schema'
import type { MediaRecord } from './record'
import { publicIdInUrl, SharedValues } from './shared-values'

/**
 * The encoding of `GET /api/media-pages` (media-pages.ts), both sides' one copy: the server encodes,
 * the screen decodes (in the library's worker, and on the page for a first visit's first page, with
 * the answer's check, apart from the first route).
 *
 * Each field is one column. Strings that repeat (category, type, author, folder, format, tags) are
 * indices into the page's `strings`; fields that are mostly their default (empty, null, absent, or for
 * `updated_at` equal to `created_at`) list only the records that differ; a column with no such record
 * is left out. `decodeMediaPage(encodeMediaPage(...))` gives back every field exactly.
 */

type Sparse<T> = { at: number[]; values: T[] }
type Columns = MediaPagesAnswer['columns']
type DenseColumn = 'id' | 'title' | 'media_url' | 'file_size' | 'created_at' | IndexedColumn
type IndexedColumn = 'category' | 'file_type' | 'author' | 'folder_path' | 'format'

export interface PageLayout {
  from: number
  to: number
  shardCount: number
  /** The rest of the range asked for, when this answer stops short of it. */
  nextShards?: string | null
  /** The records' positions in the default order (`titleOrderOf`): given for an answer from shard 0. */
  titleOrder?: number[]
}

/**
 * An actor (`created_by`, `updated_by`) as one of a page's strings: a JSON array of its type, id and
 * name. A page names few people, so each is written once and the records point at it.
 */
const actorText = (actor: ActorSummary) => JSON.stringify([actor.type, actor.id, actor.name])

function actorOfText(text: string, name: string): ActorSummary {
  const parts: unknown = JSON.parse(text)
  if (!Array.isArray(parts) || parts.length !== 3 || !parts.every((part) => typeof part === 'string'))
    throw new MalformedPageError(`column ${name} points at a string that is no actor`)
  const [type, id, actorName] = parts as [ActorSummary['type'], string, string]
  return { type, id, name: actorName }
}

/** The records of one page, encoded. */
export function encodeMediaPage(records: readonly MediaRecord[], layout: PageLayout): MediaPagesAnswer {
  const strings: string[] = []
  const places = new Map<string, number>()
  const place = (value: string): number => {
    let at = places.get(value)
    if (at === undefined) {
      at = strings.length
      strings.push(value)
      places.set(value, at)
    }
    return at
  }
  const sparseOf = <T>(pick: (record: MediaRecord) => T | undefined): Sparse<T> | undefined => {
    const column: Sparse<T> = { at: [], values: [] }
    records.forEach((record, position) => {
      const value = pick(record)
      if (value === undefined) return
      column.at.push(position)
      column.values.push(value)
    })
    return column.at.length > 0 ? column : undefined
  }
  const text = (value: string) => (value === '' ? undefined : value)
  const nullable = <T>(value: T | null) => (value === null ? undefined : value)
  let previousId = 0
  const columns: Columns = {
    id: records.map(({ id }) => {
      const step = id - previousId
      previousId = id
      return step
    }),
    title: records.map((record) => record.title),
    media_url: records.map((record) => record.media_url),
    file_size: records.map((record) => record.file_size),
    created_at: records.map((record) => record.created_at),
    category: records.map((record) => place(record.category)),
    file_type: records.map((record) => place(record.file_type)),
    author: records.map((record) => place(record.author)),
    folder_path: records.map((record) => place(record.folder_path)),
    format: records.map((record) => (record.format === null ? -1 : place(record.format))),
  }
  const optional: Omit<Columns, DenseColumn> = {
    description: sparseOf((record) => text(record.description)),
    thumbnail: sparseOf((record) => nullable(record.thumbnail)),
    updated_at: sparseOf((record) =>
      record.updated_at === record.created_at ? undefined : record.updated_at,
    ),
    tags: sparseOf((record) => (record.tags.length === 0 ? undefined : record.tags.map(place))),
    notes: sparseOf((record) => text(record.notes)),
    alt_text: sparseOf((record) => text(record.alt_text)),
    station: sparseOf((record) => text(record.station)),
    public_id: sparseOf((record) => nullable(record.public_id)),
    resource_type: sparseOf((record) => nullable(record.resource_type)),
    width: sparseOf((record) => nullable(record.width)),
    height: sparseOf((record) => nullable(record.height)),
    duration: sparseOf((record) => nullable(record.duration)),
    sha256: sparseOf((record) => nullable(record.sha256)),
    deleted_at: sparseOf((record) => record.deleted_at),
    // Days repeat across a page: each is an index into `strings`.
    used_on: sparseOf((record) => (record.used_on === undefined ? undefined : place(record.used_on))),
    shared_until: sparseOf((record) => record.shared_until),
    webflow: sparseOf((record) => record.webflow),
    metadata: sparseOf((record) => record.metadata),
    focal_point: sparseOf((record) => record.focal_point),
    crop: sparseOf((record) => record.crop),
    rotate: sparseOf((record) => record.rotate),
    created_by: sparseOf((record) => (record.created_by ? place(actorText(record.created_by)) : undefined)),
    updated_by: sparseOf((record) => (record.updated_by ? place(actorText(record.updated_by)) : undefined)),
  }
  // Absent, not undefined: a column no record needs takes no bytes at all.
  for (const [name, column] of Object.entries(optional) as [string, object | undefined][]) {
    if (column !== undefined) Object.assign(columns, { [name]: column })
  }
  return {
    shards: { from: layout.from, to: layout.to },
    ...(layout.nextShards == null ? {} : { next_shards: layout.nextShards }),
    shard_count: layout.shardCount,
    count: records.length,
    ...(layout.titleOrder === undefined ? {} : { title_order: layout.titleOrder }),
    strings,
    columns,
  }
}

/** Thrown when a page's columns do not fit together (a length or an index out of place). */
export class MalformedPageError extends Error {
  override name = 'MalformedPageError'
}

/**
 * The records of a page `mediaPagesAnswerSchema` has parsed. Checks what the schema cannot: every column
 * as long as the page, every index inside `strings`, sparse positions inside the page.
 */
export function decodeMediaPage(answer: MediaPagesAnswer): MediaRecord[] {
  const { count: size, strings, columns } = answer
  const dense: readonly DenseColumn[] = ['id', 'title', 'media_url', 'file_size', 'created_at']
  const indexed: readonly IndexedColumn[] = ['category', 'file_type', 'author', 'folder_path', 'format']
  for (const name of [...dense, ...indexed]) {
    if (columns[name].length !== size)
      throw new MalformedPageError(`column ${name} is not ${String(size)} long`)
  }
  const word = (at: number, name: string): string => {
    const value = strings[at]
    if (value === undefined) throw new MalformedPageError(`column ${name} points outside the strings`)
    return value
  }
  const records = new Array<MediaRecord>(size)
  let id = 0
  for (let i = 0; i < size; i++) {
    id += columns.id[i] ?? 0
    if (!Number.isSafeInteger(id) || id < 1) throw new MalformedPageError('column id holds an invalid id')
    const format = columns.format[i] ?? -1
    records[i] = {
      id: id as MediaRecord['id'],
      title: columns.title[i] ?? '',
      description: '',
      category: word(columns.category[i] ?? -1, 'category'),
      file_type: word(columns.file_type[i] ?? -1, 'file_type'),
      media_url: columns.media_url[i] ?? '',
      thumbnail: null,
      file_size: columns.file_size[i] ?? 0,
      created_at: columns.created_at[i] ?? '',
      updated_at: columns.created_at[i] ?? '',
      tags: [],
      notes: '',
      alt_text: '',
      station: '',
      author: word(columns.author[i] ?? -1, 'author'),
      folder_path: word(columns.folder_path[i] ?? -1, 'folder_path'),
      public_id: null,
      resource_type: null,
      format: format === -1 ? null : word(format, 'format'),
      width: null,
      height: null,
      duration: null,
      sha256: null,
    }
  }
  const fill = <T>(
    name: string,
    column: Sparse<T> | undefined,
    set: (record: MediaRecord, value: T) => void,
  ) => {
    if (column === undefined) return
    if (column.at.length !== column.values.length) throw new MalformedPageError(`column ${name} is uneven`)
    column.at.forEach((position, i) => {
      const record = records[position]
      if (record === undefined) throw new MalformedPageError(`column ${name} points outside the page`)
      set(record, column.values[i] as T)
    })
  }
  fill('description', columns.description, (record, value) => (record.description = value))
  fill('thumbnail', columns.thumbnail, (record, value) => (record.thumbnail = value))
  fill('updated_at', columns.updated_at, (record, value) => (record.updated_at = value))
  const shared = new SharedValues()
  fill(
    'tags',
    columns.tags,
    (record, value) => (record.tags = shared.tags(value.map((at) => word(at, 'tags')))),
  )
  fill('notes', columns.notes, (record, value) => (record.notes = value))
  fill('alt_text', columns.alt_text, (record, value) => (record.alt_text = value))
  fill('station', columns.station, (record, value) => (record.station = value))
  fill(
    'public_id',
    columns.public_id,
    (record, value) => (record.public_id = publicIdInUrl(record.media_url, value)),
  )
  fill('resource_type', columns.resource_type, (record, value) => (record.resource_type = value))
  fill('width', columns.width, (record, value) => (record.width = value))
  fill('height', columns.height, (record, value) => (record.height = value))
  fill('duration', columns.duration, (record, value) => (record.duration = value))
  fill('sha256', columns.sha256, (record, value) => (record.sha256 = value))
  fill('deleted_at', columns.deleted_at, (record, value) => (record.deleted_at = value))
  fill('used_on', columns.used_on, (record, value) => (record.used_on = word(value, 'used_on')))
  fill('shared_until', columns.shared_until, (record, value) => (record.shared_until = value))
  fill('webflow', columns.webflow, (record, value) => (record.webflow = value))
  fill('metadata', columns.metadata, (record, value) => (record.metadata = value))
  fill('focal_point', columns.focal_point, (record, value) => (record.focal_point = value))
  fill('crop', columns.crop, (record, value) => (record.crop = value))
  fill('rotate', columns.rotate, (record, value) => (record.rotate = value))
  fill('created_by', columns.created_by, (record, value) => {
    record.created_by = actorOfText(word(value, 'created_by'), 'created_by')
  })
  fill('updated_by', columns.updated_by, (record, value) => {
    record.updated_by = actorOfText(word(value, 'updated_by'), 'updated_by')
  })
  return records
}
