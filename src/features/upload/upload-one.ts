import type { MediaRecord } from '../../contract/record'
import { tagsProblem } from '../../contract/tag-list'
import { freeTextProblem, labelProblem } from '../../contract/labels'
import type { MediaHostResult } from '../../contract/uploads'
import type { createRecord } from './api/create-record'
import { categoryFor, mimeOf, titleFromName, type CategoryChoice } from './file-details'
import type { ReadEmbeddedDetails } from './embedded-details'
import type { HashFile } from './hashing/hash-file'
import type { HostedFile, MediaHost } from './hosts/media-host'
import { isAbortError } from './messages'
import { resolvedDetails, type OwnDetails } from './own-details'
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
  /** The file's own details; the shared ones the person typed win over them (`resolvedDetails`). */
  details: OwnDetails
  sha256: string | null
  shared: SharedMetadata
  folderPath: string
}

/** The details `metadataProblem` checks: the shared ones, or one file's. */
type CheckedDetails = Pick<SharedMetadata, 'description' | 'tags' | 'author'> & { title?: string }

/**
 * Why the batch's details cannot be stored, in the server's words, or null: the shared description,
 * tags and author, then each file's own details (its title too). Checked before anything is sent.
 */
export function metadataProblem(shared: SharedMetadata, files: readonly OwnDetails[]): string | null {
  for (const details of [shared, ...files] as CheckedDetails[]) {
    const problem =
      (details.title === undefined ? null : labelProblem('Title', details.title.trim())) ??
      freeTextProblem('Description', details.description) ??
      tagsProblem(details.tags) ??
      labelProblem('Author', details.author.trim())
    if (problem !== null) return problem
  }
  return null
}

function commonFields(input: UploadOneInput) {
  return {
    ...resolvedDetails(input.details, input.shared, input.file.name),
    category: categoryFor(input.file, input.shared),
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
  /** The server refused the file's bytes with a status worth trying again, and the host will (its status). */
  onRetrying?: (status: number) => void
  signal?: AbortSignal
}

/**
 * Asked once the host holds the bytes, with what it answered (the fingerprint it computed among it):
 * whether the file's record is stored. False when the person chose the library's copy instead.
 */
export type AfterBytes = (hosted: HostedFile) => Promise<boolean>

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
 * One file through the two steps of DESIGN section 6: its bytes to the media host, then its record to
 * `POST /api/upload`, unless `afterBytes` says the library's copy is kept instead (then null). A file
 * whose duplicate the person chose before sending never comes here.
 */
export async function uploadOne(
  input: UploadOneInput,
  services: UploadServices,
  { onProgress, onWaiting, onRetrying, signal, afterBytes }: UploadOneOptions & { afterBytes?: AfterBytes },
): Promise<MediaRecord | null> {
  const common = commonFields(input)
  const { host } = services
  const mime = mimeOf(input.file)
  const inspection = host.thumbnailUrl
    ? { measured: {}, thumbnail: null }
    : await services.inspectFile(input.file, mime, signal)
  const result = await host.upload(input.file, {
    onProgress,
    onWaiting,
    onRetrying,
    signal,
    metadata: { ...inspection.measured, sha256: input.sha256 ?? undefined },
  })
  if (afterBytes && !(await afterBytes(result))) return null
  const thumbnail = host.thumbnailUrl
    ? host.thumbnailUrl(result, mime)
    : await storeThumbnail(host, inspection.thumbnail, input.file.name, { signal, onWaiting })
  return services.createRecord(
    {
      ...common,
      ...hostFields(result),
      file_type: mime,
      thumbnail,
      sha256: input.sha256,
    },
    { signal, onWaiting },
  )
}
