import { forEachLimited } from '../records/record-shards'
import { createdAtOfId, isUploadId, uploadKey } from '../uploads/upload-documents'
import {
  finishUpload,
  readManifest,
  readUpload,
  removeStoredFile,
  type MediaHostSettings,
  type MediaHostStores,
} from '../uploads/upload-service'
import type { RepairLog } from './repair-log'

const UPLOADS_PREFIX = 'uploads/'

/** Store calls a pass keeps in flight at once: fast enough for a 30 s scheduled run, gentle on Blobs. */
export const REPAIR_PARALLELISM = 8

/** Whether an upload (or file) with this id was created longer than the upload expiry ago. */
export function isPastExpiry(id: string, settings: MediaHostSettings, now: Date): boolean {
  return createdAtOfId(id) + settings.expiryMs < now.getTime()
}

/**
 * Settles upload documents left behind: an upload holding every byte whose manifest was never written
 * is finished (a record may already be waiting for it); an unfinished upload past its expiry is removed
 * with its chunks, as the hourly sweep would. Reads at most `maxReads` upload documents.
 */
export async function settleUploads(
  stores: MediaHostStores,
  settings: MediaHostSettings,
  now: Date,
  log: RepairLog,
  maxReads: number,
): Promise<void> {
  const ids = (await stores.documents.list(UPLOADS_PREFIX))
    .map(({ key }) => key.slice(UPLOADS_PREFIX.length))
    .filter(isUploadId)
  if (ids.length > maxReads) log.stoppedShort()
  await forEachLimited(ids.slice(0, maxReads), REPAIR_PARALLELISM, async (id) => {
    log.checked++
    const state = await readUpload(stores.documents, id)
    if (state === null) return
    if (state.offset === state.length) {
      await log.found(
        [
          {
            kind: 'upload-not-finished',
            subject: `upload ${id}`,
            detail: 'holds every byte but has no file manifest; finishing it',
          },
        ],
        () => finishUpload(stores, state, now),
      )
    } else if (isPastExpiry(id, settings, now)) {
      await log.found(
        [{ kind: 'expired-upload', subject: `upload ${id}`, detail: 'expired; removing it and its chunks' }],
        async () => {
          // A finished file whose upload document outlived it only loses that document.
          if (await readManifest(stores.documents, id)) await stores.documents.remove(uploadKey(id))
          else await removeStoredFile(stores, id)
        },
      )
    }
  })
}
