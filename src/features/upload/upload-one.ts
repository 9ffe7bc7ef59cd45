import type { MediaRecord } from '../../contract/record'
import { parseTags, tagsProblem } from '../../contract/tag-list'
import { freeTextProblem, labelProblem } from '../../contract/labels'
import type { MediaHostResult } from '../../contract/uploads'
import type { createRecord, RecordBody } from './api/create-record'
import { categoryFor, mimeOf, titleFromName, type CategoryChoice } from './file-details'
import type { ReadEmbeddedDetails } from './embedded-details'
import type { HashFile } from './hashing/hash-file'
import type { MediaHost } from './hosts/media-host'
import { isAbortError } from './messages'
import type { InspectFile } from './thumbnails/inspect-file'

/** Everything the upload flow reaches outside the page; the dialog gets real ones, tests their own. */
export interface UploadServices {
  host: MediaHost
  hashFile: HashFile
  inspectFile: InspectFile
  createRecord: typeof createRecord
  /** Reads what an image's embedded metadata offers the form; without it the dialog fills nothing. */
  readEmbeddedDetails?: ReadEmbeddedDetails
}

/** Spec section 3: the metadata every file of the batch shares. */
export interface SharedMetadata {
  description: string
  category: CategoryChoice
  /** Whether the user changed the category; until then each file keeps its automatic one (DESIGN 10). */
  categoryChanged: boolean
  tags: string
  author: string
}

export interface UploadOneInput {
  file: File
  title: string
  sha256: string | null
  /** The record whose file this one duplicates, when the user chose to point at it instead. */
  useExisting: MediaRecord | null
  shared: SharedMetadata
  folderPath: string
}

/**
 * Why the batch's details cannot be stored, in the server's words, or null: the shared description,
 * tags and author, and each title typed for a file. Checked before anything is sent.
 */
export function metadataProblem(shared: SharedMetadata, titles: readonly string[]): string | null {
  const title = titles.map((each) => labelProblem('Title', each.trim())).find((problem) => problem !== null)
  return (
    title ??
    freeTextProblem('Description', shared.description) ??
    tagsProblem(shared.tags) ??
    labelProblem('Author', shared.author.trim())
  )
}

function commonFields(input: UploadOneInput) {
  const author = input.shared.author.trim()
  return {
    title: input.title.trim() || titleFromName(input.file.name),
    description: input.shared.description,
    category: categoryFor(input.file, input.shared),
    tags: parseTags(input.shared.tags),
    author: author === '' ? undefined : author,
    folder_path: input.folderPath,
  }
}

/** The record's file fields from what the media host answered; shared with Replace file. */
export function hostFields(result: MediaHostResult) {
  return {
    media_url: result.secure_url,
    file_size: result.bytes,
    public_id: result.public_id,
    resource_type: result.resource_type,
    format: result.format,
    width: result.width,
    height: result.height,
    duration: result.duration,
  }
}

/** What a file's upload reports as it goes, and how it is cancelled. */
export interface UploadOneOptions {
  onProgress: (fraction: number) => void
  /** True while the server cannot be reached and the file waits for it; false once it goes on. */
  onWaiting?: (waiting: boolean) => void
  signal?: AbortSignal
}

/** Stores a rendered thumbnail through the same host; a thumbnail that fails leaves the file without one. */
export async function storeThumbnail(
  host: MediaHost,
  image: Blob | null,
  name: string,
  { signal, onWaiting }: Omit<UploadOneOptions, 'onProgress'>,
) {
  if (!image) return null
  const file = new File([image], `${titleFromName(name)}-thumbnail.jpg`, { type: 'image/jpeg' })
  try {
    return (await host.upload(file, { signal, onWaiting, resumable: false })).secure_url
  } catch (error) {
    if (isAbortError(error)) throw error
    console.warn(`The thumbnail of ${name} was not stored:`, error)
    return null
  }
}

/**
 * One file through the two steps of DESIGN section 6: its bytes to the media host (or, for a duplicate the
 * user chose to reuse, no bytes at all), then its record to `POST /api/upload`.
 */
export async function uploadOne(
  input: UploadOneInput,
  services: UploadServices,
  { onProgress, onWaiting, signal }: UploadOneOptions,
): Promise<MediaRecord> {
  const common = commonFields(input)
  const existing = input.useExisting
  if (existing) {
    const body: RecordBody = {
      ...common,
      media_url: existing.media_url,
      file_type: existing.file_type,
      thumbnail: existing.thumbnail,
      file_size: existing.file_size,
      public_id: existing.public_id,
      resource_type: existing.resource_type,
      format: existing.format,
      width: existing.width,
      height: existing.height,
      duration: existing.duration,
      sha256: existing.sha256 ?? input.sha256,
    }
    onProgress(1)
    return services.createRecord(body, { signal, onWaiting })
  }
  const { host } = services
  const mime = mimeOf(input.file)
  const inspection = host.thumbnailUrl
    ? { measured: {}, thumbnail: null }
    : await services.inspectFile(input.file, mime, signal)
  const result = await host.upload(input.file, {
    onProgress,
    onWaiting,
    signal,
    metadata: { ...inspection.measured, sha256: input.sha256 ?? undefined },
  })
  const thumbnail = host.thumbnailUrl
    ? host.thumbnailUrl(result, mime)
    : await storeThumbnail(host, inspection.thumbnail, input.file.name, { signal, onWaiting })
  return services.createRecord(
    { ...common, ...hostFields(result), file_type: mime, thumbnail, sha256: input.sha256 },
    { signal, onWaiting },
  )
}
