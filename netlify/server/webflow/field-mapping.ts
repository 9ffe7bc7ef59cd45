import type { MediaRecord } from '../../../src/contract/record'
import {
  WEBFLOW_SPEC_FIELD_LABELS,
  WEBFLOW_SPEC_FIELDS,
  type WebflowCollectionField,
  type WebflowFieldMapping,
  type WebflowPicture,
  type WebflowSpecField,
  type WebflowWriteAs,
} from '../../../src/contract/webflow'
import type { CollectionField, CollectionSchema } from './collection-schema'
import { BUILT_IN_SLUGS, NO_FIELD_MAP, type FieldMap } from './webflow-config'

/**
 * Maps the spec's fields (section 3) onto the collection the site owner built. Each spec field goes to
 * one collection field (`resolveTargets`): the one `WEBFLOW_FIELD_MAP` names, else the field of the same
 * slug, else, for the media only, the first Image field, else the first File field. It is written the
 * way that field's type takes values (Webflow's field types and item values), keyed by its slug. When
 * the media goes to a field that is not an Image field (a Link named `media-url`, say), the first free
 * Image field gets an image file's picture besides (decision 0069). Fields the collection lacks are
 * skipped; types the app cannot fill are left empty. Both are said once, by the connection test, not on
 * every record.
 */

const WRITE_AS: Record<string, WebflowWriteAs> = {
  PlainText: 'text',
  RichText: 'text',
  Number: 'number',
  DateTime: 'date',
  Link: 'link',
  VideoLink: 'link',
  Option: 'option',
  Image: 'asset',
  File: 'asset',
  Switch: 'switch',
}

type Plan = { writeAs: WebflowWriteAs; message?: string } | { unsupported: string }

function planFor(field: WebflowSpecField, collectionField: CollectionField): Plan {
  const { type } = collectionField
  if (type === 'Reference' || type === 'MultiReference') {
    return { unsupported: `Left empty: a ${type} field points at items of another collection` }
  }
  const writeAs = WRITE_AS[type]
  if (!writeAs) return { unsupported: `Left empty: the app cannot fill a ${type} field` }
  if (writeAs === 'asset' && field !== 'media-url') {
    return { unsupported: `Left empty: only the media field carries a file` }
  }
  if (writeAs === 'option') {
    const names = collectionField.options.map((option) => option.name).join(', ')
    return { writeAs, message: `Written as the option of the same name (options: ${names || 'none'})` }
  }
  return { writeAs }
}

function describe(field: CollectionField): WebflowCollectionField {
  return { slug: field.slug, display_name: field.displayName, type: field.type, required: field.isRequired }
}

/** How a spec field's collection field was found. */
export type ChosenBy = NonNullable<WebflowFieldMapping['chosen_by']>

/** The collection field a spec field goes to, and how it was found; null when the collection lacks one. */
export type FieldTarget = { collectionField: CollectionField; chosenBy: ChosenBy } | null

export interface Targets {
  targets: Record<WebflowSpecField, FieldTarget>
  /**
   * The Image field an image file's picture goes to besides the media's own target, when that is not
   * an Image field (a Link named `media-url`, say): the first Image field no spec field takes. Null when
   * the media goes to an Image field itself, or no Image field is free.
   */
  picture: CollectionField | null
  /** What of `WEBFLOW_FIELD_MAP` is ignored, in words: the setting's own problems, then missing slugs. */
  problems: string[]
}

/**
 * Where each spec field goes in this collection: (1) the slug `WEBFLOW_FIELD_MAP` names, else (2) the
 * field of the spec field's own slug, else (3) for `media-url` only, the first Image field, else the
 * first File field, in the collection's order; then the picture's Image field, among those left. A
 * field already taken is never chosen again, so no two values write one field. The plan, the item's
 * `fieldData` and the sync's need of the asset's URL all come from here.
 */
export function resolveTargets(schema: CollectionSchema, fieldMap: FieldMap = NO_FIELD_MAP): Targets {
  const bySlug = new Map(schema.fields.map((field) => [field.slug, field]))
  const problems = [...fieldMap.problems]
  const targets = Object.fromEntries(WEBFLOW_SPEC_FIELDS.map((field) => [field, null])) as Record<
    WebflowSpecField,
    FieldTarget
  >
  const taken = new Set<string>(BUILT_IN_SLUGS)
  for (const field of WEBFLOW_SPEC_FIELDS) {
    const slug = fieldMap.targets[field]
    if (slug === undefined) continue
    const collectionField = bySlug.get(slug)
    if (!collectionField) {
      problems.push(`the collection has no field "${slug}" (named for ${field})`)
      continue
    }
    targets[field] = { collectionField, chosenBy: 'setting' }
    taken.add(slug)
  }
  for (const field of WEBFLOW_SPEC_FIELDS) {
    const collectionField = bySlug.get(field)
    if (targets[field] || !collectionField || taken.has(field)) continue
    targets[field] = { collectionField, chosenBy: 'slug' }
    taken.add(field)
  }
  if (!targets['media-url']) {
    const free = schema.fields.filter((field) => !taken.has(field.slug))
    const image = free.find((field) => field.type === 'Image')
    const file = free.find((field) => field.type === 'File')
    if (image) targets['media-url'] = { collectionField: image, chosenBy: 'first-image' }
    else if (file) targets['media-url'] = { collectionField: file, chosenBy: 'first-file' }
  }
  const media = targets['media-url']?.collectionField
  const picture =
    media?.type === 'Image'
      ? null
      : (schema.fields.find((field) => field.type === 'Image' && !taken.has(field.slug)) ?? null)
  return { targets, picture, problems }
}

/** Whether an item of this collection may carry the record's asset, so the sync needs its public URL. */
export function takesAsset({ targets, picture }: Pick<Targets, 'targets' | 'picture'>): boolean {
  const type = targets['media-url']?.collectionField.type
  return picture !== null || type === 'Image' || type === 'File'
}

/** The connection test's warning for what of `WEBFLOW_FIELD_MAP` is ignored; undefined when nothing is. */
export function fieldMapWarning(problems: readonly string[]): string | undefined {
  if (problems.length === 0) return undefined
  return `WEBFLOW_FIELD_MAP is partly ignored: ${problems.join('; ')}`
}

/** How a target was found, in words; nothing for the field of the spec field's own slug. */
function chosenText(field: WebflowSpecField, target: NonNullable<FieldTarget>): string | undefined {
  const slug = target.collectionField.slug
  switch (target.chosenBy) {
    case 'setting':
      return `Written to "${slug}", as WEBFLOW_FIELD_MAP says`
    case 'first-image':
      return `Written to the first Image field, "${slug}" (no field is named ${field})`
    case 'first-file':
      return `Written to the first File field, "${slug}" (no field is named ${field}, and none is an Image field)`
    case 'slug':
      return undefined
  }
}

/** Why a spec field has no target. */
function missingText(field: WebflowSpecField, schema: CollectionSchema, fieldMap: FieldMap): string {
  const own = schema.fields.some((candidate) => candidate.slug === field)
  if (own) {
    const holder = WEBFLOW_SPEC_FIELDS.find((other) => fieldMap.targets[other] === field)
    return `Skipped: the collection field "${field}" takes ${holder ?? 'another field'}, as WEBFLOW_FIELD_MAP says`
  }
  if (field !== 'media-url') return `Skipped: the collection has no field "${field}"`
  return schema.fields.some((candidate) => candidate.type === 'Image' || candidate.type === 'File')
    ? `Skipped: the collection has no field "${field}", and its Image and File fields take other fields, as WEBFLOW_FIELD_MAP says`
    : `Skipped: the collection has no field "${field}", nor an Image or File field`
}

export interface FieldPlan {
  mapping: WebflowFieldMapping[]
  /** The Image field an image file's picture goes to, and which field gets what of the file, in words. */
  picture: WebflowPicture
  /** The spec fields the collection lacks. */
  skipped: WebflowSpecField[]
  /** Required fields of the collection the app leaves empty: Webflow refuses every item without them. */
  unmappedRequired: WebflowCollectionField[]
  /** What of `WEBFLOW_FIELD_MAP` is ignored, in words. */
  fieldMapProblems: string[]
}

/** Where each spec field goes in this collection, how that field was found, or why it goes nowhere. */
export function planFields(schema: CollectionSchema, fieldMap: FieldMap = NO_FIELD_MAP): FieldPlan {
  const { targets, picture, problems } = resolveTargets(schema, fieldMap)
  const mapping = WEBFLOW_SPEC_FIELDS.map((field): WebflowFieldMapping => {
    const target = targets[field]
    if (!target) {
      return {
        field,
        status: 'missing',
        collection_field: null,
        write_as: null,
        message: missingText(field, schema, fieldMap),
      }
    }
    const { collectionField, chosenBy } = target
    const chosen = chosenText(field, target)
    const plan = planFor(field, collectionField)
    if ('unsupported' in plan) {
      return {
        field,
        status: 'unsupported',
        collection_field: describe(collectionField),
        write_as: null,
        chosen_by: chosenBy,
        message:
          chosenBy === 'setting'
            ? `${plan.unsupported} ("${collectionField.slug}" is named by WEBFLOW_FIELD_MAP)`
            : plan.unsupported,
      }
    }
    const message = [chosen, plan.message].filter(Boolean).join('. ')
    return {
      field,
      status: 'mapped',
      collection_field: describe(collectionField),
      write_as: plan.writeAs,
      chosen_by: chosenBy,
      ...(message ? { message } : {}),
    }
  })
  const filled = new Set(
    mapping.flatMap((entry) =>
      entry.status === 'mapped' && entry.collection_field ? [entry.collection_field.slug] : [],
    ),
  )
  if (picture) filled.add(picture.slug)
  return {
    mapping,
    picture: pictureOf(
      mapping.find((entry) => entry.field === 'media-url'),
      picture,
    ),
    skipped: mapping
      .filter((entry) => entry.status === 'missing')
      .map((entry) => entry.field as WebflowSpecField),
    unmappedRequired: schema.fields
      .filter((field) => field.isRequired && !BUILT_IN_SLUGS.has(field.slug) && !filled.has(field.slug))
      .map(describe),
    fieldMapProblems: problems,
  }
}

/**
 * The Image field that gets an image file's picture (the media's own target, or the extra one), and
 * what each field gets in words, e.g. 'Image field "Photo" gets the picture; Link field "Media URL"
 * gets the file URL'.
 */
function pictureOf(media: WebflowFieldMapping | undefined, extra: CollectionField | null): WebflowPicture {
  const mediaField = media?.status === 'mapped' ? media.collection_field : null
  const field = mediaField?.type === 'Image' ? mediaField : extra && describe(extra)
  const message = [
    field ? `Image field "${field.display_name}" gets the picture` : 'No Image field gets the picture',
    media ? fileText(media) : 'no field gets the file URL',
  ].join('; ')
  return { collection_field: field, message }
}

/** What the media's own field gets of a file: the file (a File field), its URL, or nothing. */
function fileText(media: WebflowFieldMapping): string {
  const field = media.status === 'mapped' ? media.collection_field : null
  if (!field || field.type === 'Image') return 'no field gets the file URL'
  const named = `${field.type} field "${field.display_name}"`
  if (media.write_as === 'asset') return `${named} gets the file`
  if (media.write_as === 'link' || media.write_as === 'text') return `${named} gets the file URL`
  return 'no field gets the file URL'
}

/** What an item is made of: the record, the URL the public site can open, and its asset, if any. */
export interface ItemSource {
  record: MediaRecord
  mediaUrl: string
  /** The record's asset on Webflow, with the URL Webflow serves it at. */
  asset: { fileId: string; url: string } | null
}

export interface MappedFields {
  /** `name` and every mapped field that has a value; `slug` is added by the caller. */
  fieldData: Record<string, unknown>
  /** Per-record notes: values the collection cannot take (the item is written without them). */
  notes: string[]
}

/** The item's `fieldData` for this collection, keyed by each target's slug. */
export function mapFieldData(
  schema: CollectionSchema,
  source: ItemSource,
  fieldMap: FieldMap = NO_FIELD_MAP,
): MappedFields {
  const { record } = source
  const values: Record<WebflowSpecField, string | number> = {
    'media-url': source.mediaUrl,
    description: record.description,
    category: record.category,
    'file-type': record.file_type,
    'file-size': record.file_size,
    tags: record.tags.join(', '),
    author: record.author,
    'upload-date': record.created_at,
  }
  const fieldData: Record<string, unknown> = { name: record.title }
  const notes: string[] = []
  const { targets, picture } = resolveTargets(schema, fieldMap)
  for (const field of WEBFLOW_SPEC_FIELDS) {
    const collectionField = targets[field]?.collectionField
    if (!collectionField) continue
    const plan = planFor(field, collectionField)
    if ('unsupported' in plan) continue
    const written =
      field === 'media-url' && plan.writeAs === 'asset'
        ? mediaValue(source, collectionField)
        : valueFor(field, values[field], plan.writeAs, collectionField)
    if ('note' in written) notes.push(written.note)
    if ('value' in written) fieldData[collectionField.slug] = written.value
  }
  // Only an image has a picture; any other file leaves the picture's field empty, without a note: its
  // URL went to the media's own field.
  if (picture && isImage(record)) {
    const written = mediaValue(source, picture)
    if ('value' in written) fieldData[picture.slug] = written.value
  }
  return { fieldData, notes }
}

function isImage(record: MediaRecord): boolean {
  return record.file_type.startsWith('image/')
}

type Written = { value: unknown } | { note: string } | Record<string, never>

function valueFor(
  field: WebflowSpecField,
  value: string | number,
  writeAs: WebflowWriteAs,
  collectionField: CollectionField,
): Written {
  const label = WEBFLOW_SPEC_FIELD_LABELS[field]
  const target = `the collection field "${collectionField.slug}"`
  switch (writeAs) {
    case 'text':
      return collectionField.type === 'RichText'
        ? { value: value === '' ? '' : `<p>${escapeHtml(String(value))}</p>` }
        : { value: String(value) }
    case 'number': {
      if (typeof value === 'number') return { value }
      const number = value.trim() === '' ? Number.NaN : Number(value)
      if (Number.isFinite(number)) return { value: number }
      return value === '' ? {} : { note: `${label} "${value}" is not a number, as ${target} needs` }
    }
    case 'date': {
      const time = typeof value === 'number' ? value : Date.parse(value)
      if (!Number.isNaN(time)) return { value: new Date(time).toISOString() }
      return value === '' ? {} : { note: `${label} "${String(value)}" is not a date, as ${target} needs` }
    }
    case 'link':
      if (value === '') return {}
      return isWebUrl(String(value))
        ? { value: String(value) }
        : { note: `${label} "${String(value)}" is not a web address, as ${target} needs` }
    case 'option': {
      const name = String(value).trim()
      if (name === '') return {}
      const option = collectionField.options.find(
        (candidate) => candidate.name.trim().toLowerCase() === name.toLowerCase(),
      )
      if (option) return { value: option.id }
      const names = collectionField.options.map((candidate) => candidate.name).join(', ')
      return {
        note: `${label} "${name}" is not an option of ${target} (options: ${names || 'none'})`,
      }
    }
    case 'switch':
      return { value: typeof value === 'number' ? value !== 0 : value.trim() !== '' }
    case 'asset':
      return {}
  }
}

/**
 * An Image or File field: the uploaded asset, or Webflow imports the public URL itself; its alt is the
 * record's alt text, else its title.
 */
function mediaValue(source: ItemSource, collectionField: CollectionField): Written {
  const alt = source.record.alt_text || source.record.title
  if (collectionField.type === 'Image' && !isImage(source.record)) {
    return {
      note: `Media not written: the collection field "${collectionField.slug}" is an Image field and the file is not an image`,
    }
  }
  if (source.asset) return { value: { fileId: source.asset.fileId, url: source.asset.url, alt } }
  if (isWebUrl(source.mediaUrl)) return { value: { url: source.mediaUrl, alt } }
  return {}
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
