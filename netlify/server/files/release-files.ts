import type { MediaRecord } from '../../../src/contract/record'
import { destroyAsset, type CloudinaryCredentials } from '../cloudinary/destroy-asset'
import { readAllRecords } from '../records/record-pages'
import { removeStoredFile, type MediaHostStores } from '../uploads/upload-service'

const BUILT_IN_FILE = /^\/api\/files\/([0-9a-z]{9}[A-Za-z0-9_-]{16})(?:\/|$)/

/** The built-in file ids a record points at: its file and its stored thumbnail. */
export function builtInFileIds(record: Pick<MediaRecord, 'media_url' | 'thumbnail'>): string[] {
  return [record.media_url, record.thumbnail ?? '']
    .map((url) => BUILT_IN_FILE.exec(url)?.[1])
    .filter((id): id is string => id !== undefined)
}

function isCloudinaryAsset(record: MediaRecord): boolean {
  return record.public_id !== null && /^https:\/\/res\.cloudinary\.com\//.test(record.media_url)
}

/**
 * After records are purged, removes the stored files no remaining record points at: built-in files
 * with their chunks, and Cloudinary assets when credentials are configured. Several records may share
 * one file ("use existing" on a duplicate), so a file goes only with its last record; a record in the
 * trash still counts, since it may be restored. Failures are logged, never thrown: the records are
 * already gone, and a leftover file harms nothing.
 */
export async function releaseFiles(
  stores: MediaHostStores,
  deleted: readonly MediaRecord[],
  cloudinary: CloudinaryCredentials | null,
): Promise<void> {
  const candidates = new Set(deleted.flatMap(builtInFileIds))
  const cloudAssets = cloudinary ? deleted.filter(isCloudinaryAsset) : []
  if (candidates.size === 0 && cloudAssets.length === 0) return
  try {
    const remaining = await readAllRecords(stores.documents)
    const stillUsed = new Set(remaining.flatMap(builtInFileIds))
    const usedUrls = new Set(remaining.map((record) => record.media_url))
    await Promise.all(
      [...candidates].filter((id) => !stillUsed.has(id)).map((id) => removeStoredFile(stores, id)),
    )
    if (cloudinary) {
      const unused = cloudAssets.filter((record) => !usedUrls.has(record.media_url))
      await Promise.all(
        unused.map((record) =>
          destroyAsset(cloudinary, {
            publicId: record.public_id ?? '',
            resourceType: record.resource_type ?? 'image',
          }),
        ),
      )
    }
  } catch (error) {
    console.error('Could not release the files of deleted records', error)
  }
}
