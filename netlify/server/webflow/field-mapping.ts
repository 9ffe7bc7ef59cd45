import type { MediaRecord } from '../../../src/contract/record'
import {
  WEBFLOW_SPEC_FIELD_LABELS,
  WEBFLOW_SPEC_FIELDS,
  type WebflowCollectionField,
  type WebflowFieldMapping,
  type WebflowSpecField,
  type WebflowWriteAs,
} from '../../../src/contract/webflow'
import type { CollectionField, CollectionSchema } from './collection-schema'

/**
 * Maps the spec's fields (section 3) onto the collection the site owner built: each spec field goes to
 * the collection's field of the same slug, written the way its type takes values (Webflow's field
 * types and item values). Fields the collection lacks are skipped; types the app cannot fill are left
 * empty. Both are said once, by the connection test, not on every record.
 */

/** Webflow's own fields, always present and always filled by the mirror. */
const BUILT_IN_SLUGS = new Set(['name', 'slug'])

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

export interface FieldPlan {
  mapping: WebflowFieldMapping[]
  /** The spec fields the collection lacks. */
  skipped: WebflowSpecField[]
  /** Required fields of the collection the app leaves empty: Webflow refuses every item without them. */
  unmappedRequired: WebflowCollectionField[]
}

/** Where each spec field goes in this collection, or why it does not. */
export function planFields(schema: CollectionSchema): FieldPlan {
  const bySlug = new Map(schema.fields.map((field) => [field.slug, field]))
  const mapping = WEBFLOW_SPEC_FIELDS.map((field): WebflowFieldMapping => {
    const collectionField = bySlug.get(field)
    if (!collectionField) {
      return {
        field,
        status: 'missing',
        collection_field: null,
        write_as: null,
        message: `Skipped: the collection has no field "${field}"`,
      }
    }
    const plan = planFor(field, collectionField)
    if ('unsupported' in plan) {
      return {
        field,
        status: 'unsupported',
        collection_field: describe(collectionField),
        write_as: null,
        message: plan.unsupported,
      }
    }
    return {
      field,
      status: 'mapped',
      collection_field: describe(collectionField),
      write_as: plan.writeAs,
      ...(plan.message ? { message: plan.message } : {}),
    }
  })
  const filled = new Set(mapping.filter((entry) => entry.status === 'mapped').map((entry) => entry.field))
  return {
    mapping,
    skipped: mapping
      .filter((entry) => entry.status === 'missing')
      .map((entry) => entry.field as WebflowSpecField),
    unmappedRequired: schema.fields
      .filter((field) => field.isRequired && !BUILT_IN_SLUGS.has(field.slug) && !filled.has(field.slug))
      .map(describe),
  }
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

/** The item's `fieldData` for this collection. */
export function mapFieldData(schema: CollectionSchema, source: ItemSource): MappedFields {
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
  const bySlug = new Map(schema.fields.map((field) => [field.slug, field]))
  for (const field of WEBFLOW_SPEC_FIELDS) {
    const collectionField = bySlug.get(field)
    if (!collectionField) continue
    const plan = planFor(field, collectionField)
    if ('unsupported' in plan) continue
    const written =
      field === 'media-url' && plan.writeAs === 'asset'
        ? mediaValue(source, collectionField)
        : valueFor(field, values[field], plan.writeAs, collectionField)
    if ('note' in written) notes.push(written.note)
    if ('value' in written) fieldData[field] = written.value
  }
  return { fieldData, notes }
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
  if (collectionField.type === 'Image' && !source.record.file_type.startsWith('image/')) {
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
