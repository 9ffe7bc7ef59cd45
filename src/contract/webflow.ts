import * as z from 'zod'

/**
 * The spec's CMS field slugs (section 3) that the mirror writes, besides Webflow's own `name` and `slug`,
 * in the order the Webflow panel lists them, each as a person knows it from the screen (in messages and
 * in the Webflow panel). The one place the slugs are written: the list and the type come from it.
 */
export const WEBFLOW_SPEC_FIELD_LABELS = {
  'media-url': 'File URL',
  description: 'Description',
  category: 'Category',
  'file-type': 'File type',
  'file-size': 'File size',
  tags: 'Tags',
  author: 'Author',
  'upload-date': 'Upload date',
} as const satisfies Record<string, string>
export type WebflowSpecField = keyof typeof WEBFLOW_SPEC_FIELD_LABELS
export const WEBFLOW_SPEC_FIELDS = Object.keys(WEBFLOW_SPEC_FIELD_LABELS) as readonly WebflowSpecField[]

/** The label of a spec field; a slug this version does not know is shown as it is. */
export function specFieldLabel(field: string): string {
  return (WEBFLOW_SPEC_FIELD_LABELS as Record<string, string | undefined>)[field] ?? field
}

/**
 * `WEBFLOW_PUBLISH`: `live` writes items through Webflow's live endpoints, so they show on the site at
 * once; `staged` leaves them for the site owner's next publish.
 */
export const webflowPublishModeSchema = z.enum(['live', 'staged'])
export type WebflowPublishMode = z.infer<typeof webflowPublishModeSchema>

/**
 * How a value is written into a collection field: `text` (PlainText, RichText; tags joined with ", "),
 * `number`, `date` (ISO 8601), `link` (a URL), `option` (the id of the option whose name matches),
 * `asset` (Image or File: the uploaded asset as `{ fileId, url, alt }`), `switch`.
 */
export const webflowWriteAsSchema = z.enum(['text', 'number', 'date', 'link', 'option', 'asset', 'switch'])
export type WebflowWriteAs = z.infer<typeof webflowWriteAsSchema>

/** A field of the collection as Webflow describes it (`GET /collections/{id}`). */
export const webflowCollectionFieldSchema = z.object({
  slug: z.string(),
  display_name: z.string(),
  /** Webflow's type name: PlainText, RichText, Number, DateTime, Link, Option, Image, File, Switch, ... */
  type: z.string(),
  required: z.boolean(),
})
export type WebflowCollectionField = z.infer<typeof webflowCollectionFieldSchema>

/** Where one spec field goes in the collection. */
export const webflowFieldMappingSchema = z.object({
  /** The spec field slug. */
  field: z.string(),
  /**
   * `mapped`: written on every sync; `missing`: the collection has no field for it, so it is skipped;
   * `unsupported`: the collection's field has a type the app cannot fill (Reference,
   * MultiReference, ...), so it is left empty.
   */
  status: z.enum(['mapped', 'missing', 'unsupported']),
  /** The collection's field the spec field goes to (`chosen_by` says how it was found); null when none. */
  collection_field: webflowCollectionFieldSchema.nullable(),
  /** How the value is written; null when it is not written. */
  write_as: webflowWriteAsSchema.nullable(),
  /**
   * How `collection_field` was found: `setting` (`WEBFLOW_FIELD_MAP` names it), `slug` (it has the spec
   * field's slug), `first-image` / `first-file` (the media only: the collection's first Image field, else
   * its first File field). Absent when there is none.
   */
  chosen_by: z.enum(['setting', 'slug', 'first-image', 'first-file']).optional(),
  /**
   * How the field was found when not by its slug, why it is not written, or what to know about it (e.g.
   * an Option field's option names).
   */
  message: z.string().optional(),
})
export type WebflowFieldMapping = z.infer<typeof webflowFieldMappingSchema>

/**
 * Where an image file's picture goes: the media's own field when it is an Image field, else the first
 * Image field no spec field takes, beside a Link or text field that gets the file URL (decision 0069).
 */
export const webflowPictureSchema = z.object({
  /** The Image field that gets the picture; null when the collection has none free. */
  collection_field: webflowCollectionFieldSchema.nullable(),
  /**
   * Which field gets what of the file, in words, e.g. 'Image field "Photo" gets the picture; Link field
   * "Media URL" gets the file URL'.
   */
  message: z.string(),
})
export type WebflowPicture = z.infer<typeof webflowPictureSchema>

/**
 * `GET /api/webflow-status`: the connection test. `ok` says whether the site (and, when configured,
 * the collection) could be read; the mapping fields are present once the collection has been read.
 */
export const webflowStatusSchema = z.object({
  ok: z.boolean(),
  /** False when the token or the site is not set (503). */
  configured: z.boolean(),
  /** Why the test failed: a missing setting, or Webflow's answer. */
  error: z.string().optional(),
  /**
   * Something to fix that does not stop the mirror, e.g. 'Collection configuration missing', or what
   * of `WEBFLOW_FIELD_MAP` is ignored.
   */
  warning: z.string().optional(),
  site: z
    .object({
      id: z.string(),
      displayName: z.string().optional(),
      shortName: z.string().optional(),
    })
    .optional(),
  collection_id: z.string().nullable().optional(),
  /** The publish mode items are written in (`WEBFLOW_PUBLISH`). */
  publish: webflowPublishModeSchema.optional(),
  collection: z
    .object({
      id: z.string(),
      display_name: z.string(),
      slug: z.string(),
    })
    .optional(),
  /** One entry per spec field, in `WEBFLOW_SPEC_FIELDS` order. */
  mapping: z.array(webflowFieldMappingSchema).optional(),
  /** Where an image file's picture goes, and what the media's field gets. */
  picture: webflowPictureSchema.optional(),
  /** The spec fields the collection lacks: never written. */
  skipped_fields: z.array(z.string()).optional(),
  /** Required collection fields the app cannot fill: Webflow refuses every item until they are fixed. */
  unmapped_required: z.array(webflowCollectionFieldSchema).optional(),
})
export type WebflowStatus = z.infer<typeof webflowStatusSchema>
