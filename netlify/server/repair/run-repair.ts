import { readAllRecords } from '../records/record-pages'
import type { MediaHostSettings, MediaHostStores } from '../uploads/upload-service'
import { checkFiles } from './file-repairs'
import { finishStuckFolderDeletes, rehomeStrandedRecords } from './folder-repairs'
import { RepairLog, type RepairReport } from './repair-log'
import { settleUploads } from './upload-repairs'

export interface RepairOptions {
  now?: Date
  /** False for a dry run that only reports. */
  fix?: boolean
  /**
   * The most violations one pass fixes; the rest are reported and left for the next pass. The defaults
   * keep a pass well inside the 30 s a scheduled function may run, at about 100 ms per Blobs call.
   */
  maxRepairs?: number
  /** The most upload documents and the most file manifests one pass reads. */
  maxReads?: number
}

/**
 * Checks the invariants that a request failing midway can break, and fixes what it finds: folders
 * stuck being deleted, records in folders that are gone, uploads stuck between their last byte and
 * their file, live records whose file is gone, and stored bytes nobody points at. Each fix is one of
 * the idempotent steps the services themselves use, so a pass may run alongside requests, may fail
 * midway, and a second pass after a complete one finds nothing. The order matters: deletes finish
 * before records are re-homed, and uploads finish before records are checked for their files.
 */
export async function runRepair(
  stores: MediaHostStores,
  settings: MediaHostSettings,
  { now = new Date(), fix = true, maxRepairs = 100, maxReads = 200 }: RepairOptions = {},
): Promise<RepairReport> {
  const log = new RepairLog(fix, maxRepairs)
  await finishStuckFolderDeletes(stores.documents, log)
  await settleUploads(stores, settings, now, log, maxReads)
  const records = await readAllRecords(stores.documents)
  await rehomeStrandedRecords(stores.documents, records, log)
  await checkFiles(stores, records, log, { settings, now, maxManifestReads: maxReads, fix })
  return log.report()
}
