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
  for (const id of ids.slice(0, maxReads)) {
    log.checked++
    const state = await readUpload(stores.documents, id)
    if (state === null) continue
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
  }
}
