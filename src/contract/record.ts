import * as z from 'zod'

import { MIME_PATTERN } from './file-types'
import { folderPathSchema } from './folder'
import { actorSummarySchema } from './actor-summary'
import { fileIdSchema } from './ids'
import { CROP_EDGE_TOLERANCE, IMAGE_ROTATIONS } from './image-settings'
import { LIMITS } from './limits'
import { tagsInput } from './tags'
import { freeText, label, reference, trimmedFreeText } from './text'

const metadataText = (maxChars: number) => z.string().min(1).max(maxChars)

/**
 * What the server read from the metadata embedded in a file it stores (EXIF, IPTC, XMP; decision 0044),
 * each field only when the file had it. Texts are cleaned and cut to their limits, never refused; a
 * client cannot set any of it. `gps` is where the photo was taken: kept unless `KEEP_GPS_METADATA` is
 * `false`, and never sent to Webflow.
 */
export const fileMetadataSchema = z.object({
  camera_make: metadataText(LIMITS.fileMetadataTextChars).optional(),
  camera_model: metadataText(LIMITS.fileMetadataTextChars).optional(),
  /** When the photo was taken, ISO 8601: with its zone when the file gives one, else the camera's clock. */
  taken_at: metadataText(LIMITS.fileMetadataTextChars).optional(),
  /** EXIF orientation, 1 to 8. */
  orientation: z.int().min(1).max(8).optional(),
  gps: z
    .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
    .optional(),
  keywords: z
    .array(metadataText(LIMITS.fileMetadataKeywordChars))
    .max(LIMITS.fileMetadataKeywords)
    .optional(),
  caption: metadataText(LIMITS.fileMetadataCaptionChars).optional(),
  creator: metadataText(LIMITS.fileMetadataTextChars).optional(),
  copyright: metadataText(LIMITS.fileMetadataTextChars).optional(),
  /** A PDF's number of pages, from its page tree's root. */
  page_count: z.int().min(1).max(LIMITS.pdfPagesMax).optional(),
})
export type FileMetadata = z.infer<typeof fileMetadataSchema>

const unit = z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1')
const extent = z.number().gt(0, 'must be more than 0').max(1, 'must be at most 1')

/**
 * Where the subject of an image is (decision 0047): x from the left, y from the top, each 0..1 of the
 * image as stored; a `fit=cover` cut keeps it as central as it can.
 */
export const focalPointSchema = z.object({ x: unit, y: unit })

/** The part of the image to deliver, each 0..1 of the image as stored, and inside it. */
export const cropSchema = z
  .object({ x: unit, y: unit, width: extent, height: extent })
  .refine(
    (crop) =>
      crop.x + crop.width <= 1 + CROP_EDGE_TOLERANCE && crop.y + crop.height <= 1 + CROP_EDGE_TOLERANCE,
    'must lie inside the image: x + width and y + height must be at most 1',
  )

/** Degrees to turn the image clockwise. */
export const rotationSchema = z.literal(IMAGE_ROTATIONS, { error: 'must be 0, 90, 180 or 270' })

/** A file record as the API returns it (spec section 3), in canonical snake_case. */
export const mediaRecordSchema = z.object({
  id: fileIdSchema,
  title: z.string(),
  description: z.string(),
  category: z.string(),
  file_type: z.string(),
  media_url: z.string(),
  thumbnail: z.string().nullable(),
  file_size: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  tags: z.array(z.string()),
  notes: z.string(),
  /**
   * What a screen reader says in place of the file when it is an image; '' when none is given. Records
   * stored before the field existed lack it and read as ''.
   */
  alt_text: z.string().default(''),
  /** Delivery settings (decision 0047); each absent when not set, and `rotate` never 0. */
  focal_point: focalPointSchema.optional(),
  crop: cropSchema.optional(),
  rotate: rotationSchema.optional(),
  station: z.string(),
  author: z.string(),
  folder_path: z.string(),
  /**
   * The asset on its media host. The server derives both from `media_url` where it can: a Cloudinary
   * delivery URL names its asset, a built-in file is `HIBF_assets/{id}` with the type its manifest
   * gives. For any other URL a given `public_id` is kept as data, and nothing acts on it.
   */
  public_id: z.string().nullable(),
  resource_type: z.string().nullable(),
  format: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  duration: z.number().nullable(),
  /**
   * The file's SHA-256 as the server knows it: for a built-in file (`/api/files/{id}/...`) the one its
   * manifest holds; for any other URL null, whatever the upload claimed, since the server cannot check it.
   */
  sha256: z.string().nullable(),
  /**
   * When the record was moved to the trash (ISO 8601). A trashed record is listed only by the trash, and
   * every other endpoint treats it as absent until it is restored or purged.
   */
  deleted_at: z.string().optional(),
  /**
   * What the file's embedded metadata says (`fileMetadataSchema`); absent when the file had none the
   * server read, and on records stored before it was read.
   */
  metadata: fileMetadataSchema.optional(),
  /**
   * The last UTC day (YYYY-MM-DD) the file was delivered through this site's own functions: a share link
   * opened, an image rendition made (decision 0073). Written at most once a day; absent until then.
   */
  used_on: z.iso.date().optional(),
  /**
   * When the file's last share link expires (ISO 8601): while it lies ahead, a link may still open the
   * file. Set as links are made and revoked (decision 0073); absent when the file has none.
   */
  shared_until: z.iso.datetime().optional(),
  /**
   * Who made the record and who last changed it (decision 0075): absent on records stored before they
   * were kept; `updated_by` absent too while nobody has changed it since.
   */
  created_by: actorSummarySchema.optional(),
  updated_by: actorSummarySchema.optional(),
  /** The record's mirror in the Webflow CMS; absent when no mirror is configured. */
  webflow: z
    .object({
      state: z.enum(['pending', 'synced', 'failed', 'skipped']),
      message: z.string().optional(),
      item_id: z.string().optional(),
      asset_id: z.string().optional(),
      /**
       * The `imageVersion` the asset was made at, when it is the picture with the record's crop and
       * rotation applied; absent for an asset of the file as stored. Another version replaces the asset.
       */
      image_version: z.string().max(LIMITS.imageVersionChars).optional(),
      /**
       * The asset was made from a file the record has since replaced (`POST /api/replace`): the next
       * sync replaces it as it does an asset of another image version.
       */
      asset_outdated: z.literal(true).optional(),
      /**
       * Assets the record replaced that are still on Webflow: the item may still show one until it is
       * written with `asset_id`, after which they are removed; a deleted record takes them too. Absent
       * on records stored before they were kept, and when there are none.
       */
      outdated_asset_ids: z
        .array(z.string().max(LIMITS.webflowIdChars))
        .max(LIMITS.webflowOutdatedAssets)
        .optional(),
      /** Counts the edits to mirror; a sync commits only if no edit came in while it ran. */
      revision: z.int().min(0).optional(),
      /**
       * When a job was last queued for this record (ISO 8601); while pending and younger than a job's
       * lifetime, another write or sync request queues nothing more: that job reads the latest record.
       */
      queued_at: z.string().optional(),
      updated_at: z.string(),
    })
    .optional(),
})
export type MediaRecord = z.infer<typeof mediaRecordSchema>

export { RECORD_DEFAULTS } from './record-defaults'

/**
 * Where each canonical field may arrive under another name, in order of preference. Spec section 3
 * lists the capitalised names; `created_at` prefers `upload_date` over `created_at`.
 */
const FIELD_ALIASES = {
  title: ['title', 'Title'],
  description: ['description', 'Description'],
  category: ['category', 'Category'],
  media_url: ['media_url', 'url', 'URL'],
  file_size: ['file_size', 'File Size', 'size'],
  created_at: ['upload_date', 'Upload Date', 'created_at'],
  notes: ['notes', 'Notes'],
  station: ['station', 'Station'],
  author: ['author', 'submitted_by', 'Author'],
  tags: ['tags', 'Tags'],
} as const satisfies Record<string, readonly string[]>

const ALIAS_NAMES = new Set<string>(Object.values(FIELD_ALIASES).flat())

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === ''
}

/**
 * Returns a copy of `input` with every alternate field name replaced by its canonical name. Builds a
 * fresh object (own data properties only), so a `__proto__` key in parsed JSON stays inert.
 */
export function canonicaliseFields(input: unknown): unknown {
  if (!isPlainObject(input)) return input
  const entries: [string, unknown][] = Object.entries(input).filter(([key]) => !ALIAS_NAMES.has(key))
  for (const [canonical, names] of Object.entries(FIELD_ALIASES)) {
    const present = names.filter((name) => Object.hasOwn(input, name))
    if (present.length === 0) continue
    const preferred = present.find((name) => !isAbsent(input[name])) ?? present[0]
    if (preferred !== undefined) entries.push([canonical, input[preferred]])
  }
  return Object.fromEntries(entries)
}

/** A media URL: absolute http(s), or a path on this site (the built-in host's files). */
export const mediaUrlSchema = reference(LIMITS.urlChars).refine((value) => {
  if (value.startsWith('/')) return !value.startsWith('//') && !/[\s\\]/.test(value)
  try {
    const url = new URL(value)
    // Credentials in a URL would be shown to everyone who sees the record.
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
    )
  } catch {
    return false
  }
}, 'must be an http(s) URL without credentials, or a path starting with /')

/** A byte count; a string of digits is accepted too, as older backends sent 'File Size' as text. */
const fileSizeSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value),
  z
    .int({ error: 'must be a whole number of bytes' })
    .min(0, 'cannot be negative')
    .max(LIMITS.fileBytes, `must be at most ${String(LIMITS.fileBytes)} bytes`),
)

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i

/**
 * A date the client gives: ISO 8601 (a date, or a date and time with an optional zone), within
 * 1970..9999, and a real calendar day: '2024-02-30' is refused rather than read as March 1st.
 */
const dateSchema = z
  .string()
  .max(64)
  .transform((value, ctx) => {
    const match = ISO_DATE.exec(value.trim())
    const time = match ? Date.parse(value.trim().replace(' ', 'T')) : Number.NaN
    const [, year = '', month = '', day = '', hour = '0', minute = '0', second = '0'] = match ?? []
    const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
    const realDay =
      calendar.getUTCFullYear() === Number(year) &&
      calendar.getUTCMonth() === Number(month) - 1 &&
      calendar.getUTCDate() === Number(day) &&
      Number(hour) < 24 &&
      Number(minute) < 60 &&
      Number(second) < 60
    if (!match || !realDay || Number.isNaN(time) || time < 0 || time > Date.parse('9999-12-31T23:59:59Z')) {
      ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 date such as 2026-05-01' })
      return z.NEVER
    }
    return new Date(time).toISOString()
  })

const dimensionSchema = z.number().min(0).max(1_000_000).nullable()

/** The metadata a user edits (spec section 3 and DESIGN section 10), all optional. */
const editableFields = {
  title: label(LIMITS.titleChars, 'Title').optional(),
  description: freeText(LIMITS.descriptionChars, 'Description').optional(),
  category: label(LIMITS.shortTextChars, 'Category').optional(),
  tags: tagsInput.optional(),
  notes: freeText(LIMITS.notesChars, 'Notes').optional(),
  alt_text: trimmedFreeText(LIMITS.altTextChars, 'Alt text').optional(),
  station: label(LIMITS.shortTextChars, 'Station').optional(),
  author: label(LIMITS.shortTextChars, 'Author').optional(),
  /** null removes the setting; so does `rotate: 0`. */
  focal_point: focalPointSchema.nullable().optional(),
  crop: cropSchema.nullable().optional(),
  rotate: rotationSchema.nullable().optional(),
}

/** The body of `POST /api/upload`, after `canonicaliseFields`. */
export const recordCreateSchema = z.object({
  ...editableFields,
  media_url: mediaUrlSchema,
  file_type: z.string().regex(MIME_PATTERN, 'must be a MIME type such as image/png').optional(),
  thumbnail: mediaUrlSchema.nullable().optional(),
  file_size: fileSizeSchema.optional(),
  created_at: dateSchema.optional(),
  folder_path: folderPathSchema.optional(),
  public_id: reference(LIMITS.shortTextChars).nullable().optional(),
  resource_type: reference(LIMITS.shortTextChars).nullable().optional(),
  format: reference(LIMITS.shortTextChars).nullable().optional(),
  width: dimensionSchema.optional(),
  height: dimensionSchema.optional(),
  duration: z.number().min(0).max(10_000_000).nullable().optional(),
  /** Accepted for older clients, never stored as given: see `sha256` on the record. */
  sha256: z
    .string()
    .regex(/^[a-f0-9]{64}$/i, 'must be a hex SHA-256 digest')
    .transform((digest) => digest.toLowerCase())
    .nullable()
    .optional(),
})
export type RecordCreate = z.infer<typeof recordCreateSchema>

export const NO_FIELDS_MESSAGE = 'Please provide at least one field to update'

/**
 * The fields of `PATCH /api/update/{id}` and of each batch update, after `canonicaliseFields`.
 * `add_tags` and `remove_tags` edit tags without replacing them, so bulk edits do not clobber each other.
 */
export const recordPatchSchema = z
  .object({
    ...editableFields,
    add_tags: tagsInput.optional(),
    remove_tags: tagsInput.optional(),
  })
  .refine((patch) => Object.values(patch).some((value: unknown) => value !== undefined), NO_FIELDS_MESSAGE)
export type RecordPatch = z.infer<typeof recordPatchSchema>

/**
 * The first error of a zod failure as one sentence a curl user can act on. A missing value is known by
 * the issue's `input` (parsed with `reportInput: true`, as `validate` does) or, without it, by zod's own
 * message; a message that already names its field (`role must be one of ...`) is not prefixed again.
 */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'Invalid request'
  const path = issue.path.map(String).join('.')
  const missing =
    ('input' in issue && issue.input === undefined && issue.path.length > 0) ||
    (issue.code === 'invalid_type' && /received undefined$/.test(issue.message))
  if (missing) return `${path || 'value'} is required`
  if (path && issue.message.startsWith(`${path} `)) return issue.message
  if (issue.code === 'invalid_type') {
    const article = /^[aeiou]/.test(issue.expected) ? 'an' : 'a'
    const expected = issue.expected === 'int' ? 'whole number' : issue.expected
    return `${path || 'value'} must be ${article} ${expected}`.replace('an whole', 'a whole')
  }
  if (issue.code === 'custom' && /^[A-Z]/.test(issue.message)) return issue.message
  if (!path) return issue.message
  return /^[a-z]/.test(issue.message) ? `${path} ${issue.message}` : `${path}: ${issue.message}`
}
