import type { DocumentStore } from '../storage/document-store'

/**
 * Where share links are kept (decisions 0041, 0063). Apart from `share-links.ts` so that purging files,
 * which sweeps their links, carries none of the signing and serving.
 *
 * A file's links are one document, `share-links/{file id}`, changed only by compare-and-swap, so the
 * per-file limit holds however many are made at once. Links made before 0063 are one document each,
 * `shares/{file id}/{random}`: never written any more, still opened, listed, revoked and purged until
 * the last of them expires (30 days at most after the change was deployed).
 */
export const SHARE_LINKS_PREFIX = 'share-links/'

export const shareLinksKey = (fileId: number) => `${SHARE_LINKS_PREFIX}${String(fileId)}`

/** The folder of the links made before 0063, one document each. */
export const LEGACY_SHARE_PREFIX = 'shares/'

export const legacySharesPrefixOf = (fileId: number) => `${LEGACY_SHARE_PREFIX}${String(fileId)}/`

/** The file id a share key names (either layout), or null for a key not shaped like one. */
function fileIdOfKey(key: string): number | null {
  const match = /^(?:share-links\/(\d{1,16})$|shares\/(\d{1,16})\/)/.exec(key)
  const id = match?.[1] ?? match?.[2]
  return id === undefined ? null : Number(id)
}

/** Share documents removed at once: a purge of 500 files stays a bounded fan-out. */
const REMOVALS_AT_ONCE = 50

/**
 * Removes every share link of the files `fileIds`, which were deleted for good: their links would
 * only answer that the file is gone, until they expired. One file's links are its document and one
 * listing of its older links; more files' are one listing of each layout, so a purge of many files
 * costs two listings, not two per file.
 */
export async function removeSharesOf(documents: DocumentStore, fileIds: readonly number[]): Promise<void> {
  const wanted = new Set(fileIds)
  const [only] = wanted
  if (only === undefined) return
  const keys =
    wanted.size === 1
      ? [shareLinksKey(only), ...(await documents.list(legacySharesPrefixOf(only))).map(({ key }) => key)]
      : (await Promise.all([documents.list(SHARE_LINKS_PREFIX), documents.list(LEGACY_SHARE_PREFIX)]))
          .flat()
          .map(({ key }) => key)
          .filter((key) => wanted.has(fileIdOfKey(key) ?? 0))
  for (let start = 0; start < keys.length; start += REMOVALS_AT_ONCE) {
    await Promise.all(keys.slice(start, start + REMOVALS_AT_ONCE).map((key) => documents.remove(key)))
  }
}
