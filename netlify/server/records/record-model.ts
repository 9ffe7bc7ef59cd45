import { categoryFromMime, UNKNOWN_MIME } from '../../../src/contract/file-types'
import { mimeFromName } from '../../../src/contract/mime-from-name'
import { ROOT_PATH } from '../../../src/contract/folder'
import type { FileId } from '../../../src/contract/ids'
import {
  RECORD_DEFAULTS,
  type FileMetadata,
  type MediaRecord,
  type RecordCreate,
  type RecordPatch,
} from '../../../src/contract/record'
import { patchFields, patchImageSettings } from '../../../src/contract/record-patch'
import { createdStamp, updatedStamp } from '../activity/acting-actor'

/**
 * A new record from a validated upload body, with the spec's defaults filled in (section 3), and the
 * file's embedded metadata when `withStoredFileFacts` found it.
 */
export function buildRecord(
  id: number,
  input: RecordCreate & { metadata?: FileMetadata },
  now: Date,
): MediaRecord {
  // Spec section 3: the type comes from the URL's extension; a claimed type only fills in where the URL
  // has no known extension.
  const inferred = mimeFromName(input.media_url)
  const fileType = inferred === UNKNOWN_MIME ? (input.file_type ?? UNKNOWN_MIME) : inferred
  const timestamp = now.toISOString()
  return {
    id: id as FileId,
    title: input.title || RECORD_DEFAULTS.title,
    description: input.description ?? '',
    // DESIGN section 10: without a category a file keeps the one its type gives it.
    category: input.category || categoryFromMime(fileType),
    file_type: fileType,
    media_url: input.media_url,
    thumbnail: input.thumbnail ?? null,
    file_size: input.file_size ?? 0,
    created_at: input.created_at ?? timestamp,
    updated_at: timestamp,
    tags: input.tags ?? [],
    notes: input.notes ?? '',
    alt_text: input.alt_text ?? '',
    station: input.station ?? '',
    author: input.author || RECORD_DEFAULTS.author,
    folder_path: input.folder_path ?? ROOT_PATH,
    public_id: input.public_id ?? null,
    resource_type: input.resource_type ?? null,
    format: input.format ?? null,
    width: input.width ?? null,
    height: input.height ?? null,
    duration: input.duration ?? null,
    sha256: input.sha256 ?? null,
    ...patchImageSettings({}, input),
    ...(input.metadata ? { metadata: input.metadata } : {}),
    ...createdStamp(),
  }
}

/**
 * The record with `patch` applied by the shared rule (`src/contract/record-patch.ts`), stamped with the
 * time. With `mirrored`, a record that has a Webflow mirror is marked pending and its revision counted
 * up, so the mirror knows there is an edit to carry over.
 */
export function applyPatch(
  record: MediaRecord,
  patch: RecordPatch,
  now: Date,
  mirrored = false,
): MediaRecord {
  return {
    ...patchFields(record, patch),
    ...updatedStamp(now),
    ...(mirrored && record.webflow ? { webflow: pendingMirror(record.webflow, now) } : {}),
  }
}

function pendingMirror(
  webflow: NonNullable<MediaRecord['webflow']>,
  now: Date,
): NonNullable<MediaRecord['webflow']> {
  const { message: _message, ...rest } = webflow
  return { ...rest, state: 'pending', revision: (webflow.revision ?? 0) + 1, updated_at: now.toISOString() }
}
