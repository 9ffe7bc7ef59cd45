/**
 * How the kept library lies on disk (decisions 0052, 0077): its layout, its files, its manifest and how a
 * row is read. Read by the worker's kept library, and by the page itself for its first rows
 * (readKeptFirstRows).
 */
import type { MediaRecord } from '../../../../contract/record'
import { KEPT_LAYOUT_VERSION, KEPT_MANIFEST, KEPT_ROW_STARTS, KEPT_ROWS } from '../../../../lib/storage-names'
import type { KeptFiles, KeptReader } from './kept-files'
import { publicIdInUrl, SharedValues } from '../../../../contract/shared-values'

/**
 * The page schema's own digest: the first 8 hex digits of `textDigest` (listing/text-digest.ts) of
 * `mediaPagesAnswerSchema` as JSON Schema. Written here rather than computed so that the worker loads
 * no zod to open the store (decision 0042); tests/src/contract/page-schema-digest.test.ts holds it to the
 * schema, so a change of the schema must change it.
 */
export const PAGE_SCHEMA_DIGEST = 'b9aa24fe'

/**
 * The layout of the kept library. A manifest naming another is not read: the store is dropped and
 * written again from the pages. It folds in the page schema's digest, so a build whose records differ
 * never reads rows another build wrote.
 */
export const KEPT_LAYOUT = `${String(KEPT_LAYOUT_VERSION)}-${PAGE_SCHEMA_DIGEST}`
export const IDS = 'ids'
/** Ends each row, so that a run of rows reads as one JSON array (JSON.stringify writes no raw newline). */
export const ROW_END = 10

export const decoder = new TextDecoder()

/**
 * `manifest.json`: the generation to read and what reading it needs. The rows are in the title order
 * (ascending, ties in list order, as MediaIndex sorts), so the first screen of the default sort is one
 * read; each row is a JSON array of its shape's number then the values of that shape's keys, and a
 * newline.
 */
export interface Manifest {
  layout: string
  generation: string
  count: number
  /** The key lists rows are written in (records without an optional field have a shape of their own). */
  shapes: string[][]
  /** The rows file's length, as written. */
  bytes: number
  /**
   * The ETag each page of the listing (`src/contract/media-pages.ts`) was sent under, for pages 0 to
   * `etags.length - 1`: a reload asks what changed since them (decisions 0077, 0083).
   */
  etags: string[]
}

export function isManifest(value: unknown): value is Manifest {
  if (typeof value !== 'object' || value === null) return false
  const manifest = value as Partial<Manifest>
  return (
    typeof manifest.layout === 'string' &&
    typeof manifest.generation === 'string' &&
    /^g[0-9a-z]+$/.test(manifest.generation) &&
    Number.isSafeInteger(manifest.count) &&
    (manifest.count ?? -1) >= 0 &&
    Number.isSafeInteger(manifest.bytes) &&
    Array.isArray(manifest.etags) &&
    manifest.etags.every((etag) => typeof etag === 'string') &&
    Array.isArray(manifest.shapes) &&
    manifest.shapes.every((shape) => Array.isArray(shape) && shape.every((key) => typeof key === 'string'))
  )
}

/**
 * Per shape, an object with its keys (each null) for the records of that shape to be copies of. An
 * object given its keys one by one (`record[key] = value`) turns into a dictionary past 16 of them in
 * V8, where a record takes several times the memory (about 1.6 KB against 0.25 KB in Node, of which its
 * values are the same); a copy of one JSON.parse made (`{ ...template }`) has the template's fixed
 * layout from the start, and setting its keys keeps it.
 */
const templates = new WeakMap<readonly string[], Record<string, unknown>>()

function templateOf(keys: readonly string[]): Record<string, unknown> {
  let template = templates.get(keys)
  if (template === undefined) {
    template = JSON.parse(JSON.stringify(Object.fromEntries(keys.map((key) => [key, null])))) as Record<
      string,
      unknown
    >
    templates.set(keys, template)
  }
  return template
}

/**
 * The fields whose values repeat across a library (a few categories, types, people, folders): a run of
 * rows decoded together holds each value once, as the server's pages do (their `strings`), not once a
 * record.
 */
const REPEATED = new Set<string>([
  'category',
  'file_type',
  'author',
  'folder_path',
  'format',
  'resource_type',
  'station',
  'used_on',
] satisfies (keyof MediaRecord)[])

/**
 * The record a row holds: its shape's keys, each with the value after the shape's number. `shared`
 * holds the values met so far in the same run of rows (of the REPEATED fields, and tag lists), each
 * given once.
 */
export function recordOf(
  row: unknown[],
  shapes: readonly string[][],
  shared: SharedValues = new SharedValues(),
): MediaRecord {
  const keys = shapes[row[0] as number]
  if (keys === undefined) throw new Error('A kept row names no shape')
  const record = { ...templateOf(keys) }
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string
    let value = row[i + 1]
    if (typeof value === 'string' && REPEATED.has(key)) value = shared.string(value)
    record[key] = value
  }
  // Most records were never changed since their upload: one string for both dates, as a page gives them.
  if (record.updated_at === record.created_at) record.updated_at = record.created_at
  const kept = record as unknown as MediaRecord
  // The rows are read back as they were written, unchecked: only values of the expected kind are shared.
  if (Array.isArray(kept.tags)) kept.tags = shared.tags(kept.tags)
  if (typeof kept.public_id === 'string' && typeof kept.media_url === 'string')
    kept.public_id = publicIdInUrl(kept.media_url, kept.public_id)
  return kept
}

/** The records of a run of whole rows, each ending with ROW_END; throws when the run is cut short. */
export function recordsOfRows(rows: Uint8Array, shapes: readonly string[][]): MediaRecord[] {
  if (rows.length === 0) return []
  if (rows[rows.length - 1] !== ROW_END) throw new Error('A kept row is cut short')
  // The rows, their newlines made commas, are one JSON array.
  const text = decoder.decode(rows.subarray(0, rows.length - 1)).replaceAll('\n', ',')
  const shared = new SharedValues()
  return (JSON.parse(`[${text}]`) as unknown[][]).map((row) => recordOf(row, shapes, shared))
}

/** The first rows of the kept library and how many pages the listing had when it was kept. */
export interface KeptFirstRows {
  records: MediaRecord[]
  pages: number
}

/**
 * The first `most` rows of the kept library, read by the page itself on a reload (decision 0077): they
 * are the first screen of the default query as last seen (the rows are kept in the title order), there
 * before the worker has started. Two reads of the files' first bytes; null when nothing readable is
 * kept, or the files are in use in a way that refuses the read (the screen then waits for the server's
 * first page or the worker, as before).
 */
export async function readKeptFirstRows(files: KeptFiles, most: number): Promise<KeptFirstRows | null> {
  const readers: KeptReader[] = []
  try {
    const text = await files.read(KEPT_MANIFEST)
    if (text === null) return null
    const manifest: unknown = JSON.parse(decoder.decode(text))
    if (!isManifest(manifest) || manifest.layout !== KEPT_LAYOUT) return null
    const count = Math.min(manifest.count, most)
    const [starts, rows] = await Promise.all([
      files.reader(`${manifest.generation}/${KEPT_ROW_STARTS}`),
      files.reader(`${manifest.generation}/${KEPT_ROWS}`),
    ])
    if (starts !== null) readers.push(starts)
    if (rows !== null) readers.push(rows)
    if (starts === null || rows === null || rows.size !== manifest.bytes) return null
    if (count === 0) return { records: [], pages: manifest.etags.length }
    // Copied out, where a Float64Array may sit: a read's bytes need not be aligned to 8.
    const startBytes = (await starts.read(0, (count + 1) * 8)).slice()
    if (startBytes.length !== (count + 1) * 8) return null
    const end = new Float64Array(startBytes.buffer)[count] ?? 0
    const bytes = await rows.read(0, end)
    if (bytes.length !== end) return null
    return { records: recordsOfRows(bytes, manifest.shapes), pages: manifest.etags.length }
  } catch {
    return null
  } finally {
    for (const reader of readers) reader.close()
  }
}
