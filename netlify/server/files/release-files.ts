import type { MediaRecord } from '../../../src/contract/record'
import {
  assetReleaseId,
  cloudinaryAssetOf,
  isAppAsset,
  type CloudinaryAsset,
} from '../cloudinary/cloudinary-url'
import { destroyAsset, type CloudinaryCredentials } from '../cloudinary/destroy-asset'
import { readAllRecords } from '../records/record-pages'
import { removeStoredFile, type MediaHostStores } from '../uploads/upload-service'
import { fileIdsReferencedBy } from './file-references'
import { clearReleaseMarks, markReleasing } from './release-marks'

/**
 * The remover's side of the handshake in release-marks.ts: marks `fileIds` (and `alsoMark`, the release
 * ids of Cloudinary assets), then reads every record, live and trashed, and hands `release` the file ids
 * no record references, with the records it read. `release` must settle every removal it starts before
 * it returns: the marks are cleared after it, whether it removed, kept or failed, and a mark cleared
 * under a removal still running would let a record take a file that is about to go. With `mark` false
 * (a dry run) nothing is written.
 */
export async function releaseUnreferenced<T>(
  stores: MediaHostStores,
  fileIds: readonly string[],
  release: (unreferenced: string[], records: MediaRecord[]) => Promise<T>,
  { mark = true, alsoMark = [] }: { mark?: boolean; alsoMark?: readonly string[] } = {},
): Promise<T> {
  let marks: string[] = []
  const toMark = [...fileIds, ...alsoMark]
  try {
    if (mark && toMark.length > 0) marks = await markReleasing(stores.documents, toMark)
    const records = await readAllRecords(stores.documents)
    const referenced = fileIdsReferencedBy(records)
    return await release(
      fileIds.filter((id) => !referenced.has(id)),
      records,
    )
  } finally {
    if (marks.length > 0)
      await clearReleaseMarks(stores.documents, marks).catch((error: unknown) => {
        console.error('Could not clear the release marks; the repair pass will', error)
      })
  }
}

const assetKey = ({ cloudName, publicId }: CloudinaryAsset) => `${cloudName}\n${publicId}`

/**
 * The Cloudinary asset a record's `media_url` names, when it is one this app may destroy: on the
 * configured cloud and inside the app's folder. The record's own `public_id` is never trusted.
 */
function destroyableAsset(record: MediaRecord, cloudinary: CloudinaryCredentials): CloudinaryAsset | null {
  const asset = cloudinaryAssetOf(record.media_url)
  return asset && asset.cloudName === cloudinary.cloudName && isAppAsset(asset.publicId) ? asset : null
}

function logFailures(results: readonly PromiseSettledResult<unknown>[], what: string): void {
  for (const result of results)
    if (result.status === 'rejected') console.error(`Could not release ${what}`, result.reason)
}

/**
 * After records are purged, removes the stored files no remaining record points at: built-in files
 * with their chunks, and Cloudinary assets when credentials are configured. Several records may share
 * one file ("use existing" on a duplicate), so a file goes only with its last record; a record in the
 * trash still counts, since it may be restored. Files and assets are released under release marks, so
 * a record created meanwhile keeps its file. A Cloudinary asset is the one the record's URL names, on the
 * configured cloud, inside the app's folder, and named by no other record's URL (whatever its version).
 * Failures are logged, never thrown: the records are already gone, and a leftover file harms nothing.
 */
export async function releaseFiles(
  stores: MediaHostStores,
  deleted: readonly MediaRecord[],
  cloudinary: CloudinaryCredentials | null,
): Promise<void> {
  const candidates = [...fileIdsReferencedBy(deleted)]
  const cloudAssets = new Map<string, CloudinaryAsset>()
  for (const record of cloudinary ? deleted : []) {
    const asset = cloudinary && destroyableAsset(record, cloudinary)
    if (asset) cloudAssets.set(assetKey(asset), asset)
  }
  if (candidates.length === 0 && cloudAssets.size === 0) return
  const assetMarks = [...cloudAssets.values()].map(assetReleaseId)
  try {
    await releaseUnreferenced(
      stores,
      candidates,
      async (unreferenced, remaining) => {
        logFailures(
          await Promise.allSettled(unreferenced.map((id) => removeStoredFile(stores, id))),
          'a built-in file',
        )
        if (!cloudinary || cloudAssets.size === 0) return
        const stillNamed = new Set(
          remaining.flatMap((record) => {
            const asset = cloudinaryAssetOf(record.media_url)
            return asset ? [assetKey(asset)] : []
          }),
        )
        const unused = [...cloudAssets].filter(([key]) => !stillNamed.has(key)).map(([, asset]) => asset)
        logFailures(
          await Promise.allSettled(unused.map((asset) => destroyAsset(cloudinary, asset))),
          'a Cloudinary asset',
        )
      },
      { alsoMark: assetMarks },
    )
  } catch (error) {
    console.error('Could not release the files of deleted records', error)
  }
}
