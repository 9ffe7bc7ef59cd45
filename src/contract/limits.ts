const FIELD_LIMITS = {
  /** Spec section 9: files per upload batch. */
  uploadBatchFiles: 10,
  /** Addresses the Upload dialog's "Import from URL" tab takes at once (`POST /api/import`, one each). */
  importBatchUrls: 10,
  /** Ids or updates in one batch call; keeps one call well inside the function time limit. */
  batchItems: 500,
  /**
   * Record shards (500 consecutive ids each) one batch call may touch: its cost is set by the shards its
   * ids fall in, each read, checked and rewritten whole, not by how many ids it holds (decision 0058).
   */
  batchShards: 25,
  /** Largest JSON request body a function reads, in bytes. */
  jsonBodyBytes: 1_000_000,
  titleChars: 500,
  descriptionChars: 5_000,
  notesChars: 5_000,
  /** A file's alternative text: what a screen reader says in place of an image. */
  altTextChars: 1_000,
  shortTextChars: 200,
  urlChars: 2_048,
  tagChars: 100,
  tagsPerRecord: 100,
  /** A MIME type as `MIME_PATTERN` allows it: 127 characters, '/', 127 characters. */
  mimeTypeChars: 255,
  folderNameChars: 100,
  /** The Webflow mirror's message on a record; a longer one (Webflow's own error text) is cut. */
  syncMessageChars: 1_000,
  /** A Webflow item or asset id (Webflow's are 24 hex digits); a longer one is refused as malformed. */
  webflowIdChars: 100,
  /**
   * Replaced Webflow assets a record keeps naming until its item no longer shows them: one per sync
   * that stopped between uploading a new asset and writing the item; at this many a sync makes no new
   * asset until they are removed.
   */
  webflowOutdatedAssets: 10,
  /** An `imageVersion` (a 32-bit digest in base 36, 7 characters) as the mirror stores or a URL gives it. */
  imageVersionChars: 16,
  folderPathChars: 1_000,
  folders: 5_000,
  /** Largest file size a record may claim: Blobs' own object limit. */
  fileBytes: 5 * 1024 ** 3,
  /** `GET /api/media` page size when `limit` is absent, and its ceiling. */
  pageDefault: 2_000,
  pageMax: 5_000,
  /** A share link lives from one hour to 30 days (`POST /api/share/{id}`, decision 0041). */
  shareHoursMin: 1,
  shareHoursMax: 720,
  /** Active share links one file may have at once; bounds its listing and what creating one reads. */
  sharesPerFile: 50,
  /**
   * What a record keeps of the metadata embedded in its file (`metadata`, decision 0044): each text at
   * most this many characters (longer ones are cut), the caption longer, and at most so many keywords.
   */
  fileMetadataTextChars: 200,
  fileMetadataCaptionChars: 2_000,
  fileMetadataKeywords: 50,
  fileMetadataKeywordChars: 100,
  /**
   * How much of a file's start is read for its embedded metadata, by the server and by the Upload dialog:
   * a JPEG's EXIF, IPTC and XMP segments (each at most 64 KB) sit before its image data.
   */
  fileMetadataWindowBytes: 256 * 1024,
  /**
   * A PDF's page count (`metadata.page_count`): the most pages a count may say, beyond which it is taken
   * for a lie and left out; the most bytes the server inflates from one of the PDF's compressed object
   * streams, and from all of them, while looking for it (a stream inflating past either is skipped).
   */
  pdfPagesMax: 100_000,
  pdfObjectStreamBytes: 4 * 1024 * 1024,
  pdfInflatedBytes: 8 * 1024 * 1024,
  /**
   * The largest image it reads, in pixels (sharp's `limitInputPixels`) and in stored bytes: a larger one
   * is refused before it is decoded, so no image can take the function's memory.
   */
  imageInputPixels: 50_000_000,
  imageInputBytes: 50 * 1024 * 1024,
  /** The most characters an actor summary's id and name keep (`created_by`, the activity log): an email. */
  actorTextChars: 254,
} as const

/**
 * Byte budgets (decision 0031): what keeps every stored shard and every listing answer readable, whatever
 * sequence of calls came before. Bytes are UTF-8 bytes of JSON; 1 MB is 1,000,000 bytes.
 */
export const BYTE_BUDGETS = {
  /**
   * A buffered answer (`GET /api/media`, `GET /api/trash`, `GET /api/folder-list`): Netlify refuses a
   * buffered function answer over 6 MB; 2 MB is left for headers and margin. The record listings stop
   * early with their `next` cursor (at least one record an answer); the folder list is kept under it by
   * the folder document's budget below.
   */
  bufferedAnswerBytes: 4_000_000,
  /**
   * One answer of `GET /api/media-pages`, encoded. The answer is streamed, which Netlify cuts at 20 MB
   * (and `netlify dev` carries whole: its 6 MB stops request bodies and buffered answers), so a page of
   * 50 shards of ordinary records (about 9 MB) comes in one answer, where each answer under `netlify dev`
   * costs a fresh function start (decision 0055). A page of long descriptions encodes to tens of MB: an
   * answer takes whole shards while they fit and names the rest of its page in `next_shards`, which the
   * screen follows (decision 0046). It holds at least one shard, so a single shard larger than this is
   * answered alone: at most `shardBytes`.
   */
  pageAnswerBytes: 16_000_000,
  /**
   * One record shard (500 consecutive ids), as stored. Every write a caller asks for that would grow a
   * shard past it is refused (an edit, a batch update's item, a move, a replace: 409), and a create whose
   * shard is full takes the first id of the next shard instead. Room for each record's trash mark is
   * kept, so deleting never needs more. A shard of 4 MB reads and rewrites in tens of ms, holds 500
   * records of 8 KB (typical records are 1-2 KB), and always fits one answer under 6 MB.
   */
  shardBytes: 4_000_000,
  /**
   * The folder document (`folders`, every folder and recent moves): a create, rename or move that would
   * grow it past this is refused (409), so `GET /api/folder-list`, a subset of it, fits a buffered answer.
   */
  foldersBytes: 4_000_000,
} as const

/** The most bytes one character of a string takes in JSON: a control character is written `\u001f`. */
const JSON_BYTES_PER_CHAR = 6
/** The longest number JSON.stringify writes, such as -2.2250738585072014e-308. */
const JSON_NUMBER_BYTES = 24
/** An ISO 8601 timestamp of years 0000-9999, as toISOString writes it, quoted. */
const JSON_TIMESTAMP_BYTES = 26

const jsonString = (maxChars: number) => 2 + JSON_BYTES_PER_CHAR * maxChars
const jsonArray = (items: number, itemBytes: number) => 2 + items * itemBytes + Math.max(0, items - 1)

/**
 * Each text field of a stored record and the most characters it may hold. Creates and updates check the
 * record they would store against it (`netlify/server/records/record-limits.ts`), and
 * `LIMITS.recordBytes` is computed from it.
 */
export const RECORD_TEXT_LIMITS = {
  title: FIELD_LIMITS.titleChars,
  description: FIELD_LIMITS.descriptionChars,
  category: FIELD_LIMITS.shortTextChars,
  file_type: FIELD_LIMITS.mimeTypeChars,
  media_url: FIELD_LIMITS.urlChars,
  thumbnail: FIELD_LIMITS.urlChars,
  notes: FIELD_LIMITS.notesChars,
  alt_text: FIELD_LIMITS.altTextChars,
  station: FIELD_LIMITS.shortTextChars,
  author: FIELD_LIMITS.shortTextChars,
  folder_path: FIELD_LIMITS.folderPathChars,
  public_id: FIELD_LIMITS.shortTextChars,
  resource_type: FIELD_LIMITS.shortTextChars,
  format: FIELD_LIMITS.shortTextChars,
} as const

/**
 * The most JSON bytes each stored record field can take (`mediaRecordSchema`), from the limits above:
 * strings at their most characters, each written as an escape (a MIME type, plain ASCII by its
 * pattern, needs none); numbers at their longest; `null` (4 bytes) is shorter than any of them.
 */
function recordFieldBytes(limits: typeof FIELD_LIMITS): Record<string, number> {
  const text = Object.fromEntries(
    Object.entries(RECORD_TEXT_LIMITS).map(([field, chars]) => [field, jsonString(chars)]),
  )
  return {
    ...text,
    file_type: 2 + limits.mimeTypeChars,
    id: JSON_NUMBER_BYTES,
    file_size: JSON_NUMBER_BYTES,
    created_at: JSON_TIMESTAMP_BYTES,
    updated_at: JSON_TIMESTAMP_BYTES,
    tags: jsonArray(limits.tagsPerRecord, jsonString(limits.tagChars)),
    width: JSON_NUMBER_BYTES,
    height: JSON_NUMBER_BYTES,
    duration: JSON_NUMBER_BYTES,
    sha256: 2 + 64,
    deleted_at: JSON_TIMESTAMP_BYTES,
    used_on: 2 + 'YYYY-MM-DD'.length,
    shared_until: JSON_TIMESTAMP_BYTES,
    focal_point: jsonObject({ x: JSON_NUMBER_BYTES, y: JSON_NUMBER_BYTES }),
    crop: jsonObject({
      x: JSON_NUMBER_BYTES,
      y: JSON_NUMBER_BYTES,
      width: JSON_NUMBER_BYTES,
      height: JSON_NUMBER_BYTES,
    }),
    rotate: 3,
    created_by: ACTOR_SUMMARY_BYTES,
    updated_by: ACTOR_SUMMARY_BYTES,
    metadata: jsonObject({
      camera_make: jsonString(limits.fileMetadataTextChars),
      camera_model: jsonString(limits.fileMetadataTextChars),
      taken_at: jsonString(limits.fileMetadataTextChars),
      orientation: JSON_NUMBER_BYTES,
      gps: jsonObject({ latitude: JSON_NUMBER_BYTES, longitude: JSON_NUMBER_BYTES }),
      keywords: jsonArray(limits.fileMetadataKeywords, jsonString(limits.fileMetadataKeywordChars)),
      caption: jsonString(limits.fileMetadataCaptionChars),
      creator: jsonString(limits.fileMetadataTextChars),
      copyright: jsonString(limits.fileMetadataTextChars),
    }),
    webflow: jsonObject({
      state: 2 + 'skipped'.length,
      message: jsonString(limits.syncMessageChars),
      item_id: jsonString(limits.webflowIdChars),
      asset_id: jsonString(limits.webflowIdChars),
      image_version: jsonString(limits.imageVersionChars),
      asset_outdated: 'true'.length,
      outdated_asset_ids: jsonArray(limits.webflowOutdatedAssets, jsonString(limits.webflowIdChars)),
      revision: JSON_NUMBER_BYTES,
      queued_at: JSON_TIMESTAMP_BYTES,
      updated_at: JSON_TIMESTAMP_BYTES,
    }),
  }
}

/** A record's `created_by` or `updated_by` (`actor-summary.ts`): a type, an id and a name. */
const ACTOR_SUMMARY_BYTES = jsonObject({
  type: 2 + 'anonymous'.length,
  id: jsonString(FIELD_LIMITS.actorTextChars),
  name: jsonString(FIELD_LIMITS.actorTextChars),
})

/** `{`, `"key":value` per field with commas between, `}`. */
function jsonObject(fieldBytes: Record<string, number>): number {
  const fields = Object.entries(fieldBytes)
  return 2 + fields.reduce((sum, [key, bytes]) => sum + key.length + 3 + bytes, 0) + fields.length - 1
}

function maxRecordBytes(limits: typeof FIELD_LIMITS): number {
  return jsonObject(recordFieldBytes(limits))
}

/**
 * Every bound the API enforces, shared by the screen and the functions so that the two never disagree.
 */
export const LIMITS = {
  ...FIELD_LIMITS,
  ...BYTE_BUDGETS,
  /**
   * The largest a stored record's JSON (UTF-8) can be, computed from the field limits; every create and
   * update checks the record it would store against those limits, and the Webflow mirror cuts its
   * message and refuses overlong ids, so no sequence of calls exceeds it.
   */
  recordBytes: maxRecordBytes(FIELD_LIMITS),
} as const
