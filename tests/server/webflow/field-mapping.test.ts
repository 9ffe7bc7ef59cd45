import { describe, expect, it } from 'vitest'

import type { CollectionField, CollectionSchema } from '../../../netlify/server/webflow/collection-schema'
import { mapFieldData, planFields, type ItemSource } from '../../../netlify/server/webflow/field-mapping'
import { publishMode, webflowSetup } from '../../../netlify/server/webflow/webflow-config'
import type { MediaRecord } from '../../../src/contract/record'

function field(slug: string, type: string, extra: Partial<CollectionField> = {}): CollectionField {
  return { slug, displayName: slug, type, isRequired: false, options: [], ...extra }
}

function schema(...fields: CollectionField[]): CollectionSchema {
  return {
    id: 'c1',
    displayName: 'Media',
    slug: 'media',
    fields: [
      field('name', 'PlainText', { isRequired: true }),
      field('slug', 'PlainText', { isRequired: true }),
      ...fields,
    ],
  }
}

const RECORD = {
  id: 7,
  title: 'Harbour',
  description: 'Boats & <lights>',
  category: 'images',
  file_type: 'image/png',
  media_url: 'https://media.example.test/harbour.png',
  file_size: 2048,
  tags: ['sea', 'night'],
  author: 'Ada',
  created_at: '2025-01-31T12:00:00.000Z',
} as unknown as MediaRecord

const source = (overrides: Partial<ItemSource> = {}): ItemSource => ({
  record: RECORD,
  mediaUrl: RECORD.media_url,
  asset: null,
  ...overrides,
})

const OPTIONS = [
  { id: 'opt-images', name: 'Images' },
  { id: 'opt-video', name: 'Video' },
]

describe('planFields', () => {
  it('maps each spec field by the type of the collection field of its slug, and says why not', () => {
    const plan = planFields(
      schema(
        field('media-url', 'Image'),
        field('description', 'RichText'),
        field('category', 'Option', { options: OPTIONS }),
        field('file-size', 'Number'),
        field('tags', 'MultiReference'),
        field('author', 'Reference', { isRequired: true }),
        field('upload-date', 'DateTime'),
        field('credit', 'PlainText', { isRequired: true, displayName: 'Credit' }),
        field('featured', 'Switch', { isRequired: true }),
      ),
    )
    const bySlug = Object.fromEntries(plan.mapping.map((entry) => [entry.field, entry]))
    expect(bySlug['media-url']).toMatchObject({ status: 'mapped', write_as: 'asset' })
    expect(bySlug.description).toMatchObject({ status: 'mapped', write_as: 'text' })
    expect(bySlug.category).toMatchObject({
      status: 'mapped',
      write_as: 'option',
      message: 'Written as the option of the same name (options: Images, Video)',
    })
    expect(bySlug['file-size']).toMatchObject({ status: 'mapped', write_as: 'number' })
    expect(bySlug['upload-date']).toMatchObject({ status: 'mapped', write_as: 'date' })
    expect(bySlug.tags).toMatchObject({ status: 'unsupported', write_as: null })
    expect(bySlug.author).toMatchObject({
      status: 'unsupported',
      collection_field: { slug: 'author', type: 'Reference', required: true },
      message: 'Left empty: a Reference field points at items of another collection',
    })
    expect(bySlug['file-type']).toEqual({
      field: 'file-type',
      status: 'missing',
      collection_field: null,
      write_as: null,
      message: 'Skipped: the collection has no field "file-type"',
    })
    expect(plan.skipped).toEqual(['file-type'])
    // name and slug are Webflow's own, always filled.
    expect(plan.unmappedRequired.map((entry) => entry.slug)).toEqual(['author', 'credit', 'featured'])
  })

  it('maps every field as text in a collection whose fields are all PlainText', () => {
    const plan = planFields(
      schema(
        ...[
          'media-url',
          'description',
          'category',
          'file-type',
          'file-size',
          'tags',
          'author',
          'upload-date',
        ].map((slug) => field(slug, 'PlainText')),
      ),
    )
    expect(plan.mapping.every((entry) => entry.status === 'mapped' && entry.write_as === 'text')).toBe(true)
    expect(plan.skipped).toEqual([])
    expect(plan.unmappedRequired).toEqual([])
  })
})

describe('mapFieldData', () => {
  it('writes each type the way Webflow takes it', () => {
    const { fieldData, notes } = mapFieldData(
      schema(
        field('media-url', 'Image'),
        field('description', 'RichText'),
        field('category', 'Option', { options: OPTIONS }),
        field('file-type', 'PlainText'),
        field('file-size', 'Number'),
        field('tags', 'PlainText'),
        field('author', 'Reference'),
        field('upload-date', 'DateTime'),
      ),
      source({ asset: { fileId: 'asset-1', url: 'https://cdn.example.test/harbour.png' } }),
    )
    expect(notes).toEqual([])
    expect(fieldData).toEqual({
      name: 'Harbour',
      'media-url': { fileId: 'asset-1', url: 'https://cdn.example.test/harbour.png', alt: 'Harbour' },
      description: '<p>Boats &amp; &lt;lights&gt;</p>',
      // Matched by name, case-insensitively.
      category: 'opt-images',
      'file-type': 'image/png',
      'file-size': 2048,
      tags: 'sea, night',
      'upload-date': '2025-01-31T12:00:00.000Z',
    })
  })

  it("gives an Image field the record's alt text as its alt, when it has one", () => {
    const { fieldData } = mapFieldData(
      schema(field('media-url', 'Image')),
      source({
        record: { ...RECORD, alt_text: 'Fishing boats moored at night' },
        asset: { fileId: 'asset-1', url: 'https://cdn.example.test/harbour.png' },
      }),
    )
    expect(fieldData['media-url']).toEqual({
      fileId: 'asset-1',
      url: 'https://cdn.example.test/harbour.png',
      alt: 'Fishing boats moored at night',
    })
  })

  it('leaves out a value with no option, with a note naming it and the options', () => {
    const { fieldData, notes } = mapFieldData(
      schema(field('category', 'Option', { options: OPTIONS })),
      source({ record: { ...RECORD, category: 'Audio' } }),
    )
    expect(fieldData).toEqual({ name: 'Harbour' })
    expect(notes).toEqual([
      'Category "Audio" is not an option of the collection field "category" (options: Images, Video)',
    ])
  })

  it('writes a Link, a File without an asset as its public URL, a Switch, and text numbers', () => {
    const mapped = mapFieldData(
      schema(
        field('media-url', 'File'),
        field('description', 'Link'),
        field('file-size', 'PlainText'),
        field('author', 'Switch'),
      ),
      source(),
    )
    expect(mapped.fieldData).toEqual({
      name: 'Harbour',
      'media-url': { url: 'https://media.example.test/harbour.png', alt: 'Harbour' },
      'file-size': '2048',
      author: true,
    })
    expect(mapped.notes).toEqual([
      'Description "Boats & <lights>" is not a web address, as the collection field "description" needs',
    ])
  })

  it('writes no Image for a file that is not an image, and nothing for an empty media URL', () => {
    const video = { ...RECORD, file_type: 'video/mp4' }
    expect(mapFieldData(schema(field('media-url', 'Image')), source({ record: video }))).toEqual({
      fieldData: { name: 'Harbour' },
      notes: [
        'Media not written: the collection field "media-url" is an Image field and the file is not an image',
      ],
    })
    expect(mapFieldData(schema(field('media-url', 'Link')), source({ mediaUrl: '' })).fieldData).toEqual({
      name: 'Harbour',
    })
  })
})

describe('WEBFLOW_PUBLISH', () => {
  const ready = { WEBFLOW_API_TOKEN: 't', WEBFLOW_SITE_ID: 's', WEBFLOW_COLLECTION_ID: 'c' }

  it('is live by default, staged on request, and anything else is a setting to fix', () => {
    expect(publishMode({})).toBe('live')
    expect(publishMode({ WEBFLOW_PUBLISH: ' ' })).toBe('live')
    expect(publishMode({ WEBFLOW_PUBLISH: 'Staged' })).toBe('staged')
    expect(publishMode({ WEBFLOW_PUBLISH: 'publish' })).toBeNull()
    expect(webflowSetup(ready)).toMatchObject({ kind: 'ready', config: { publish: 'live' } })
    expect(webflowSetup({ ...ready, WEBFLOW_PUBLISH: 'staged' })).toMatchObject({
      kind: 'ready',
      config: { publish: 'staged' },
    })
    expect(webflowSetup({ ...ready, WEBFLOW_PUBLISH: 'later' })).toEqual({
      kind: 'incomplete',
      message: 'WEBFLOW_PUBLISH must be live or staged',
    })
  })
})
