import type { MediaRecord } from '../../../src/contract/record'
import { fileIdsInUrl, fileIdsReferencedBy } from '../files/file-references'
import { releaseUnreferenced } from '../files/release-files'
import { clearReleaseMarks, staleReleaseMarks } from '../files/release-marks'
import { forEachLimited, isTrashed, operateOnRecords } from '../records/record-shards'
import { isUploadId } from '../uploads/upload-documents'
import {
  readManifest,
  removeStoredFile,
  type MediaHostSettings,
  type MediaHostStores,
} from '../uploads/upload-service'
import type { RepairLog } from './repair-log'
import { isPastExpiry, REPAIR_PARALLELISM } from './upload-repairs'

/** What the stores hold for the built-in media host, from three `list()` calls and no reads. */
interface FileInventory {
  /** Ids with a file manifest. */
  manifests: Set<string>
  /** Ids with an unfinished upload document. */
  uploads: Set<string>
  /** Chunk keys by the id they belong to. */
  chunks: Map<string, string[]>
}

async function takeInventory({ documents, bytes }: MediaHostStores): Promise<FileInventory> {
  const idsUnder = async (prefix: string) =>
    new Set((await documents.list(prefix)).map(({ key }) => key.slice(prefix.length)).filter(isUploadId))
  const [manifests, uploads, chunkKeys] = await Promise.all([
    idsUnder('files/'),
    idsUnder('uploads/'),
    bytes.list('chunks/'),
  ])
  const chunks = new Map<string, string[]>()
  for (const key of chunkKeys) {
    const id = key.split('/')[1] ?? ''
    // Never remove what this code did not write.
    if (isUploadId(id)) chunks.set(id, [...(chunks.get(id) ?? []), key])
  }
  return { manifests, uploads, chunks }
}

/** `size` items, a different window each hour, so a large library is covered over several runs. */
function rotatingWindow<T>(items: readonly T[], size: number, now: Date): T[] {
  if (items.length <= size) return [...items]
  const start = (Math.floor(now.getTime() / 3_600_000) * size) % items.length
  return [...items.slice(start), ...items.slice(0, start)].slice(0, size)
}

export interface FileCheck {
  settings: MediaHostSettings
  now: Date
  /** The most manifests read (to compare with the chunks stored) in one pass. */
  maxManifestReads: number
  /** False for a dry run: nothing is written, not even a release mark. */
  fix: boolean
}

/**
 * The invariants between records, manifests and chunks:
 * - a live record's built-in file has its manifest and every chunk it lists; a record whose file is
 *   gone cannot be mended, so it is moved to the trash, where it can still be seen, restored or purged
 *   (a trashed record without its file is the normal midpoint of a purge); a missing stored thumbnail
 *   is cleared;
 * - a file no record mentions, live or trashed, is removed once older than the upload expiry (a fresh
 *   one may be waiting for its record to be created);
 * - chunks no manifest or upload lists are removed once older than the upload expiry (a fresh one may
 *   belong to a PATCH still running).
 */
export async function checkFiles(
  stores: MediaHostStores,
  records: readonly MediaRecord[],
  log: RepairLog,
  { settings, now, maxManifestReads, fix }: FileCheck,
): Promise<void> {
  if (fix) await clearStaleReleaseMarks(stores, now)
  const inventory = await takeInventory(stores)
  const manifestIds = [...inventory.manifests]
  if (manifestIds.length > maxManifestReads) log.stoppedShort()
  const listedChunks = new Map<string, Set<string>>()
  await forEachLimited(rotatingWindow(manifestIds, maxManifestReads, now), REPAIR_PARALLELISM, async (id) => {
    const manifest = await readManifest(stores.documents, id)
    if (manifest) listedChunks.set(id, new Set(manifest.chunks.map((chunk) => chunk.key)))
  })
  const isIntact = (id: string) => {
    // An upload still in its document is settled by `settleUploads`, or is not finished yet.
    if (inventory.uploads.has(id)) return true
    if (!inventory.manifests.has(id)) return false
    const listed = listedChunks.get(id)
    const stored = new Set(inventory.chunks.get(id) ?? [])
    return listed === undefined || [...listed].every((key) => stored.has(key))
  }

  await mendRecordsWithoutFiles(stores, records, isIntact, log, now)
  const removed = await removeUnreferencedFiles(stores, records, inventory, log, { settings, now, fix })
  await removeOrphanChunks(stores, inventory, listedChunks, removed, log, settings, now)
}

/**
 * A live record whose file is gone goes to the trash; one whose stored thumbnail is gone only loses
 * the thumbnail (the screen then shows the type's placeholder).
 */
async function mendRecordsWithoutFiles(
  stores: MediaHostStores,
  records: readonly MediaRecord[],
  isIntact: (id: string) => boolean,
  log: RepairLog,
  now: Date,
): Promise<void> {
  const live = records.filter((record) => !isTrashed(record))
  const missing = (url: string | null) => fileIdsInUrl(url).some((id) => !isIntact(id))
  const withoutFile = live.filter((record) => missing(record.media_url))
  const withoutThumbnail = live.filter((record) => !missing(record.media_url) && missing(record.thumbnail))
  await log.found(
    withoutFile.map((record) => ({
      kind: 'record-without-file' as const,
      subject: `record ${String(record.id)}`,
      detail: `its file ${record.media_url} is gone; moving the record to the trash`,
    })),
    () =>
      operateOnRecords(
        stores.documents,
        withoutFile.map((record) => record.id),
        (current, _id, position) =>
          current && current.media_url === withoutFile[position]?.media_url
            ? { record: { ...current, deleted_at: now.toISOString() }, result: undefined }
            : { result: undefined },
      ),
  )
  await log.found(
    withoutThumbnail.map((record) => ({
      kind: 'thumbnail-without-file' as const,
      subject: `record ${String(record.id)}`,
      detail: `its thumbnail ${record.thumbnail ?? ''} is gone; clearing it`,
    })),
    () =>
      operateOnRecords(
        stores.documents,
        withoutThumbnail.map((record) => record.id),
        (current, _id, position) =>
          current && current.thumbnail === withoutThumbnail[position]?.thumbnail
            ? { record: { ...current, thumbnail: null }, result: undefined }
            : { result: undefined },
      ),
  )
}

/**
 * Marks left by a remover that died (older than `STALE_MARK_MS`) would keep records from taking their
 * files for good: cleared, without a finding, since nothing is broken until then.
 */
async function clearStaleReleaseMarks(stores: MediaHostStores, now: Date): Promise<void> {
  const stale = await staleReleaseMarks(stores.documents, now)
  if (stale.length > 0) await clearReleaseMarks(stores.documents, stale)
}

/**
 * Files no record references, past the upload expiry, are removed under release marks (see
 * release-marks.ts): marked, the records read once more, then removed only if still unreferenced, so a
 * record created since the pass read the records keeps its file. Returns the ids whose files it removed.
 */
async function removeUnreferencedFiles(
  stores: MediaHostStores,
  records: readonly MediaRecord[],
  inventory: FileInventory,
  log: RepairLog,
  { settings, now, fix }: { settings: MediaHostSettings; now: Date; fix: boolean },
): Promise<Set<string>> {
  log.checked += inventory.manifests.size
  const referenced = fileIdsReferencedBy(records)
  const candidates = [...inventory.manifests].filter(
    (id) => !referenced.has(id) && isPastExpiry(id, settings, now),
  )
  if (candidates.length === 0) return new Set()
  const removed = new Set<string>()
  await releaseUnreferenced(
    stores,
    candidates,
    (unused) =>
      // Every removal settles before the marks are cleared: `log.found` catches a failed one.
      forEachLimited(unused, REPAIR_PARALLELISM, (id) =>
        log.found(
          [
            {
              kind: 'unreferenced-file',
              subject: `file ${id}`,
              detail: 'no record points at it; removing it',
            },
          ],
          async () => {
            await removeStoredFile(stores, id)
            removed.add(id)
          },
        ),
      ),
    { mark: fix },
  )
  return removed
}

async function removeOrphanChunks(
  stores: MediaHostStores,
  inventory: FileInventory,
  listedChunks: ReadonlyMap<string, ReadonlySet<string>>,
  removedFiles: ReadonlySet<string>,
  log: RepairLog,
  settings: MediaHostSettings,
  now: Date,
): Promise<void> {
  log.checked += inventory.chunks.size
  const orphansById = [...inventory.chunks].flatMap(([id, keys]) => {
    if (removedFiles.has(id) || inventory.uploads.has(id) || !isPastExpiry(id, settings, now)) return []
    const listed = listedChunks.get(id)
    // A manifest not read this pass cannot tell its strays from its chunks: next pass.
    if (inventory.manifests.has(id) && listed === undefined) return []
    const orphans = keys.filter((key) => !listed?.has(key))
    return orphans.length === 0 ? [] : [{ id, orphans }]
  })
  await forEachLimited(orphansById, REPAIR_PARALLELISM, ({ id, orphans }) =>
    log.found(
      [
        {
          kind: 'orphan-chunks',
          subject: `chunks ${id}`,
          detail: `${String(orphans.length)} chunk(s) no manifest or upload lists; removing them`,
        },
      ],
      () => Promise.all(orphans.map((key) => stores.bytes.remove(key))),
    ),
  )
}
