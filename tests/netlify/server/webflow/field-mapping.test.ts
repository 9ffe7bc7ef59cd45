import { describe, expect, it } from 'vitest'

import type { CollectionField, CollectionSchema } from '../../../../netlify/server/webflow/collection-schema'
import {
  fieldMapWarning,
  mapFieldData,
  planFields,
  resolveTargets,
  type ItemSource,
} from '../../../../netlify/server/webflow/field-mapping'
import { fieldMapSetting, publishMode, webflowSetup } from '../../../../netlify/server/webflow/webflow-config'
import type { MediaRecord } from '../../../../src/contract/record'
import { listedRecord } from '../../../support/listed-record'

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

const RECORD = listedRecord(7, {
  title: 'Harbour',
  description: 'Boats & <lights>',
  category: 'images',
  file_type: 'image/png',
  media_url: 'https://media.example.test/harbour.png',
  file_size: 2048,
  tags: ['sea', 'night'],
  author: 'Ada',
  created_at: '2025-01-31T12:00:00.000Z',
})

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

const ASSET = { fileId: 'asset-1', url: 'https://cdn.example.test/harbour.png' }

/** The slug each spec field goes to, and how it was found, for `WEBFLOW_FIELD_MAP` = `map`. */
function resolved(collection: CollectionSchema, map?: string) {
  const { targets } = resolveTargets(collection, fieldMapSetting({ WEBFLOW_FIELD_MAP: map }))
  return Object.fromEntries(
    Object.entries(targets).flatMap(([field, target]) =>
      target ? [[field, `${target.collectionField.slug} (${target.chosenBy})`]] : [],
    ),
  )
}

describe('where each spec field goes', () => {
  const images = schema(
    field('caption', 'PlainText'),
    field('download', 'File'),
    field('hero-image', 'Image'),
    field('photo', 'Image'),
    field('description', 'PlainText'),
    field('summary', 'RichText'),
  )

  it('the media goes to the first Image field, else the first File field, when no field is named media-url', () => {
    expect(resolved(images)).toEqual({
      'media-url': 'hero-image (first-image)',
      description: 'description (slug)',
    })
    const files = schema(field('notes', 'PlainText'), field('download', 'File'), field('sheet', 'File'))
    expect(resolved(files)).toEqual({ 'media-url': 'download (first-file)' })
    expect(resolved(schema(field('media-url', 'Link'), field('photo', 'Image')))).toEqual({
      'media-url': 'media-url (slug)',
    })
    // Only the media falls back; nothing else goes anywhere but to its own slug.
    expect(resolved(schema(field('caption', 'PlainText')))).toEqual({})
  })

  it('a field WEBFLOW_FIELD_MAP names wins over the slug and the first Image field', () => {
    expect(resolved(images, ' media-url = photo , description=summary,')).toEqual({
      'media-url': 'photo (setting)',
      description: 'summary (setting)',
    })
    // A field the setting gives one spec field is not another's, even of its own slug.
    expect(resolved(images, 'media-url=description')).toEqual({
      'media-url': 'description (setting)',
    })
    expect(resolved(images, 'tags=hero-image')).toEqual({
      'media-url': 'photo (first-image)',
      description: 'description (slug)',
      tags: 'hero-image (setting)',
    })
  })

  it('keys fieldData by the collection field each spec field goes to', () => {
    const { fieldData, notes } = mapFieldData(
      images,
      source({ record: { ...RECORD, alt_text: 'Boats at night' }, asset: ASSET }),
      fieldMapSetting({ WEBFLOW_FIELD_MAP: 'description=summary,tags=caption' }),
    )
    expect(notes).toEqual([])
    expect(fieldData).toEqual({
      name: 'Harbour',
      'hero-image': { ...ASSET, alt: 'Boats at night' },
      summary: '<p>Boats &amp; &lt;lights&gt;</p>',
      caption: 'sea, night',
    })
    // A file that is not an image does not go into the Image field found for it, and says so.
    expect(mapFieldData(images, source({ record: { ...RECORD, file_type: 'video/mp4' } }))).toEqual({
      fieldData: { name: 'Harbour', description: 'Boats & <lights>' },
      notes: [
        'Media not written: the collection field "hero-image" is an Image field and the file is not an image',
      ],
    })
  })

  it('the plan says how each field was found, and a required Image field filled by the media is not unfilled', () => {
    const plan = planFields(
      schema(
        field('photo', 'Image', { isRequired: true }),
        field('category', 'Option', { options: OPTIONS }),
      ),
      fieldMapSetting({ WEBFLOW_FIELD_MAP: 'category=category' }),
    )
    const bySlug = Object.fromEntries(plan.mapping.map((entry) => [entry.field, entry]))
    expect(bySlug['media-url']).toMatchObject({
      status: 'mapped',
      write_as: 'asset',
      chosen_by: 'first-image',
      collection_field: { slug: 'photo', type: 'Image', required: true },
      message: 'Written to the first Image field, "photo" (no field is named media-url)',
    })
    expect(bySlug.category).toMatchObject({
      chosen_by: 'setting',
      message:
        'Written to "category", as WEBFLOW_FIELD_MAP says. Written as the option of the same name (options: Images, Video)',
    })
    expect(bySlug.description).toEqual({
      field: 'description',
      status: 'missing',
      collection_field: null,
      write_as: null,
      message: 'Skipped: the collection has no field "description"',
    })
    expect(plan.unmappedRequired).toEqual([])
    expect(plan.fieldMapProblems).toEqual([])

    const files = planFields(
      schema(field('download', 'File'), field('author', 'PlainText')),
      fieldMapSetting({ WEBFLOW_FIELD_MAP: 'author=download' }),
    )
    expect(files.mapping[0]).toEqual({
      field: 'media-url',
      status: 'missing',
      collection_field: null,
      write_as: null,
      message:
        'Skipped: the collection has no field "media-url", and its Image and File fields take other fields, as WEBFLOW_FIELD_MAP says',
    })
    expect(files.mapping.find((entry) => entry.field === 'author')).toMatchObject({
      status: 'unsupported',
      chosen_by: 'setting',
      message: 'Left empty: only the media field carries a file ("download" is named by WEBFLOW_FIELD_MAP)',
    })
    expect(planFields(schema(field('caption', 'PlainText'))).mapping[0]?.message).toBe(
      'Skipped: the collection has no field "media-url", nor an Image or File field',
    )
    const own = planFields(
      schema(field('media-url', 'File'), field('description', 'PlainText')),
      fieldMapSetting({ WEBFLOW_FIELD_MAP: 'media-url=description' }),
    )
    expect(own.mapping.find((entry) => entry.field === 'description')?.message).toBe(
      'Skipped: the collection field "description" takes media-url, as WEBFLOW_FIELD_MAP says',
    )
    expect(planFields(schema(field('download', 'File'), field('hero', 'Image'))).mapping[0]).toMatchObject({
      chosen_by: 'first-image',
      collection_field: { slug: 'hero' },
    })
    expect(planFields(schema(field('download', 'File'))).mapping[0]?.message).toBe(
      'Written to the first File field, "download" (no field is named media-url, and none is an Image field)',
    )
  })
})

describe('the picture beside the file URL', () => {
  const linkAndImage = () =>
    schema(
      field('media-url', 'Link', { displayName: 'Media URL' }),
      field('description', 'PlainText'),
      field('photo', 'Image', { displayName: 'Photo' }),
    )

  it("an image's asset goes to the Image field while the media-url Link takes the URL", () => {
    const { targets, picture } = resolveTargets(linkAndImage())
    expect(targets['media-url']).toMatchObject({ collectionField: { slug: 'media-url' }, chosenBy: 'slug' })
    expect(picture).toMatchObject({ slug: 'photo' })
    expect(mapFieldData(linkAndImage(), source({ asset: ASSET }))).toEqual({
      fieldData: {
        name: 'Harbour',
        'media-url': 'https://media.example.test/harbour.png',
        description: 'Boats & <lights>',
        photo: { ...ASSET, alt: 'Harbour' },
      },
      notes: [],
    })
    // Without an asset yet, Webflow imports the picture from its public URL, as for a media Image field.
    expect(mapFieldData(linkAndImage(), source()).fieldData.photo).toEqual({
      url: 'https://media.example.test/harbour.png',
      alt: 'Harbour',
    })
    expect(planFields(linkAndImage()).picture).toEqual({
      collection_field: { slug: 'photo', display_name: 'Photo', type: 'Image', required: false },
      message: 'Image field "Photo" gets the picture; Link field "Media URL" gets the file URL',
    })
  })

  it('a PDF or a video leaves the Image field empty, without a note, and its URL goes to the Link', () => {
    for (const fileType of ['application/pdf', 'video/mp4']) {
      const record = { ...RECORD, file_type: fileType }
      expect(mapFieldData(linkAndImage(), source({ record, asset: ASSET }))).toEqual({
        fieldData: {
          name: 'Harbour',
          'media-url': 'https://media.example.test/harbour.png',
          description: 'Boats & <lights>',
        },
        notes: [],
      })
    }
  })

  it('with only an Image field, the asset goes there and no field gets the URL', () => {
    const onlyImage = schema(field('photo', 'Image', { displayName: 'Photo' }))
    expect(resolveTargets(onlyImage).picture).toBeNull()
    expect(mapFieldData(onlyImage, source({ asset: ASSET })).fieldData).toEqual({
      name: 'Harbour',
      photo: { ...ASSET, alt: 'Harbour' },
    })
    expect(planFields(onlyImage).picture).toEqual({
      collection_field: { slug: 'photo', display_name: 'Photo', type: 'Image', required: false },
      message: 'Image field "Photo" gets the picture; no field gets the file URL',
    })
  })

  it('with only a Link, the URL goes there and nothing gets the picture', () => {
    const onlyLink = schema(field('media-url', 'Link', { displayName: 'Media URL' }))
    expect(resolveTargets(onlyLink).picture).toBeNull()
    expect(mapFieldData(onlyLink, source({ asset: ASSET }))).toEqual({
      fieldData: { name: 'Harbour', 'media-url': 'https://media.example.test/harbour.png' },
      notes: [],
    })
    expect(planFields(onlyLink).picture).toEqual({
      collection_field: null,
      message: 'No Image field gets the picture; Link field "Media URL" gets the file URL',
    })
  })

  it('the picture takes no Image field another field was given, and a required one it fills is not unfilled', () => {
    const collection = schema(
      field('media-url', 'File', { displayName: 'Download' }),
      field('cover', 'Image', { isRequired: true }),
      field('photo', 'Image'),
    )
    expect(resolveTargets(collection).picture).toMatchObject({ slug: 'cover' })
    const plan = planFields(collection)
    expect(plan.unmappedRequired).toEqual([])
    expect(plan.picture.message).toBe(
      'Image field "cover" gets the picture; File field "Download" gets the file',
    )
    const named = fieldMapSetting({ WEBFLOW_FIELD_MAP: 'tags=cover' })
    expect(resolveTargets(collection, named).picture).toMatchObject({ slug: 'photo' })
    expect(planFields(schema(field('caption', 'PlainText'))).picture).toEqual({
      collection_field: null,
      message: 'No Image field gets the picture; no field gets the file URL',
    })
  })
})

describe('WEBFLOW_FIELD_MAP', () => {
  it('is empty when unset or blank', () => {
    expect(fieldMapSetting({})).toEqual({ targets: {}, problems: [] })
    expect(fieldMapSetting({ WEBFLOW_FIELD_MAP: ' , ' })).toEqual({ targets: {}, problems: [] })
  })

  it('ignores each malformed pair, unknown spec field, built-in slug and name given twice, naming each', () => {
    const map = fieldMapSetting({
      WEBFLOW_FIELD_MAP:
        'media-url=hero-image, description, =summary, tags=, a=b=c, title=heading, author=name, ' +
        'category=kind, file-type=kind, file-size=bytes, file-size=size',
    })
    expect(map.targets).toEqual({ 'media-url': 'hero-image' })
    expect(map.problems).toEqual([
      '"description" is not a pair spec-field=collection-slug',
      '"=summary" is not a pair spec-field=collection-slug',
      '"tags=" is not a pair spec-field=collection-slug',
      '"a=b=c" is not a pair spec-field=collection-slug',
      '"title" is not a field the mirror writes (media-url, description, category, file-type, file-size, tags, author, upload-date)',
      '"name" is Webflow\'s own field, which holds the title or its slug',
      '"file-size" is named more than once',
      'the collection field "kind" is named more than once',
    ])
  })

  it('ignores a slug the collection lacks: the field goes where it would without the setting', () => {
    const collection = schema(field('photo', 'Image'), field('description', 'PlainText'))
    const map = fieldMapSetting({ WEBFLOW_FIELD_MAP: 'media-url=hero,description=summary,oops' })
    const { targets, problems } = resolveTargets(collection, map)
    expect(targets['media-url']).toMatchObject({
      collectionField: { slug: 'photo' },
      chosenBy: 'first-image',
    })
    expect(targets.description).toMatchObject({ chosenBy: 'slug' })
    expect(problems).toEqual([
      '"oops" is not a pair spec-field=collection-slug',
      'the collection has no field "hero" (named for media-url)',
      'the collection has no field "summary" (named for description)',
    ])
    expect(planFields(collection, map).fieldMapProblems).toEqual(problems)
    expect(fieldMapWarning(problems)).toBe(
      'WEBFLOW_FIELD_MAP is partly ignored: "oops" is not a pair spec-field=collection-slug; ' +
        'the collection has no field "hero" (named for media-url); the collection has no field "summary" (named for description)',
    )
    expect(fieldMapWarning([])).toBeUndefined()
  })

  it('is read with the other settings', () => {
    const ready = { WEBFLOW_API_TOKEN: 't', WEBFLOW_SITE_ID: 's', WEBFLOW_COLLECTION_ID: 'c' }
    expect(webflowSetup({ ...ready, WEBFLOW_FIELD_MAP: 'media-url=photo' })).toMatchObject({
      kind: 'ready',
      config: { fieldMap: { targets: { 'media-url': 'photo' }, problems: [] } },
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

describe('the file metadata and Webflow', () => {
  it('never sends the GPS position or any other embedded metadata, even to fields named for them', () => {
    const record = {
      ...RECORD,
      metadata: {
        camera_make: 'Canon',
        gps: { latitude: 51.5012345, longitude: -0.1254321 },
        keywords: ['secret-keyword'],
        caption: 'Embedded caption',
      },
    } as MediaRecord
    const { fieldData } = mapFieldData(
      schema(
        field('media-url', 'Link'),
        field('description', 'PlainText'),
        field('tags', 'PlainText'),
        field('gps', 'PlainText'),
        field('latitude', 'Number'),
        field('longitude', 'Number'),
        field('metadata', 'PlainText'),
        field('camera-make', 'PlainText'),
      ),
      source({ record }),
    )
    expect(Object.keys(fieldData).sort()).toEqual(['description', 'media-url', 'name', 'tags'])
    const sent = JSON.stringify(fieldData)
    for (const secret of ['51.50', '-0.12', 'Canon', 'secret-keyword', 'Embedded caption']) {
      expect(sent).not.toContain(secret)
    }
  })
})
