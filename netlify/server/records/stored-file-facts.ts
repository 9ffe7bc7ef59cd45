import type { FileMetadata, MediaRecord, RecordCreate } from '../../../src/contract/record'
import { MEDIA_HOST_FOLDER } from '../../../src/contract/uploads'
import { assetReleaseId, cloudinaryAssetOf } from '../cloudinary/cloudinary-url'
import { InvalidInputError } from '../errors'
import { fileIdsInUrl, referencedFileIds } from '../files/file-references'
import { isBeingReleased } from '../files/release-marks'
import type { DocumentStore } from '../storage/document-store'
import { manifestKey } from '../uploads/upload-documents'
import { readManifest } from '../uploads/upload-service'

/** A claimed value must be absent or equal to what the server derives. */
function expectClaim(field: string, claimed: string | null | undefined, expected: string): void {
  if (claimed !== undefined && claimed !== null && claimed !== expected) {
    throw new InvalidInputError(
      `${field} must be "${expected}", which media_url names, or be left out to be filled in`,
    )
  }
}

/** A create body with what the server read from the file's embedded metadata (decision 0044). */
export type StoredRecordInput = RecordCreate & { metadata?: FileMetadata }

/**
 * The create body with what it says about its stored file replaced by what the server knows, since
 * nothing may act on a client's claim about a file:
 * - a Cloudinary delivery URL gives `public_id` and `resource_type`;
 * - a built-in file (`/api/files/{id}/...`) must exist (as must one named by `thumbnail`) and gives
 *   `public_id` (`HIBF_assets/{id}`), `resource_type` and `sha256` from its manifest, and `width` and
 *   `height` when the manifest has them (read from the image's header: decision 0040), and `metadata`
 *   when it has the file's embedded metadata (0044), which no other file gives;
 * - for any other URL a `public_id` stays as data that nothing acts on, and a claimed `sha256` is
 *   dropped: the server cannot check it.
 * A claim that contradicts the derived value is a 400.
 */
export async function withStoredFileFacts(
  store: DocumentStore,
  claimed: RecordCreate,
): Promise<StoredRecordInput> {
  // The schema leaves out what a client may not set; a caller passing more loses it here too.
  const { metadata: _metadata, ...input } = claimed as StoredRecordInput
  const fields = [
    ['media_url', input.media_url],
    ['thumbnail', input.thumbnail ?? null],
  ] as const
  for (const [field, url] of fields) {
    for (const id of fileIdsInUrl(url)) {
      if (!(await readManifest(store, id))) {
        throw new InvalidInputError(
          `${field} names a file that is not stored here (${id}); upload the file first, then use the URL it returns`,
        )
      }
    }
  }
  const asset = cloudinaryAssetOf(input.media_url)
  if (asset) {
    expectClaim('public_id', input.public_id, asset.publicId)
    expectClaim('resource_type', input.resource_type, asset.resourceType)
    return { ...input, public_id: asset.publicId, resource_type: asset.resourceType, sha256: null }
  }
  const [fileId] = fileIdsInUrl(input.media_url)
  const manifest = fileId === undefined ? null : await readManifest(store, fileId)
  if (fileId === undefined || !manifest) return { ...input, sha256: null }
  const publicId = `${MEDIA_HOST_FOLDER}/${fileId}`
  expectClaim('public_id', input.public_id, publicId)
  expectClaim('resource_type', input.resource_type, manifest.resource_type)
  const known = manifest.width !== null && manifest.height !== null
  return {
    ...input,
    public_id: publicId,
    resource_type: manifest.resource_type,
    sha256: manifest.sha256,
    ...(known ? { width: manifest.width, height: manifest.height } : {}),
    ...(manifest.metadata ? { metadata: manifest.metadata } : {}),
  }
}

/**
 * Whether every built-in file `record` points at is still stored and not being removed, and its
 * Cloudinary asset not being destroyed. Asked after the record is written (see `release-marks.ts`): the
 * mark first, then the manifest itself, uncached, so a removal that finished between the two is seen as
 * a missing manifest.
 */
export async function filesStillHeld(store: DocumentStore, record: MediaRecord): Promise<boolean> {
  const asset = cloudinaryAssetOf(record.media_url)
  if (asset && (await isBeingReleased(store, assetReleaseId(asset)))) return false
  for (const id of referencedFileIds(record)) {
    if (await isBeingReleased(store, id)) return false
    if (!(await store.read(manifestKey(id)))) return false
  }
  return true
}
